/// Renderings of list sections, kept by one thread for the renders after: a section named in `sections` (`options`,
/// say) that iterates a list equal to one it rendered before, in a context where every name that rendering looked up
/// outside the list gives the same value, writes the bytes it wrote then.
///
/// Equal means byte for byte (text by its UTF-8, never Unicode-equal text), and a rendering that met a lambda, or that
/// ran under a parent's blocks, is not kept: what a kept rendering wrote depended only on the template, the list and
/// the names it recorded, so writing it again is rendering again. Not thread-safe: one per thread, used with one
/// library (a kept section's partials are the library's).
public final class SectionMemo {
    let sections: Set<String>
    private var entries: [Key: [Entry]] = [:]
    /// How many renderings are kept, and how many times one was written again.
    public private(set) var count = 0
    public private(set) var reused = 0
    /// Renderings kept at most, in all and for one fingerprint (lists of numbers or lists share theirs);
    /// past either, sections render as they would without a memo.
    private static let limit = 4096, limitPerKey = 8

    /// A memo of the list sections whose tag names one of `sections`.
    public init(sections: Set<String>) { self.sections = sections }

    struct Key: Hashable {
        let section: ObjectIdentifier
        let fingerprint: UInt64
    }

    /// One rendering: what it was made from, and what it wrote.
    struct Entry {
        let items: [MustacheValue]
        let indentation: String
        /// The names looked up outside the list, with what they gave (nil: nothing).
        let reads: [(name: VariableName, value: MustacheValue?)]
        let output: [UInt8]
        let expansions: Int
        let depth: Int
        let strict: Bool
    }

    func entries(for key: Key) -> [Entry] { entries[key] ?? [] }

    func reuse() { reused += 1 }

    func add(_ entry: Entry, for key: Key) {
        guard count < Self.limit, entries[key, default: []].count < Self.limitPerKey else { return }
        count += 1
        entries[key, default: []].append(entry)
    }

    /// A hash to find renderings of the same list by: each item's kind, a text's bytes and, for an object, where its
    /// members are stored (the items of lists made from one set of values share that storage). A list with the
    /// fingerprint of a kept one is compared with it value by value (`isSame`); one made anew misses, and renders.
    static func fingerprint(_ items: [MustacheValue]) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var hash = UInt64(items.count) &* prime
        for item in items {
            switch item {
            case .object(let object): hash = (hash ^ UInt64(UInt(bitPattern: object.storage))) &* prime
            case .string(var text):
                text.withUTF8 { bytes in
                    for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
                }
                hash = (hash ^ 2) &* prime
            case .null, .bool, .int, .double, .list, .lambda: hash = (hash ^ 1) &* prime
            }
        }
        return hash
    }
}

/// What a rendering being kept has looked up outside its list: the stack's frames below `base`, each name once (those
/// frames do not change while the list renders, so a name found there gives the same value every time). Names are told
/// apart by their bytes, as lookups tell them.
struct SectionRecording {
    let base: Int
    var reads: [(name: VariableName, value: MustacheValue?)] = []
    var names: Set<[UInt8]> = []
    /// False once a lambda was met: its result may differ from call to call.
    var keepable = true
}

extension MustacheValue {
    /// Whether the two values are the same, text byte for byte; a lambda is the same as nothing.
    func isSame(as other: MustacheValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let one), .bool(let two)): one == two
        case (.int(let one), .int(let two)): one == two
        case (.double(let one), .double(let two)): one.bitPattern == two.bitPattern
        case (.string(let one), .string(let two)): Self.sameBytes(one, two)
        case (.list(let one), .list(let two)):
            // One array storage is one value (copy on write).
            one.count == two.count
            && (Self.sameStorage(one, two) || zip(one, two).allSatisfy { $0.isSame(as: $1) })
        case (.object(let one), .object(let two)):
            // Members in one storage are one value: each list holds it, so neither changes it.
            (one.storage == two.storage && one.storage != nil)
            || one.count == two.count && zip(one.members, two.members).allSatisfy { first, second in
                first.name.hash == second.name.hash && Self.sameBytes(first.name.text, second.name.text)
                    && first.value.isSame(as: second.value)
            }
        default: false
        }
    }

    static func sameStorage(_ one: [MustacheValue], _ two: [MustacheValue]) -> Bool {
        one.withUnsafeBufferPointer { first in two.withUnsafeBufferPointer { first.baseAddress == $0.baseAddress } }
    }

    static func sameBytes(_ one: String, _ two: String) -> Bool {
        var (one, two) = (one, two)
        return one.withUTF8 { first in
            two.withUTF8 { second in
                first.count == second.count && (first.baseAddress == second.baseAddress || first.elementsEqual(second))
            }
        }
    }
}

extension Optional where Wrapped == MustacheValue {
    /// Both nothing, or the same value.
    func isSame(as other: MustacheValue?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let one?, let two?): one.isSame(as: two)
        default: false
        }
    }
}

extension Renderer {
    /// Renders `section` once for each of `items`, or writes what a rendering of the same list in the same context
    /// wrote before.
    mutating func renderKept(_ section: Section, _ items: [MustacheValue], memo: SectionMemo) throws(MustacheError) {
        let key = SectionMemo.Key(section: ObjectIdentifier(section), fingerprint: SectionMemo.fingerprint(items))
        for entry in memo.entries(for: key) where fits(entry, items) {
            output.append(contentsOf: entry.output)
            expansions += entry.expansions
            memo.reuse()
            return
        }
        let (start, startExpansions) = (output.count, expansions)
        recording = SectionRecording(base: stack.count)
        defer { recording = nil }
        try renderItems(section, items)
        guard let recorded = recording, recorded.keepable else { return }
        memo.add(SectionMemo.Entry(items: items, indentation: indentation, reads: recorded.reads,
                                   output: Array(output[start...]), expansions: expansions - startExpansions,
                                   depth: depth, strict: strict), for: key)
    }

    /// Whether `entry` is what rendering `items` here would write: the same list and indentation, every name it
    /// looked up outside the list the same here, and within the limits it rendered within.
    private mutating func fits(_ entry: SectionMemo.Entry, _ items: [MustacheValue]) -> Bool {
        guard strict == entry.strict, depth <= entry.depth, expansions + entry.expansions <= Self.maximumExpansions,
              output.count + entry.output.count <= Self.maximumOutputBytes,
              MustacheValue.sameBytes(indentation, entry.indentation),
              MustacheValue.list(items).isSame(as: .list(entry.items))
        else { return false }
        return entry.reads.allSatisfy { read in lookup(read.name).isSame(as: read.value) }
    }
}
