import Synchronization

/// The SHA-256 of a value's canonical bytes (``DigestEncoder``): the key of every memo of a build
/// (``BuildCache``), made by this one function from exactly the value a stage receives, never from fields listed by
/// hand. Two values have one digest only when their bytes are the same (text by its bytes, not by Unicode equality).
public struct Digest: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// The 32 bytes, as four big-endian words: compared and hashed as machine words.
    private let w0, w1, w2, w3: UInt64

    /// The digest of `value`. A value whose `encode(to:)` throws has a digest no other value has, not even an equal
    /// one: a memo never answers for it.
    public init(of value: some Encodable) {
        self.init(bytes: DigestEncoder.bytes(of: value))
    }

    /// The digest of `value` after `prefix`, the digest of what else a value is made from: `value`'s bytes behind the
    /// prefix's, with no container around the pair (a build takes a few for every page).
    init(after prefix: Digest, of value: some Encodable) {
        self.init(bytes: DigestEncoder.bytes(after: prefix, of: value))
    }

    private init(bytes: [UInt8]?) {
        guard let bytes else {
            (w0, w1, w2, w3) = (.max, UInt64(Self.unmatched.add(1, ordering: .relaxed).newValue), .max, .max)
            return
        }
        let sha = bytes.withUnsafeBytes { SHA256.words($0) }
        func word(_ index: Int) -> UInt64 { UInt64(sha[2 * index]) << 32 | UInt64(sha[2 * index + 1]) }
        (w0, w1, w2, w3) = (word(0), word(1), word(2), word(3))
    }

    /// How many values had a digest of their own (``init(of:)``).
    private static let unmatched = Atomic<Int>(0)

    /// Appends the 32 bytes.
    func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: (w0.bigEndian, w1.bigEndian, w2.bigEndian, w3.bigEndian)) { bytes += $0 }
    }

    /// The 32 bytes in hexadecimal.
    public var description: String {
        [w0, w1, w2, w3].map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.utf8.count) + hex
        }.joined()
    }

    /// Another value's digest names a digest by its 32 bytes (``DigestEncoder``); any other encoder, by its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A value that goes into another's digest by its own digest, taken once: a value that many others hold (a page's
/// summary in every locale that shows the page) is encoded once, not once for each.
public struct Digested<Value: Encodable & Sendable>: Encodable, Sendable {
    public let value: Value
    public let digest: Digest

    public init(_ value: Value) {
        self.value = value
        digest = Digest(of: value)
    }

    public func encode(to encoder: any Encoder) throws { try digest.encode(to: encoder) }
}

/// A value made from others of the same value that are digested (a page body's template, from the body): it adds
/// nothing to a digest of its own.
@propertyWrapper
public struct MadeFromDigested<Value: Sendable>: Sendable, Encodable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: any Encoder) throws {}
}
