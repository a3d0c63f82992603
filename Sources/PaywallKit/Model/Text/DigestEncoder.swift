#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Writes any `Encodable` value as canonical bytes, the text a ``Digest`` is taken of: every value tagged by its kind,
/// strings and data by their length and exact bytes (never Unicode-equal text), every value but a text, integer or
/// truth value (whose tag says where it ends) framed by its length, so that two values give the same bytes only when
/// they are the same value. Sets and dictionaries, whose order differs from one copy to the next, are written in the
/// order of their elements' bytes.
struct DigestEncoder: Encoder {
    /// Where the bytes go, shared by the containers of one value.
    final class Sink {
        /// Written by one thread, never while another access to it is open: unchecked, since a dynamic check on each
        /// append costs more than the append.
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// Shared by the sinks of one value: set when a value's own `encode(to:)` threw, so that its bytes are not
        /// the whole value.
        let failure: Failure
        /// Nested containers, written apart (their end is known only when the value is done) and framed in at their
        /// places by `splice(from:)`.
        private var nested: [(at: Int, sink: Sink)] = []

        init(failure: Failure = Failure()) {
            self.failure = failure
            bytes.reserveCapacity(256)   // a memo key's input: grown once, if at all
        }

        /// A sink for a container nested at this point.
        func nestedSink() -> Sink {
            let sink = Sink(failure: failure)
            nested.append((bytes.count, sink))
            return sink
        }

        /// Frames in the nested containers made since `start`, last first so that the earlier places stay true.
        func splice(from start: Int) {
            while let last = nested.last, last.at >= start {
                nested.removeLast()
                last.sink.splice(from: 0)
                var framed: [UInt8] = [Tag.value.rawValue]
                withUnsafeBytes(of: UInt64(last.sink.bytes.count).littleEndian) { framed += $0 }
                framed += last.sink.bytes
                bytes.insert(contentsOf: framed, at: last.at)
            }
        }

        func tag(_ tag: Tag) { bytes.append(tag.rawValue) }
        func count(_ count: Int) { withUnsafeBytes(of: UInt64(count).littleEndian) { bytes += $0 } }
        func text(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                count(utf8.count)
                bytes += utf8
            }
        }
    }

    enum Tag: UInt8 {
        case null = 0, no, yes, signed, unsigned, double, string, data, keyed, unkeyed, unordered, value, digest
    }

    let sink: Sink
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Whether any part of one value failed to encode.
    final class Failure {
        var happened = false
    }

    /// The canonical bytes of `value`; nil when its `encode(to:)` threw (none of the project's does), since the bytes
    /// written until then may be another value's too.
    static func bytes(of value: some Encodable) -> [UInt8]? {
        let failure = Failure()
        let bytes = framed(value, failure: failure)
        return failure.happened ? nil : bytes
    }

    /// The bytes of `value` after the tagged bytes of `prefix`: they never begin as a value's own do, and the prefix
    /// has one length, so two are the same only for the same prefix and value.
    static func bytes(after prefix: Digest, of value: some Encodable) -> [UInt8]? {
        let sink = Sink()
        sink.tag(.digest)
        prefix.append(to: &sink.bytes)
        write(value, into: sink)
        return sink.failure.happened ? nil : sink.bytes
    }

    /// `value`'s framed bytes, written apart; a failure in it is `failure`'s.
    private static func framed(_ value: some Encodable, failure: Failure) -> [UInt8] {
        let sink = Sink(failure: failure)
        write(value, into: sink)
        return sink.bytes
    }

    /// `value`'s bytes after its length, so that where one value ends and the next begins is never in doubt; text, an
    /// integer or a truth value (an array's items, most often) by its own tagged bytes, whose length its tag says.
    static func write<Value: Encodable>(_ value: Value, into sink: Sink) {
        let writer = Writer(sink: sink)
        if Value.self == String.self { return writer.string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return writer.signed(unsafeBitCast(value, to: Int.self)) }
        if Value.self == Bool.self { return writer.bool(unsafeBitCast(value, to: Bool.self)) }
        sink.tag(.value)
        let start = sink.bytes.count
        sink.count(0)
        writeUnframed(value, into: sink)
        sink.splice(from: start)
        let length = UInt64(sink.bytes.count - start - 8).littleEndian
        withUnsafeBytes(of: length) { bytes in
            for index in 0..<8 { sink.bytes[start + index] = bytes[index] }
        }
    }

    /// The kinds written apart from `encode(to:)`, found by casting once per type: a cast to a protocol costs more
    /// than the rest of a small value's bytes.
    private enum Special { case digest, unordered, data, none }
    private static let specials = Mutex<[ObjectIdentifier: Special]>([:])

    private static func special(_ value: some Encodable) -> Special {
        specials.kept(ObjectIdentifier(type(of: value))) {
            value is Digest ? .digest : value is any DigestUnordered ? .unordered : value is Data ? .data : .none
        }
    }

    private static func writeUnframed(_ value: some Encodable, into sink: Sink) {
        let special = special(value)
        if special == .digest, let digest = value as? Digest {
            sink.tag(.digest)
            digest.append(to: &sink.bytes)
        } else if special == .unordered, let value = value as? any DigestUnordered {
            var items = value.digestItems.map { framed($0, failure: sink.failure) }
            items.sort { $0.lexicographicallyPrecedes($1) }
            sink.tag(.unordered)
            sink.count(items.count)
            for item in items {
                sink.count(item.count)
                sink.bytes += item
            }
        } else if special == .data, let data = value as? Data {
            sink.tag(.data)
            sink.count(data.count)
            sink.bytes += data
        } else {
            // This encoder throws nothing; an error is the value's own.
            do { try value.encode(to: DigestEncoder(sink: sink)) } catch { sink.failure.happened = true }
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.tag(.keyed)
        return KeyedEncodingContainer(Keyed(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.tag(.unkeyed)
        return Unkeyed(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }
}

/// A collection whose order means nothing (a set, a dictionary): digested as its items sorted by their bytes.
protocol DigestUnordered {
    var digestItems: [any Encodable] { get }
}

extension Set: DigestUnordered where Element: Encodable {
    var digestItems: [any Encodable] { Array(self) }
}

extension Dictionary: DigestUnordered where Key: Encodable, Value: Encodable {
    var digestItems: [any Encodable] { map { DigestPair(key: $0.key, value: $0.value) } }
}

private struct DigestPair<Key: Encodable, Value: Encodable>: Encodable {
    var key: Key, value: Value
}

extension DigestEncoder {
    /// Writes a value of any kind after a tag: the shared part of the three containers.
    struct Writer {
        let sink: Sink

        func null() { sink.tag(.null) }
        func bool(_ value: Bool) { sink.tag(value ? .yes : .no) }
        func string(_ value: String) {
            sink.tag(.string)
            sink.text(value)
        }
        func double(_ value: Double) {
            sink.tag(.double)
            withUnsafeBytes(of: value.bitPattern.littleEndian) { sink.bytes += $0 }
        }
        func signed(_ value: some FixedWidthInteger & SignedInteger) {
            sink.tag(.signed)
            withUnsafeBytes(of: Int64(value).littleEndian) { sink.bytes += $0 }
        }
        func unsigned(_ value: some FixedWidthInteger & UnsignedInteger) {
            sink.tag(.unsigned)
            withUnsafeBytes(of: UInt64(value).littleEndian) { sink.bytes += $0 }
        }
        func value(_ value: some Encodable) { DigestEncoder.write(value, into: sink) }
    }
}
