/// A collector that stages append to, so that one run reports every problem it finds.
public struct Diagnostics: Sendable {
    /// In the order found; the same diagnostic twice (a page read for several locales) is kept once.
    public private(set) var all: [Diagnostic] = []
    /// Every one of `all`, once it holds `scanned` or more; fewer are compared one by one. A build keeps a collector
    /// per page until its end, and most pages report none or one: a set for each would hold memory for every page
    /// of a large site and spare no comparison.
    private var seen: Set<Diagnostic> = []
    private static let scanned = 8
    /// Every error reported, duplicates included: a stage compares it before and after to know whether it failed.
    public private(set) var errorsReported = 0
    /// How many of `all` are errors: stages ask `hasErrors` often, and a site may have thousands of warnings.
    private var errorsKept = 0

    public init() {}

    public var hasErrors: Bool { errorsKept > 0 }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    public mutating func append(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errorsReported += 1 }
        if all.count < Self.scanned {
            guard !all.contains(diagnostic) else { return }
            if all.count + 1 == Self.scanned { seen = Set(all + [diagnostic]) }
        } else {
            guard seen.insert(diagnostic).inserted else { return }
        }
        all.append(diagnostic)
        if diagnostic.severity == .error { errorsKept += 1 }
    }

    public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        // Room for a batch at once (a build gathers every page's warnings) once the set is in use.
        let count = diagnostics.underestimatedCount
        if count > 1, all.count >= Self.scanned { seen.reserveCapacity(all.count + count) }
        for diagnostic in diagnostics { append(diagnostic) }
    }

    public mutating func error(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        append(.error(location, message, hint: hint))
    }

    public mutating func warning(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        append(.warning(location, message, hint: hint))
    }

    public mutating func warning(_ location: SourceLocation, _ message: String, hint: String?,
                                 group: Diagnostic.Group) {
        append(.warning(location, message, hint: hint, group: group))
    }

    /// Runs `body`, adding what it throws to the list; nil when it threw.
    public mutating func collect<T, E: Error>(_ body: () throws(E) -> T) -> T? {
        do { return try body() } catch {
            switch error {
            case let error as Diagnostic: append(error)
            case let error as DiagnosticsError: append(contentsOf: error.diagnostics)
            default: preconditionFailure("only diagnostics are thrown: \(error)")
            }
        }
        return nil
    }

    /// Sorted errors first by place, for stable output.
    public var sorted: [Diagnostic] {
        all.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }
}

/// "Did you mean" for misspelled keys and IDs: the closest candidate within a small edit distance.
/// Words and candidates longer than 64 characters get none (no misspelling is that long, and the work stays small).
public func suggestion(for word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard target.count <= 64 else { return nil }
    let limit = max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let other = Array(candidate.lowercased().unicodeScalars)
        guard other.count <= 64, abs(other.count - target.count) <= limit else { continue }
        let distance = editDistance(target, other)
        if distance <= limit,
           best.map({ distance < $0.distance || (distance == $0.distance && candidate < $0.candidate) }) ?? true {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
}

/// Levenshtein distance with two rows.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// "a" or "an" before a code read letter by letter: "an ar-SA", "an en-GB", "an fr-FR" (ef), "a de-DE", "a ja-JP".
public func article(for code: String) -> String {
    guard let first = code.lowercased().first else { return "a" }
    return "aefhilmnorsx".contains(first) ? "an" : "a"
}
