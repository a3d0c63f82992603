import CQRencode

/// A QR code's modules, made by libqrencode (the only file that imports CQRencode): the link a plain page shows
/// for a visitor on a wide screen to scan with a phone.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version).
    public var size: Int
    /// The symbol version (1…40).
    public var version: Int
    /// Row by row, `size × size`: true where a module is dark.
    public var modules: [Bool]

    /// `text` encoded at error correction level M (15% of the symbol may be lost), the smallest version that holds
    /// it, in the mix of modes that makes it shortest; nil when libqrencode cannot (text over 2,331 bytes, or no
    /// memory).
    public init?(_ text: String) {
        guard !text.utf8.contains(0), let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            return nil
        }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        version = Int(code.pointee.version)
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at (`x`, `y`) is dark.
    public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// libqrencode's version, as it states it (`4.1.1`).
    public static var libraryVersion: String { String(cString: QRcode_APIVersionString()) }
}
