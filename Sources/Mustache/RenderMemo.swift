import Synchronization

/// What partials made of identified objects, kept from one render to the next: a site renders the same option
/// card on many pages.
///
/// A partial included with an identified object on top of the context stack (``MustacheObject/identify()``) is
/// rendered once, and its output is kept with every name it looked up below that object and what each one was.
/// Where that partial is included again for that object, with the same indentation and no blocks passed in, and
/// those names still give the same values, the output is copied instead of rendered. A section over a list of
/// identified objects (a page's links in every language) is kept the same way, by the section tag and the
/// objects. Lambdas are never skipped: a render that calls one is not kept. A memo serves one template library
/// (it knows sections by their objects), and lives no longer than the library; it is meant for one thread at a
/// time (its lock is never contended), and may pass to another between renders.
public final class RenderMemo: Sendable {
    struct Key: Hashable, Sendable {
        /// A partial's name and its object's identity; or, for a section, the tag and its items' identities.
        var partial = "", section: ObjectIdentifier?, indentation: String, identity = 0, items: [Int] = []
        /// How many `true`s boolean sections pushed above the object (`{{#isPicker}}{{>picker}}{{/isPicker}}`).
        var trues: Int
        /// A render that let a missing name pass is not one that would have stopped at it.
        var strict: Bool
    }

    struct Entry: Sendable {
        var dependencies: [(name: VariableName, value: MustacheValue?)]
        var output: [UInt8]
        var expansions: Int
    }

    /// Up to `perKey` renders for one key (they differ in what lies below the object), costed by their bytes and
    /// `entryCost` more for each (a section of hundreds of options is hundreds of kilobytes).
    private let state: Mutex<(entries: BoundedCache<Key, [Entry]>, hits: Int)>
    static let perKey = 4, entryCost = 256
    /// The bytes a memo keeps by default, its entries' costs included: 2 MiB per rendering thread. A thread renders
    /// a locale's pages together, so the cards it replays are that locale's few: a larger memo holds more memory
    /// and saves no work.
    public static let defaultLimit = 2 << 20

    public init(limit: Int = RenderMemo.defaultLimit) {
        state = Mutex((BoundedCache(limit: limit), 0))
    }

    /// How many partial renders were copied from the memo.
    public var hits: Int { state.withLock { $0.hits } }
    /// The cost kept: output bytes and `entryCost` per render; at most the limit.
    public var cost: Int { state.withLock { $0.entries.cost } }
    /// How many keys have renders kept.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The first kept render for `key` that `matches` accepts, counted as a hit.
    func replay(_ key: Key, where matches: (Entry) -> Bool) -> Entry? {
        state.withLock { state in
            guard let kept = state.entries.value(for: key), let entry = kept.last(where: matches) else { return nil }
            state.hits += 1
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        state.withLock { state in
            var kept = state.entries.value(for: key) ?? []
            if kept.count == Self.perKey { kept.removeFirst() }
            kept.append(entry)
            state.entries.insert(kept, for: key, cost: kept.reduce(0) { $0 + $1.output.count + Self.entryCost })
        }
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
        guard memo != nil, escape == nil, overrides.isEmpty, case .object(let first)? = items.first, first.identity != 0
        else { return nil }
        var identities: [Int] = []
        identities.reserveCapacity(items.count)
        for item in items {
            guard case .object(let object) = item, object.identity != 0 else { return nil }
            identities.append(object.identity)
        }
        return RenderMemo.Key(section: ObjectIdentifier(section), indentation: indentation, items: identities, trues: 0,
                              strict: strict)
    }

    /// Where the memo may answer for a partial: the key, when the object on top of the stack (under any `true`s that
    /// boolean sections pushed) has an identity; and the stack index of that object.
    func memoKey(_ partial: String, indentation: String) -> (key: RenderMemo.Key, base: Int)? {
        guard memo != nil, escape == nil, overrides.isEmpty else { return nil }
        var base = stack.count - 1
        while base > 0, case .bool(true) = stack[base] { base -= 1 }
        guard case .object(let object) = stack[base], object.identity != 0 else { return nil }
        return (RenderMemo.Key(partial: partial, section: nil, indentation: indentation, identity: object.identity,
                               trues: stack.count - 1 - base,
                                 strict: strict), base)
    }

    /// Copies a kept render of the partial when every name it looked up below its object still gives the same value.
    mutating func replay(_ key: RenderMemo.Key, at location: SourceLocation) throws(MustacheError) -> Bool {
        guard let entry = memo?.replay(key,
                                       where: { $0.dependencies.allSatisfy { Self.same(lookup($0.name), $0.value) } })
        else { return false }
        output.append(contentsOf: entry.output)
        expansions += entry.expansions
        try checkExpansion(at: location)
        return true
    }

    /// Renders the partial through `body`, and keeps the output when the memo may answer for it next time.
    mutating func record(_ key: RenderMemo.Key, base: Int,
                         _ body: (inout Renderer) throws(MustacheError) -> Void) throws(MustacheError) {
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
