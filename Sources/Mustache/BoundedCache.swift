import Synchronization

/// A memo that holds at most `limit` units of cost (one per entry unless told otherwise), for every cache of a build.
///
/// Eviction is by generation: entries go into the newer of two dictionaries; when its cost reaches half the limit,
/// the older one is dropped and the newer one takes its place. An entry found in the older generation moves back into
/// the newer one, so what pages keep using stays and what they stopped using ages out: least-recently-used eviction
/// to within a generation, for the price of a second look-up on a miss, and never a flush of everything at once.
public struct BoundedCache<Key: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline
        var value: Value
        @usableFromInline
        var cost: Int

        @inlinable
        init(value: Value, cost: Int) {
            self.value = value
            self.cost = cost
        }
    }

    /// The most cost kept in both generations together (an entry dearer than half of it is not kept).
    public let limit: Int
    /// False when memos were off (``Memos``) as the cache was made: it then keeps nothing.
    @usableFromInline let isEnabled = Memos.areEnabled
    @usableFromInline var newer: [Key: Entry] = [:], older: [Key: Entry] = [:]
    @usableFromInline var newerCost = 0, olderCost = 0
    /// How many entries were dropped for room, and how many look-ups found theirs, in all.
    public var evictions: Int { dropped }
    public var hits: Int { found }
    @usableFromInline var dropped = 0, found = 0

    @inlinable
    public init(limit: Int) {
        precondition(limit >= 2, "a bounded cache holds at least two units")
        self.limit = limit
    }

    @inlinable
    public var count: Int { newer.count + older.count }
    /// The cost of what is kept: at most `limit`.
    @inlinable
    public var cost: Int { newerCost + olderCost }
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The value kept for `key`, moved into the newer generation when it was in the older one.
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        guard isEnabled else { return nil }
        if let entry = newer[key] {
            found += 1
            return entry.value
        }
        guard !older.isEmpty, let entry = older.removeValue(forKey: key) else { return nil }
        found += 1
        olderCost -= entry.cost
        add(entry, for: key)
        return entry.value
    }

    /// Keeps `value` for `key` (replacing what was kept), at `cost` units.
    @inlinable
    public mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        guard isEnabled else { return }
        if let old = newer.removeValue(forKey: key) { newerCost -= old.cost }
        if !older.isEmpty, let old = older.removeValue(forKey: key) { olderCost -= old.cost }
        add(Entry(value: value, cost: max(0, cost)), for: key)
    }

    /// The value kept for `key`, else `make()`'s, kept for next time.
    @inlinable
    public mutating func kept(_ key: Key, cost: Int = 1, make: () throws -> Value) rethrows -> Value {
        if let known = value(for: key) { return known }
        let value = try make()
        insert(value, for: key, cost: cost)
        return value
    }

    @inlinable
    public mutating func removeAll() {
        dropped += count
        newer.removeAll()
        older.removeAll()
        newerCost = 0
        olderCost = 0
    }

    @inlinable
    mutating func add(_ entry: Entry, for key: Key) {
        guard entry.cost <= limit / 2 else { return }
        if newerCost + entry.cost > limit / 2 {
            dropped += older.count
            older = newer
            olderCost = newerCost
            newer = [:]
            newerCost = 0
        }
        newer[key] = entry
        newerCost += entry.cost
    }
}

extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}
extension BoundedCache.Entry: Sendable where Key: Sendable, Value: Sendable {}

/// Whether the memos made from now on keep anything. Off (`PAYWALL_MEMO=off`) a build remembers nothing: every
/// value is made again where it is needed, the oracle that the tests hold byte-identical to a build with memos.
public enum Memos {
    private static let enabled = Atomic(true)

    public static var areEnabled: Bool { enabled.load(ordering: .relaxed) }

    public static func set(enabled on: Bool) { enabled.store(on, ordering: .relaxed) }
}
