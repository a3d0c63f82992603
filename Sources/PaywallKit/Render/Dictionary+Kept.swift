extension Dictionary {
    /// The value kept for `key`, else `make()`'s, kept for next time. Past `limit` entries the dictionary starts
    /// again empty, so that caches a `serve` session keeps from build to build stay bounded.
    mutating func kept(_ key: Key, limit: Int = 10_000, make: () -> Value) -> Value {
        if let known = self[key] { return known }
        let value = make()
        if count >= limit { removeAll() }
        self[key] = value
        return value
    }
}
