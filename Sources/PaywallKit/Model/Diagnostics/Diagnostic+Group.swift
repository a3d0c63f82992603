/// Diagnostics of one kind about many things in many places ("subscription 'pro.yearly' has no de-DE text"), counted
/// into one line each: "30 subscriptions have no text in 19 locales (cs-CZ, da-DK, de-DE, …); using en-US".
extension Diagnostic {
    /// What a repeated diagnostic is about and where, and how its kind reads when counted.
    public struct Group: Hashable, Sendable, Encodable {
        /// Diagnostics with the same key count together: their kind and what they share ("no text, using en-US").
        public var key: String
        /// The thing it is about, as its message names it: "subscription 'pro.yearly'".
        public var subject: String
        /// The things' kind, plural, for a count: "subscriptions".
        public var plural: String
        /// Where: a locale.
        public var place: String
        /// The counted line's words after the subject: "has no text in {places}; using en-US" (`{places}` is filled),
        /// and the same for several subjects: "have no text …".
        public var one: String
        public var many: String
        /// The hint of the counted line.
        public var hint: String?

        public init(key: String, subject: String, plural: String, place: String, one: String, many: String,
                    hint: String? = nil) {
            (self.key, self.subject, self.plural, self.place, self.one, self.many, self.hint)
                = (key, subject, plural, place, one, many, hint)
        }
    }
}

extension Diagnostics {
    /// `diagnostics` with each group of two or more repeated diagnostics (same severity, `Group.key` and kind)
    /// counted into one, at the first one's place; the rest as they are, in their order.
    public static func counted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Key: Hashable { var severity: Diagnostic.Severity, group: String, plural: String }
        var members: [Key: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            guard let group = diagnostic.group else { continue }
            members[Key(severity: diagnostic.severity, group: group.key, plural: group.plural),
                    default: []].append(diagnostic)
        }
        var done = Set<Key>()
        var result: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let group = diagnostic.group else { result.append(diagnostic); continue }
            let key = Key(severity: diagnostic.severity, group: group.key, plural: group.plural)
            let all = members[key] ?? []
            guard all.count > 1 else { result.append(diagnostic); continue }
            guard done.insert(key).inserted else { continue }
            result.append(summary(of: all))
        }
        return result
    }

    /// One diagnostic that counts `all` (which share a group key): its subjects and its places.
    static func summary(of all: [Diagnostic]) -> Diagnostic {
        func unique(_ values: [String]) -> [String] {
            var seen = Set<String>()
            return values.filter { seen.insert($0).inserted }
        }
        let first = all[0]
        let group = first.group!
        let subjects = unique(all.map { $0.group!.subject })
        let places = unique(all.map { $0.group!.place })
        let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? ", …" : "")
        let placesText = EnglishPlural.choose(places.count, one: places[0], many: "\(places.count) locales (\(shown))")
        let words = EnglishPlural.choose(subjects.count, one: group.one, many: group.many)
            .replacingEvery("{places}", with: placesText)
        let subject = EnglishPlural.choose(subjects.count, one: subjects[0],
                                           many: "\(subjects.count) \(group.plural)")
        var summary = Diagnostic(first.severity, first.location, "\(subject) \(words)", hint: group.hint ?? first.hint)
        summary.group = nil
        return summary
    }
}
