#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A short, stable content hash (64 bits) for file names and the manifest; not for security.
public enum ContentHash {
    /// FNV-1a over 8-byte words (then the tail byte by byte), so a page hashes at memory speed; hex, 16 digits.
    public static func hex(_ data: Data) -> String {
        data.withUnsafeBytes { hex($0) }
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = bytes.count / 8
        for index in 0..<words {
            hash ^= bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self).littleEndian
            hash = (hash &* 0x100_0000_01b3).rotatedLeft(27)
        }
        for byte in bytes[(words * 8)...] {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        hash ^= UInt64(bytes.count)
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 { buffer[index] = digits[Int((hash >> (60 - 4 * UInt64(index))) & 15)] }
            return 16
        }
    }

    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
