/// What partials made of identified objects, kept from one render to the next: a site renders the same option
/// card on many pages.
///
/// A partial included with an identified object on top of the context stack (``MustacheObject/identify()``) is
/// rendered once, and its output is kept with every name it looked up below that object and what each one was.
/// Where that partial is included again for that object, with the same indentation and no blocks passed in, and
/// those names still give the same values, the output is copied instead of rendered. A section over a list of
/// identified objects (a page's links in every language) is kept the same way, by the section tag and the
/// objects. Lambdas are never skipped: a render that calls one is not kept. A memo serves one template library
/// on one thread, and lives no longer than the library.
public final class RenderMemo {
    struct Key: Hashable {
        /// A partial's name and its object's identity; or, for a section, the tag and its items' identities.
        var partial = "", section: ObjectIdentifier?, indentation: String, identity = 0, items: [Int] = []
        /// How many `true`s boolean sections pushed above the object (`{{#isPicker}}{{>picker}}{{/isPicker}}`).
        var trues: Int
        /// A render that let a missing name pass is not one that would have stopped at it.
        var strict: Bool
    }

    struct Entry {
        var dependencies: [(name: VariableName, value: MustacheValue?)]
        var output: [UInt8]
        var expansions: Int
    }

    private(set) var entries: [Key: [Entry]] = [:]
    private var count = 0, bytes = 0
    /// How many partial renders were copied from the memo.
    public internal(set) var hits = 0
    /// How many renders are kept for one key (they differ in what lies below the object), and in all; and their
    /// bytes in all (a section of hundreds of options is hundreds of kilobytes).
    static let perKey = 4, total = 50_000, totalBytes = 16 << 20

    public init() {}

    func store(_ entry: Entry, for key: Key) {
        if count >= Self.total || bytes >= Self.totalBytes {
            entries.removeAll()
            count = 0
            bytes = 0
        }
        var kept = entries[key] ?? []
        if kept.count == Self.perKey { bytes -= kept.removeFirst().output.count } else { count += 1 }
        bytes += entry.output.count
        kept.append(entry)
        entries[key] = kept
    }
}

extension Renderer {
    /// A partial being rendered for the memo: the stack index of its object, and what it looked up below it.
    struct Recording {
        var base: Int
        var dependencies: [(name: VariableName, value: MustacheValue?)] = []
        var keepable = true
    }

    /// Where the memo may answer for a section over `items`: when each item is an identified object.
    func memoKey(_ section: Section, items: [MustacheValue]) -> RenderMemo.Key? {
        guard memo != nil, escape == nil, overrides.isEmpty, case .object(let first)? = items.first, first.identity != 0 else { return nil }
        var identities: [Int] = []
        identities.reserveCapacity(items.count)
        for item in items {
            guard case .object(let object) = item, object.identity != 0 else { return nil }
            identities.append(object.identity)
        }
        return RenderMemo.Key(section: ObjectIdentifier(section), indentation: indentation, items: identities, trues: 0, strict: strict)
    }

    /// Where the memo may answer for a partial: the key, when the object on top of the stack (under any `true`s that
    /// boolean sections pushed) has an identity; and the stack index of that object.
    func memoKey(_ partial: String, indentation: String) -> (key: RenderMemo.Key, base: Int)? {
        guard memo != nil, escape == nil, overrides.isEmpty else { return nil }
        var base = stack.count - 1
        while base > 0, case .bool(true) = stack[base] { base -= 1 }
        guard case .object(let object) = stack[base], object.identity != 0 else { return nil }
        return (RenderMemo.Key(partial: partial, section: nil, indentation: indentation, identity: object.identity, trues: stack.count - 1 - base,
                                 strict: strict), base)
    }

    /// Copies a kept render of the partial when every name it looked up below its object still gives the same value.
    mutating func replay(_ key: RenderMemo.Key, at location: SourceLocation) throws(MustacheError) -> Bool {
        guard let kept = memo?.entries[key] else { return false }
        for entry in kept.reversed() where entry.dependencies.allSatisfy({ Self.same(lookup($0.name), $0.value) }) {
            output.append(contentsOf: entry.output)
            expansions += entry.expansions
            memo?.hits += 1
            try checkExpansion(at: location)
            return true
        }
        return false
    }

    /// Renders the partial through `body`, and keeps the output when the memo may answer for it next time.
    mutating func record(_ key: RenderMemo.Key, base: Int, _ body: (inout Renderer) throws(MustacheError) -> Void) throws(MustacheError) {
        let start = output.count, startExpansions = expansions
        recordings.append(Recording(base: base))
        do {
            try body(&self)
        } catch {
            recordings.removeLast()
            throw error
        }
        // Lookups and lambdas were noted in every recording at once, so an enclosing one has what this one found.
        let recording = recordings.removeLast()
        guard recording.keepable else { return }
        memo?.store(RenderMemo.Entry(dependencies: recording.dependencies, output: Array(output[start...]),
                                     expansions: expansions - startExpansions), for: key)
    }

    /// Notes a lookup in every recording whose object lies above the frame it was found in (-1: nowhere).
    mutating func noteLookup(_ name: VariableName, _ value: MustacheValue?, foundAt frame: Int) {
        for index in recordings.indices where frame < recordings[index].base {
            recordings[index].dependencies.append((name, value))
        }
    }

    /// A lambda ran: nothing being recorded may be kept.
    mutating func noteLambda() {
        for index in recordings.indices { recordings[index].keepable = false }
    }

    /// Whether two looked-up values render alike wherever a template uses them: scalars and strings by value,
    /// objects by identity, lists item by item.
    static func same(_ a: MustacheValue?, _ b: MustacheValue?) -> Bool {
        switch (a, b) {
        case (nil, nil), (.null?, .null?): true
        case (.bool(let x)?, .bool(let y)?): x == y
        case (.int(let x)?, .int(let y)?): x == y
        case (.double(let x)?, .double(let y)?): x.bitPattern == y.bitPattern
        case (.string(let x)?, .string(let y)?): x == y
        case (.object(let x)?, .object(let y)?): x.identity != 0 && x.identity == y.identity
        case (.list(let x)?, .list(let y)?): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default: false
        }
    }
}
