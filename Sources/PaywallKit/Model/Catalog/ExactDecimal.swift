#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Decimal` as its exact representation (its 20 bytes), for cache keys: hashed and compared without arithmetic
/// (hashing a `Decimal` converts it to a `Double`). Equal keys are the same digits and exponent; "1.0" and "1.00"
/// (which may be written differently) are two keys.
struct ExactDecimal: Hashable, Sendable {
    private var head: UInt32, low: UInt64, high: UInt64

    init(_ value: Decimal) {
        precondition(MemoryLayout<Decimal>.size == 20, "a Decimal is 20 bytes")
        (head, low, high) = withUnsafeBytes(of: value) { bytes in
            (bytes.loadUnaligned(as: UInt32.self), bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self),
             bytes.loadUnaligned(fromByteOffset: 12, as: UInt64.self))
        }
    }
}
