import Foundation
import Testing
@testable import PaywallKit

/// A small, valid in-memory site that a test changes in one place, then builds.
///
/// The default site: `paywall.yml` with `actions.subscribe` and policies, a native catalog with one
/// group (`birdwatch.pro`) of two subscriptions priced for the USA storefront, and one page `pro.md`.
struct TestSite {
    static let defaultConfig = """
        baseURL: https://example.com/subscribe/
        catalog: catalog.yml
        defaultLocale: en-US
        locales: [en-US]
        storefronts: { default: USA }
        app: { name: Birdwatch }
        actions:
          subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}
          changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}
        policies:
          termsOfService: https://example.com/terms
          privacyPolicy: https://example.com/privacy

        """

    static let defaultCatalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            localizations:
              en-US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." }
            subscriptions:
              - id: pro.monthly
                referenceName: Pro Monthly
                level: 1
                period: P1M
                price: { USA: "4.99" }
                localizations:
                  en-US: { displayName: Monthly, description: Billed every month. }
              - id: pro.yearly
                referenceName: Pro Yearly
                level: 1
                period: P1Y
                price: { USA: "49.99" }
                localizations:
                  en-US: { displayName: Yearly, description: Billed every year. }

        """

    static let defaultPage = """
        ---
        title: Birdwatch Pro
        groupID: birdwatch.pro
        ---
        # Birdwatch Pro

        Identify every bird you hear.

        """

    var folder = "site"
    var config: String? = TestSite.defaultConfig
    var catalogPath = "catalog.yml"
    /// nil: the catalog file is missing.
    var catalog: Data? = Data(TestSite.defaultCatalog.utf8)
    var content: [String: String] = ["pro.md": TestSite.defaultPage]
    var assets: [String: Data] = [:]
    /// The site's theme overrides, by path below `templates/`.
    var templates: [String: String] = [:]
    /// `static/…`, by path below `static/`.
    var statics: [String: Data] = [:]
    var unreadable: [String] = []

    var catalogText: String {
        get { catalog.map { String(decoding: $0, as: UTF8.self) } ?? "" }
        set { catalog = Data(newValue.utf8) }
    }

    var inputs: SiteInputs {
        var inputs = SiteInputs(folder: folder, config: config, catalog: catalog.map { (catalogPath, $0) }, content: content,
                                assets: assets, templates: templates, unreadable: unreadable)
        inputs.statics = statics
        return inputs
    }

    func build() -> SiteBuilder.Result { SiteBuilder.build(inputs) }

    /// The errors of a build of this site.
    var errors: [Diagnostic] { build().diagnostics.errors }

    /// A copy with one change.
    func with(_ change: (inout TestSite) -> Void) -> TestSite {
        var copy = self
        change(&copy)
        return copy
    }

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
