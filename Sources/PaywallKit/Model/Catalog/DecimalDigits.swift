#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Decimal.description` for a price, read from the value's 20 bytes: `description` costs as much as formatting the
/// price with ICU, and every price shown is written this way first. The fields' places (the exponent, then the
/// significand's length and sign in one byte, then its 16-bit words) differ by platform in the order of that byte's
/// bits; the layout used is the one that reads sample values as `description` writes them, else none is.
enum DecimalDigits {
    /// Where the length sits in the flags byte: its high half (swift-foundation) or its low half (Darwin's NSDecimal).
    case lengthHigh, lengthLow

    static let layout: DecimalDigits? =
        MemoryLayout<Decimal>.size != 20 ? nil : [lengthHigh, lengthLow].first { layout in
            ["-12.340", "7800", "0.05", "0", "49.99", "123456789012.345678"].allSatisfy { text in
                let value = Decimal(string: text)!
                return layout.plain(value) == value.description
            }
        }

    /// The digits of a value with at most 64 significant bits and an exponent within ±19; nil for any other.
    func plain(_ value: Decimal) -> String? {
        withUnsafeBytes(of: value) { bytes -> String? in
            let exponent = Int(Int8(bitPattern: bytes[0])), flags = bytes[1]
            let (length, negative) = switch self {
            case .lengthHigh: (Int(flags >> 4), flags & 0x08 != 0)
            case .lengthLow: (Int(flags & 0x0F), flags & 0x10 != 0)
            }
            guard length <= 4, exponent < 20, exponent > -20, !(length == 0 && negative) else { return nil }
            var significand: UInt64 = 0
            for word in stride(from: length - 1, through: 0, by: -1) {
                significand = significand << 16 | UInt64(bytes.loadUnaligned(fromByteOffset: 4 + 2 * word,
                                                                             as: UInt16.self))
            }
            var digits = Array(String(significand).utf8)
            if exponent > 0 && significand != 0 { digits += repeatElement(UInt8(ascii: "0"), count: exponent) }
            if exponent < 0 {
                let fraction = -exponent
                if digits.count <= fraction {
                    digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: fraction - digits.count + 1),
                                  at: 0)
                }
                digits.insert(UInt8(ascii: "."), at: digits.count - fraction)
            }
            if negative && significand != 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
            return String(decoding: digits, as: UTF8.self)
        }
    }
}
