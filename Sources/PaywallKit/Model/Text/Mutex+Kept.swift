import Synchronization

extension Mutex {
    /// The value kept for `key`, else `make`'s, made outside the lock and kept for the callers after. Every `make`
    /// given here is a function of its key alone, so two threads that make one value at once make the same.
    func kept<Key: Hashable & Sendable, Kept: Sendable>(_ key: Key, make: () -> Kept) -> Kept
    where Value == [Key: Kept] {
        if let known = withLock({ $0[key] }) { return known }
        let made = make()
        withLock { $0[key] = made }
        return made
    }
}
