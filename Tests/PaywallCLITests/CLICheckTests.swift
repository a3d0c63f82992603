import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// `paywall check`, and the formats diagnostics are printed in.
@Suite struct CLICheckTests {
    @Test func checkWritesNothing() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let before = temp.snapshot()
        let (status, output) = paywall("check", temp.path("site"))
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Checked 1 page in 1 locale"), "\(output.stdout)")
        #expect(temp.snapshot() == before)
        #expect(temp.entries("site") == ["catalog.yml", "content", "paywall.yml"])
    }

    @Test func checkOfABrokenSiteReturns1AndWritesNothing() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        let before = temp.snapshot()
        let (status, output) = paywall("check", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("\(temp.path("site"))/catalog.yml:7:17: error:"))
        #expect(output.stderr.contains("check failed"))
        #expect(temp.snapshot() == before)
    }

    @Test func checkDoesNotAcceptOutput() {
        let (status, output) = paywall("check", "--output", "x")
        #expect(status == 64)
        #expect(output.stderr.contains("Error: Unknown option '--output'"))
    }

    // MARK: Diagnostics formats

    @Test func jsonDiagnosticsAreOneObjectPerLine() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        let (status, output) = paywall("check", temp.path("site"), "--diagnostics", "json")
        #expect(status == 1)
        let objects = output.stderrLines.filter { $0.hasPrefix("{") }.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(objects.count == 1, "\(output.stderr)")
        let object = try #require(objects.first)
        #expect(object["severity"] as? String == "error")
        #expect(object["file"] as? String == "\(temp.path("site"))/catalog.yml")
        #expect(object["line"] as? Int == 7)
        #expect(object["column"] as? Int == 17)
        #expect((object["message"] as? String)?.contains("'P1X' is not an ISO 8601 period") == true)
        #expect((object["hint"] as? String)?.contains("P1M") == true)
        #expect(!output.stderr.contains(": error: "), "no compiler-format lines in JSON mode")
    }

    @Test func jsonDiagnosticsModePrintsOnlyJSONOnStderr() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        let (status, output) = paywall("build", temp.path("site"), "--diagnostics=json")
        #expect(status == 1)
        for line in output.stderrLines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func githubActionsAddsAnnotations() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        let (status, output) = paywall("check", temp.path("site"), environment: ["GITHUB_ACTIONS": "true"])
        #expect(status == 1)
        let annotation = "::error file=\(temp.path("site"))/catalog.yml,line=7,col=17::period 'P1X' is not an ISO 8601 period"
        #expect(output.stderrLines.contains { $0.hasPrefix(annotation) }, "\(output.stderr)")
        #expect(output.stderr.contains("\(temp.path("site"))/catalog.yml:7:17: error:"), "the compiler format is still printed")
    }

    @Test func noAnnotationsOutsideGitHubActions() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        let (_, output) = paywall("check", temp.path("site"), environment: ["GITHUB_ACTIONS": "false"])
        #expect(!output.stderr.contains("::error"))
    }
}
