import Foundation

/// A short, stable content hash (64-bit FNV-1a) for file names and the manifest; not for security.
public enum ContentHash {
    public static func hex(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex(_ text: String) -> String { hex(Data(text.utf8)) }
}
