/// The SHA-256 of a value's canonical bytes (``DigestEncoder``): the key of every memo of a build
/// (``BuildCache``), made by this one function from exactly the value a stage receives, never from fields listed by
/// hand. Two values have one digest only when their bytes are the same (text by its bytes, not by Unicode equality).
public struct Digest: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// The 32 bytes in hexadecimal.
    public let description: String

    /// The digest of `value`.
    public init(of value: some Encodable) {
        let digits = Array("0123456789abcdef".utf8)
        description = String(decoding: SHA256.digest(DigestEncoder.bytes(of: value)).flatMap {
            [digits[Int($0 >> 4)], digits[Int($0 & 15)]]
        }, as: UTF8.self)
    }

    /// A digest goes into another value's digest as its text: a stage's input names what it was made from by digest.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A value made from others of the same value that are digested (a page body's template, from the body): it adds
/// nothing to a digest of its own.
@propertyWrapper
public struct MadeFromDigested<Value: Sendable>: Sendable, Encodable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: any Encoder) throws {}
}
