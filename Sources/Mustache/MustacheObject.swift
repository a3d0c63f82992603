/// The members of a Mustache object: values by name, in the order the names were first set.
///
/// Build one with a literal, `["title": "Pro", "price": 9]`, and change it with the subscript. Each
/// member keeps a cheap hash of its name (``MustacheName``), and a template tag's names are hashed
/// once when the template is parsed, so looking a tag up in a context costs no `Hasher` run: a
/// scan of the hashes for small objects, a probe of an index table for larger ones.
public struct MustacheObject: Sendable {
    struct Member: Sendable {
        var name: MustacheName
        var value: MustacheValue
    }

    private(set) var members: [Member] = []
    /// For objects above `linearLimit` members: a table of `members` indices + 1 (0 is empty), its size a power of two.
    private var index: [Int32] = []
    private static let linearLimit = 8

    public init() {}

    init(members: [Member]) {
        self.members = members
        rebuildIndex()
    }

    /// An object with the members of `dictionary`, in the order of their names (so the order never depends on hashing).
    public init(_ dictionary: [String: MustacheValue]) {
        members.reserveCapacity(dictionary.count)
        for name in dictionary.keys.sorted() {
            members.append(Member(name: MustacheName(name), value: dictionary[name]!))
        }
        rebuildIndex()
    }

    public var count: Int { members.count }
    /// Where the members are stored: the same for copies of one object that none has changed since.
    var storage: UnsafeRawPointer? { members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    public var isEmpty: Bool { members.isEmpty }
    /// The names, in order.
    public var names: [String] { members.map(\.name.text) }

    /// The value named `name`; setting `nil` removes it.
    public subscript(name: String) -> MustacheValue? {
        get { self[MustacheName(name)] }
        set { self[MustacheName(name)] = newValue }
    }

    subscript(name: MustacheName) -> MustacheValue? {
        get { position(of: name).map { members[$0].value } }
        set {
            if let position = position(of: name) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append(Member(name: name, value: newValue))
                if members.count > Self.linearLimit {
                    if members.count * 2 > index.count { rebuildIndex() } else { insertIntoIndex(members.count - 1) }
                }
            }
        }
    }

    /// Where the member named `name` is in `members`.
    func position(of name: MustacheName) -> Int? {
        if index.isEmpty {
            for position in members.indices where members[position].name == name { return position }
            return nil
        }
        let mask = index.count - 1
        var slot = Int(name.hash) & mask
        while true {
            let entry = Int(index[slot])
            if entry == 0 { return nil }
            if members[entry - 1].name == name { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insertIntoIndex(_ position: Int) {
        let mask = index.count - 1
        var slot = Int(members[position].name.hash) & mask
        while index[slot] != 0 { slot = (slot + 1) & mask }
        index[slot] = Int32(position + 1)
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.linearLimit else {
            index = []
            return
        }
        var size = 16
        while size < members.count * 4 { size *= 2 }
        index = Array(repeating: 0, count: size)
        for position in members.indices { insertIntoIndex(position) }
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    /// Builds an object; when a name repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(pairs: elements)
    }

    /// The object of `pairs`, in order; when a name repeats, the last value wins (at the place it first had).
    init(pairs: [(String, MustacheValue)]) {
        members = pairs.map { Member(name: MustacheName($0.0), value: $0.1) }
        // A literal's names are nearly always distinct: checked by their hashes, and built again only on a repeat.
        for later in members.indices.dropFirst() {
            let name = members[later].name
            for earlier in 0..<later where members[earlier].name == name {
                members = []
                for (name, value) in pairs { self[name] = value }
                return
            }
        }
        rebuildIndex()
    }
}

extension MustacheObject: Sequence {
    /// The members as `(name, value)` pairs, in order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: MustacheValue)> {
        members.lazy.map { (name: $0.name.text, value: $0.value) }.makeIterator()
    }
}

/// A member name with a hash of its UTF-8 (FNV-1a), computed once: for a template tag when it is parsed.
struct MustacheName: Sendable, Equatable {
    let text: String
    let hash: UInt32

    init(_ text: String) {
        self.text = text
        // FNV-1a over the bytes in place (a native or small string has them contiguous; the view's iterator is slower).
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash
        }
        // A small string is stored inline: `withUTF8` reads it in place too, where `withContiguousStorageIfAvailable`
        // gives up.
        var copy = text
        hash = copy.withUTF8 { fnv($0) }
    }

    static func == (lhs: MustacheName, rhs: MustacheName) -> Bool {
        lhs.hash == rhs.hash && lhs.text == rhs.text
    }
}
