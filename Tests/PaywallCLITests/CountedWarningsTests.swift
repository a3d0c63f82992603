import Foundation
import Testing
@testable import PaywallCLI
@testable import PaywallKit
import PaywallTestSupport

/// Repeated warnings are counted into one line each; --verbose lists every one; serve repeats only what changed.
@Suite struct CountedWarningsTests {
    /// The CLI site in twenty locales, its catalog and page in English only.
    static let locales = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "ja-JP", "ko-KR", "zh-Hans", "zh-Hant", "pt-BR",
                          "pt-PT", "nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "ru-RU", "tr-TR", "ar-SA"]
    static let site = BirdwatchSite.cli.with { site in
        site.config = BirdwatchSite.cliConfig.replacingOccurrences(of: "locales: [en-US]",
                                                                    with: "locales: [\(locales.joined(separator: ", "))]\nstorefronts: { default: USA }")
        site.content["other.md"] = BirdwatchSite.defaultPage.replacingOccurrences(of: "title: Birdwatch Pro", with: "title: Other")
    }

    func check(_ extra: String...) throws -> Captured {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try Self.site.write(to: temp.path("site"))
        let captured = Captured()
        let console = Console(out: { captured.out($0) }, err: { captured.err($0) }, colors: false, environment: [:])
        let status = PaywallCLI.main(["check", temp.path("site")] + extra, console: console)
        let output = captured
        #expect(status == 0, "\(output.stderr)")
        return output
    }

    @Test func aTwentyLocaleSiteOnAnEnglishCatalogPrintsAFewCountedLines() throws {
        let warnings = try check().stderrLines.filter { $0.contains(": warning: ") && !$0.contains("placeholder") }
        #expect(warnings.count == 2, "\(warnings.joined(separator: "\n"))")
        #expect(warnings.contains { $0.contains("catalog.yml:5:") && $0.contains("warning: 2 subscriptions have no text in 19 locales (ar-SA, da-DK, de-DE, …); using en-US") })
        #expect(warnings.contains { $0.contains("warning: 2 pages have no translation for 19 locales (ar-SA, da-DK, de-DE, …); using their en-US files") })
    }

    @Test func verboseListsEveryOne() throws {
        let warnings = try check("--verbose").stderrLines.filter { $0.contains(": warning: ") && !$0.contains("placeholder") }
        // 19 locales × (2 subscriptions + 2 pages).
        #expect(warnings.count == 19 * 4, "\(warnings.count)")
        #expect(warnings.contains { $0.hasSuffix("warning: subscription 'pro.yearly' has no de-DE text; using en-US; add a de-DE localization to the catalog") })
        #expect(warnings.contains { $0.contains("warning: no translation of 'other' for ar-SA") })
    }

    @Test func githubAnnotationsAreCountedToo() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try Self.site.write(to: temp.path("site"))
        let (_, output) = paywall("check", temp.path("site"), environment: ["GITHUB_ACTIONS": "true"])
        let annotations = output.stderrLines.filter { $0.hasPrefix("::warning ") && !$0.contains("placeholder") }
        #expect(annotations.count == 2, "\(annotations.joined(separator: "\n"))")
    }

    @Test func jsonKeepsEveryDiagnosticForTools() throws {
        let lines = try check("--diagnostics", "json").stderrLines.filter { $0.hasPrefix("{") && !$0.contains("placeholder") }
        #expect(lines.count == 19 * 4)
    }

    @Test func serveRepeatsOnlyTheWarningsThatChanged() {
        let reported = Reported()
        let a = Diagnostic.warning(SourceLocation(file: "catalog.yml", line: 3, column: 5), "a")
        let b = Diagnostic.warning(SourceLocation(file: "catalog.yml", line: 9, column: 5), "b")
        let error = Diagnostic.error(SourceLocation(file: "content/pro.md", line: 1, column: 1), "broken")
        #expect(reported.replace(with: [a, b]).new == [a, b], "the first build prints everything")
        let second = reported.replace(with: [a, b])
        #expect(second.new.isEmpty && second.kept == 2, "the same warnings are not printed again")
        let third = reported.replace(with: [b, error, error])
        #expect(third.new == [error, error] && third.kept == 1, "errors always print; a warning gone is gone")
        #expect(reported.replace(with: [a, b]).new == [a], "a warning that comes back is new again")
    }
}
