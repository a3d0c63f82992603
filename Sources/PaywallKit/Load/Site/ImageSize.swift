#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pixel size of a PNG or JPEG file, read from its header (PNG's IHDR, JPEG's start-of-frame segment): what a
/// link preview (Open Graph, X's card) can show. nil for any other format or a file too short to say.
struct ImageSize: Equatable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
    }

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(1 << 20))
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= bytes.count else { return nil }
            return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8), let width = big(16, 4),
                  let height = big(20, 4) else { return nil }
            self.init(width: width, height: height)
            return
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var at = 2
        // Segments: FF, a marker, a two-byte length (which counts itself); SOF0…SOF15 (not DHT, JPG or DAC) hold the
        // size.
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            guard let length = big(at + 2, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = big(at + 5, 2), let width = big(at + 7, 2) else { return nil }
                self.init(width: width, height: height)
                return
            }
            at += 2 + length
        }
        return nil
    }
}
