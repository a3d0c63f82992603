import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// Builds `BirdwatchSite.cli` in `temp/site`, lets `change` break the site or its output, and expects the next build to fail
/// (exit 1) saying `message`, with `site/public` byte for byte as the change left it.
@discardableResult
func expectRebuildRefused(in temp: TemporaryFolder, saying message: String, after change: () throws -> Void) throws -> Captured {
    try BirdwatchSite.cli.write(to: temp.path("site"))
    #expect(paywall("build", temp.path("site")).status == 0)
    try change()
    let before = temp.snapshot("site/public")
    #expect(!before.isEmpty)
    let (status, output) = paywall("build", temp.path("site"))
    #expect(status == 1)
    #expect(output.stderr.contains(message), "\(output.stderr)")
    #expect(temp.snapshot("site/public") == before, "the previous output is byte-for-byte untouched")
    return output
}

/// A build replaces only an output paywall wrote, and a failed build leaves it as it was.
@Suite struct CLIOutputSafetyTests {
    @Test func failingBuildReturns1ReportsErrorsAndLeavesThePreviousOutputUntouched() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let site = temp.path("site")
        let output = try expectRebuildRefused(in: temp, saying: "build failed") {
            try temp.write(["catalog.yml": BirdwatchSite.brokenCatalog, "content/pro.md": BirdwatchSite.defaultPage.replacingOccurrences(of: "title:", with: "titel:")],
                           under: "site")
        }
        let lines = output.stderrLines
        #expect(lines.contains { $0.hasPrefix("\(site)/catalog.yml:7:17: error: period 'P1X' is not an ISO 8601 period") }, "\(lines)")
        let diagnostics = lines.filter { $0.contains(": error: ") }
        #expect(!diagnostics.isEmpty)
        for line in diagnostics {
            #expect(line.range(of: #"^/.+:\d+:\d+: error: \S"#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(!output.stdout.contains("Built"))
        #expect(temp.settledEntries("site").filter { $0.hasPrefix(".") }.isEmpty, "the half-filled spare is deleted")
    }

    @Test func buildIntoANonEmptyFolderWithoutManifestIsRefused() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["keep.txt": "my own file\n", "docs/index.html": "<p>mine</p>\n"], under: "mine")
        let before = temp.snapshot("mine")
        let (status, output) = paywall("build", temp.path("site"), "-o", temp.path("mine"))
        #expect(status == 1)
        #expect(output.stderr.contains("paywall-manifest.json"), "\(output.stderr)")
        #expect(output.stderr.contains("error:"))
        #expect(temp.snapshot("mine") == before)
        #expect(temp.entries().sorted() == ["mine", "site"], "no staging folder is left behind")
    }

    @Test func buildIntoAFileIsRefused() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["out": "a file\n"])
        let (status, output) = paywall("build", temp.path("site"), "-o", temp.path("out"))
        #expect(status == 1)
        #expect(output.stderr.contains("not a folder"))
        #expect(temp.snapshot()["out"] == Data("a file\n".utf8))
    }

    @Test func buildIntoAnEmptyFolderIsAllowed() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try FileManager.default.createDirectory(atPath: temp.path("empty"), withIntermediateDirectories: true)
        #expect(paywall("build", temp.path("site"), "-o", temp.path("empty")).status == 0)
        #expect(temp.snapshot("empty")["paywall-manifest.json"] != nil)
    }
}

@Suite struct WriterSafetyTests {
    @Test func filesAddedToTheOutputAreNeverDeleted() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try expectRebuildRefused(in: temp, saying: "files paywall did not write: CNAME") {
            try temp.write(["site/public/CNAME": "example.com"], under: "")
        }
        #expect(temp.snapshot("site/public")["CNAME"] == Data("example.com".utf8))
    }

    @Test func anOutputWhoseManifestCannotBeReadIsNotReplaced() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try expectRebuildRefused(in: temp, saying: "was not written by paywall (its paywall-manifest.json cannot be read)") {
            try temp.write(["site/public/paywall-manifest.json": "{ not json"], under: "")
        }
    }

    @Test func aSymlinkedOutputIsWrittenWhereItPoints() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try FileManager.default.createDirectory(atPath: temp.path("www"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/public"), withDestinationPath: temp.path("www"))
        #expect(paywall("build", temp.path("site")).status == 0)
        #expect(temp.snapshot("www")["en-US/pro/index.html"] != nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path("site/public"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
    }

    @Test func anInterruptedSwapIsRecovered() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        #expect(paywall("build", temp.path("site")).status == 0)
        // As if a build died between its two renames: the output is only in its previous copy.
        try FileManager.default.moveItem(atPath: temp.path("site/public"), toPath: temp.path("site/.public.paywall-old-99999"))
        try temp.write(["site/.public.paywall-trash-99999-1/junk.html": "half"], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        // Leftovers (and a spare whose deletion was cut short) are deleted by a process of their own; the previous
        // output stays as the spare.
        #expect(temp.settledEntries("site").filter { $0.hasPrefix(".public") } == [".public.paywall-spare"], "leftovers are removed")
        #expect(temp.snapshot("site/public")["en-US/pro/index.html"] != nil)
    }

    @Test func aRebuildKeepsUnchangedPagesAndWritesChangedOnes() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        for _ in 0..<3 { #expect(paywall("build", temp.path("site")).status == 0) }
        var before = stat()
        #expect(stat(temp.path("site/public/en-US/pro/index.html"), &before) == 0)
        #expect(before.st_nlink == 2, "the unchanged page is one file shared by the output and its spare")
        let page = try #require(BirdwatchSite.cli.content["pro.md"])
        try temp.write(["site/content/pro.md": page + "\nOne more line.\n"], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        let html = try #require(temp.snapshot("site/public")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(html.contains("One more line."))
        let spare = try #require(temp.snapshot("site/.public.paywall-spare")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!spare.contains("One more line."), "the previous output is kept whole as the spare")
        // A spare without its manifest (a build stopped while filling it) is not trusted.
        try FileManager.default.removeItem(atPath: temp.path("site/.public.paywall-spare/paywall-manifest.json"))
        try temp.write(["site/.public.paywall-spare/en-US/pro/index.html": "stale"], under: "")
        try temp.write(["site/content/pro.md": page], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        let rebuilt = try #require(temp.snapshot("site/public")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!rebuilt.contains("One more line.") && rebuilt.contains("<!doctype html>"))
    }
}
