import CSHA256

/// SHA-256 (FIPS 180-4): the `'sha256-…'` source that lets a page's one script run under its CSP, and the digest every
/// memo key is made of (``Digest``), so it runs on whole blocks in place, with no copy of the message, and on the CPU's
/// SHA instructions where it has them (the CSHA256 target; this file's compression function elsewhere).
enum SHA256 {
    /// The 32-byte digest of `bytes`.
    static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let sha = bytes.withContiguousStorageIfAvailable { Self.words(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { Self.words($0) }
        return sha.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    /// The digest of `message` as its eight 32-bit words, big-endian as the bytes are; `hardware: false` never uses
    /// the CPU's SHA instructions (a test compares the two).
    static func words(_ message: UnsafeRawBufferPointer, hardware: Bool = true) -> [UInt32] {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
                           0x5be0cd19]
        let whole = message.count / 64 * 64
        // The round constants (FIPS 180-4, 4.2.2), from the C target that uses them too.
        let k = UnsafeBufferPointer(start: pw_sha256_constants(), count: 64)
        h.withUnsafeMutableBufferPointer { h in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                compress(UnsafeRawBufferPointer(rebasing: message[..<whole]), into: h, w, k, hardware: hardware)
                // The tail, the 0x80 byte, zeros and the length in bits: one block or two.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                    let rest = message.count - whole
                    let length = rest < 56 ? 64 : 128
                    tail.initialize(repeating: 0)
                    for index in 0..<rest { tail[index] = message[whole + index] }
                    tail[rest] = 0x80
                    let bits = UInt64(message.count) &* 8
                    for index in 0..<8 {
                        tail[length - 1 - index] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * index))
                    }
                    let blocks = UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: tail[..<length]))
                    compress(blocks, into: h, w, k, hardware: hardware)
                }
            }
        }
        return h
    }

    /// Runs whole 64-byte blocks through the compression function.
    private static func compress(_ blocks: UnsafeRawBufferPointer, into h: UnsafeMutableBufferPointer<UInt32>,
                                 _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>,
                                 hardware: Bool) {
        guard let start = blocks.baseAddress, !blocks.isEmpty else { return }
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        if hardware, pw_sha256_blocks(h.baseAddress!, bytes, blocks.count / 64) != 0 { return }
        for block in stride(from: 0, to: blocks.count, by: 64) {
            compress(UnsafeRawBufferPointer(rebasing: blocks[block..<block + 64]), into: h, w, k)
        }
    }

    private static func compress(_ block: UnsafeRawBufferPointer, into h: UnsafeMutableBufferPointer<UInt32>,
                                 _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>) {
        for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
        for i in 16..<64 {
            let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
            let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        for i in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
        }
        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
        h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
