import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// The kit tests' name for the Birdwatch site (`BirdwatchSite`): a small, valid in-memory site that a test changes in
/// one place, then builds.
typealias TestSite = BirdwatchSite

extension BirdwatchSite {
    func build() -> SiteBuilder.Result { SiteBuilder.build(inputs) }

    /// The errors of a build of this site.
    var errors: [Diagnostic] { build().diagnostics.errors }

    /// A copy whose `paywall.yml` has `old` replaced by `new` (which must occur).
    func config(replacing old: String, with new: String) -> TestSite {
        with { site in site.config = Self.replace(old, with: new, in: site.config ?? "") }
    }

    /// A copy whose catalog has `old` replaced by `new` (which must occur).
    func catalog(replacing old: String, with new: String) -> TestSite {
        with { site in site.catalogText = Self.replace(old, with: new, in: site.catalogText) }
    }

    /// A copy whose page `name` (default `pro.md`) has `old` replaced by `new` (which must occur).
    func page(_ name: String = "pro.md", replacing old: String, with new: String) -> TestSite {
        with { site in site.content[name] = Self.replace(old, with: new, in: site.content[name] ?? "") }
    }

    static func replace(_ old: String, with new: String, in text: String) -> String {
        #expect(text.contains(old), "the test site has no '\(old)' to replace")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// The 1-based line of the first line of `text` containing `needle`.
    static func line(of needle: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains(needle) }) else {
            Issue.record("no line contains '\(needle)'")
            return 0
        }
        return index + 1
    }

    /// The 1-based column at which `needle` starts on its line.
    static func column(of needle: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.first(where: { $0.contains(needle) }), let range = line.range(of: needle) else {
            Issue.record("no line contains '\(needle)'")
            return 0
        }
        return line.distance(from: line.startIndex, to: range.lowerBound) + 1
    }

    /// The output file at `path` of a successful build, as text.
    static func file(_ path: String, of result: SiteBuilder.Result) -> String? {
        result.files.first { $0.path == path }.map { String(decoding: $0.data, as: UTF8.self) }
    }
}

/// The one error whose message contains `fragment`, recorded as an issue when there is not exactly one.
func theError(_ errors: [Diagnostic], containing fragment: String,
              sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
    let matches = errors.filter { $0.message.contains(fragment) }
    guard matches.count == 1 else {
        Issue.record("expected one error containing '\(fragment)', got \(matches.count) among: \(errors.map(\.description))",
                     sourceLocation: sourceLocation)
        return nil
    }
    return matches[0]
}

/// HTML text escaping as the theme does it, for finding names in pages.
func htmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
}

/// Expects exactly one error whose message contains `fragment`, at `file:line(:column)`, with `hint` in its hint.
@discardableResult
func expectError(_ errors: [Diagnostic], _ fragment: String, file: String, line: Int, column: Int? = nil,
                 hint: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
    guard let error = theError(errors, containing: fragment, sourceLocation: sourceLocation) else { return nil }
    #expect(error.location.file == file, "file of: \(error)", sourceLocation: sourceLocation)
    #expect(error.location.line == line, "line of: \(error)", sourceLocation: sourceLocation)
    if let column {
        #expect(error.location.column == column, "column of: \(error)", sourceLocation: sourceLocation)
    }
    if let hint {
        #expect(error.hint?.contains(hint) == true, "hint of: \(error)", sourceLocation: sourceLocation)
    }
    return error
}
