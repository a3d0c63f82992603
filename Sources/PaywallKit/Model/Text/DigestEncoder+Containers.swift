extension DigestEncoder {
    /// A keyed container: each key's text, then its value.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        private var writer: Writer { Writer(sink: sink) }

        init(sink: Sink) { self.sink = sink }

        private func key(_ key: Key) { sink.text(key.stringValue) }

        mutating func encodeNil(forKey key: Key) { self.key(key); writer.null() }
        mutating func encode(_ value: Bool, forKey key: Key) { self.key(key); writer.bool(value) }
        mutating func encode(_ value: String, forKey key: Key) { self.key(key); writer.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) { self.key(key); writer.double(value) }
        mutating func encode(_ value: Float, forKey key: Key) { self.key(key); writer.double(Double(value)) }
        mutating func encode(_ value: Int, forKey key: Key) { self.key(key); writer.signed(value) }
        mutating func encode(_ value: Int8, forKey key: Key) { self.key(key); writer.signed(value) }
        mutating func encode(_ value: Int16, forKey key: Key) { self.key(key); writer.signed(value) }
        mutating func encode(_ value: Int32, forKey key: Key) { self.key(key); writer.signed(value) }
        mutating func encode(_ value: Int64, forKey key: Key) { self.key(key); writer.signed(value) }
        mutating func encode(_ value: UInt, forKey key: Key) { self.key(key); writer.unsigned(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) { self.key(key); writer.unsigned(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) { self.key(key); writer.unsigned(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) { self.key(key); writer.unsigned(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) { self.key(key); writer.unsigned(value) }
        mutating func encode(_ value: some Encodable, forKey key: Key) { self.key(key); writer.value(value) }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type,
                                                         forKey key: Key) -> KeyedEncodingContainer<Nested> {
            self.key(key)
            return DigestEncoder(sink: sink.nestedSink()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            self.key(key)
            return DigestEncoder(sink: sink.nestedSink()).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            sink.text("super")
            return DigestEncoder(sink: sink.nestedSink())
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            self.key(key)
            return DigestEncoder(sink: sink.nestedSink())
        }
    }

    /// An unkeyed container: its values in order.
    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        private(set) var count = 0
        private var writer: Writer { Writer(sink: sink) }

        init(sink: Sink) { self.sink = sink }

        mutating func encodeNil() { count += 1; writer.null() }
        mutating func encode(_ value: Bool) { count += 1; writer.bool(value) }
        mutating func encode(_ value: String) { count += 1; writer.string(value) }
        mutating func encode(_ value: Double) { count += 1; writer.double(value) }
        mutating func encode(_ value: Float) { count += 1; writer.double(Double(value)) }
        mutating func encode(_ value: Int) { count += 1; writer.signed(value) }
        mutating func encode(_ value: Int8) { count += 1; writer.signed(value) }
        mutating func encode(_ value: Int16) { count += 1; writer.signed(value) }
        mutating func encode(_ value: Int32) { count += 1; writer.signed(value) }
        mutating func encode(_ value: Int64) { count += 1; writer.signed(value) }
        mutating func encode(_ value: UInt) { count += 1; writer.unsigned(value) }
        mutating func encode(_ value: UInt8) { count += 1; writer.unsigned(value) }
        mutating func encode(_ value: UInt16) { count += 1; writer.unsigned(value) }
        mutating func encode(_ value: UInt32) { count += 1; writer.unsigned(value) }
        mutating func encode(_ value: UInt64) { count += 1; writer.unsigned(value) }
        mutating func encode(_ value: some Encodable) { count += 1; writer.value(value) }

        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) -> KeyedEncodingContainer<Nested> {
            count += 1
            return DigestEncoder(sink: sink.nestedSink()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return DigestEncoder(sink: sink.nestedSink()).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            count += 1
            return DigestEncoder(sink: sink.nestedSink())
        }
    }

    /// One value.
    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] = []
        private var writer: Writer { Writer(sink: sink) }

        mutating func encodeNil() { writer.null() }
        mutating func encode(_ value: Bool) { writer.bool(value) }
        mutating func encode(_ value: String) { writer.string(value) }
        mutating func encode(_ value: Double) { writer.double(value) }
        mutating func encode(_ value: Float) { writer.double(Double(value)) }
        mutating func encode(_ value: Int) { writer.signed(value) }
        mutating func encode(_ value: Int8) { writer.signed(value) }
        mutating func encode(_ value: Int16) { writer.signed(value) }
        mutating func encode(_ value: Int32) { writer.signed(value) }
        mutating func encode(_ value: Int64) { writer.signed(value) }
        mutating func encode(_ value: UInt) { writer.unsigned(value) }
        mutating func encode(_ value: UInt8) { writer.unsigned(value) }
        mutating func encode(_ value: UInt16) { writer.unsigned(value) }
        mutating func encode(_ value: UInt32) { writer.unsigned(value) }
        mutating func encode(_ value: UInt64) { writer.unsigned(value) }
        mutating func encode(_ value: some Encodable) { writer.value(value) }
    }
}
