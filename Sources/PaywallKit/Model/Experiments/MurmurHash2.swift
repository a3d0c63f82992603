/// nginx's `ngx_murmur_hash2`: Austin Appleby's 32-bit MurmurHash2 with seed 0, over bytes, as `split_clients`
/// hashes its key. The function `experiments.json` names, so that an app, an edge worker and nginx agree.
public enum MurmurHash2 {
    static let m: UInt32 = 0x5bd1_e995

    /// The hash of `bytes`.
    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var h = UInt32(truncatingIfNeeded: bytes.count)
        var index = bytes.startIndex
        var left = bytes.count
        while left >= 4 {
            var k = UInt32(bytes[index])
            k |= UInt32(bytes[bytes.index(index, offsetBy: 1)]) << 8
            k |= UInt32(bytes[bytes.index(index, offsetBy: 2)]) << 16
            k |= UInt32(bytes[bytes.index(index, offsetBy: 3)]) << 24
            k &*= m
            k ^= k >> 24
            k &*= m
            h &*= m
            h ^= k
            index = bytes.index(index, offsetBy: 4)
            left -= 4
        }
        if left > 0 {
            if left == 3 { h ^= UInt32(bytes[bytes.index(index, offsetBy: 2)]) << 16 }
            if left >= 2 { h ^= UInt32(bytes[bytes.index(index, offsetBy: 1)]) << 8 }
            h ^= UInt32(bytes[index])
            h &*= m
        }
        h ^= h >> 13
        h &*= m
        h ^= h >> 15
        return h
    }

    /// The hash of `text`'s UTF-8.
    public static func hash(_ text: String) -> UInt32 { hash(Array(text.utf8)) }
}
