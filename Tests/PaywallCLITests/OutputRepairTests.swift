import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// A rebuild reuses a file of the output or of its spare only while it holds the bytes the manifest says, and
/// publishes only what paywall wrote: a file emptied, edited or added by hand in either folder never reaches the output.
@Suite struct OutputRepairTests {
    static let site = BirdwatchSite.cli.with { $0.assets["logo.svg"] = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8) }
    static let pagePath = "en-US/pro/index.html"

    /// A site built three times, so that the output and its spare share every file (hard links).
    func builtSite() throws -> TemporaryFolder {
        let temp = try TemporaryFolder()
        try Self.site.write(to: temp.path("site"))
        for _ in 0..<3 { #expect(paywall("build", temp.path("site")).status == 0) }
        var info = stat()
        #expect(stat(temp.path("site/public/" + Self.pagePath), &info) == 0 && info.st_nlink == 2)
        return temp
    }

    func build(_ temp: TemporaryFolder) {
        let (status, output) = paywall("build", temp.path("site"))
        #expect(status == 0, "\(output.stderr)")
    }

    @Test func aPageEmptiedInTheOutputIsWrittenAgain() throws {
        let temp = try builtSite()
        defer { temp.remove() }
        let page = try #require(temp.snapshot("site/public")[Self.pagePath])
        // Emptied in place: the spare's link to the same file is empty too.
        #expect(truncate(temp.path("site/public/" + Self.pagePath), 0) == 0)
        build(temp)
        #expect(temp.snapshot("site/public")[Self.pagePath] == page)
        build(temp)
        #expect(temp.snapshot("site/public")[Self.pagePath] == page)
    }

    @Test func anAssetEditedInTheOutputIsWrittenAgainEvenAtTheSameSize() throws {
        let temp = try builtSite()
        defer { temp.remove() }
        let path = temp.path("site/public/assets/logo.svg")
        let asset = try #require(FileManager.default.contents(atPath: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 4))   // same size, other bytes
        try handle.close()
        #expect(FileManager.default.contents(atPath: path) != asset)
        build(temp)
        #expect(FileManager.default.contents(atPath: path) == asset)
    }

    @Test func aPageEditedInTheSpareIsNotPublishedWhenTheSiteGoesBack() throws {
        let temp = try builtSite()
        defer { temp.remove() }
        let page = try #require(temp.snapshot("site/public")[Self.pagePath])
        let original = try #require(Self.site.content["pro.md"])
        try temp.write(["site/content/pro.md": original + "\nA new line.\n"], under: "")
        build(temp)
        // The spare now holds the previous revision's page: edit it there.
        try temp.write(["site/.public.paywall-spare/" + Self.pagePath: "<p>edited by hand</p>"], under: "")
        try temp.write(["site/content/pro.md": original], under: "")
        build(temp)
        #expect(temp.snapshot("site/public")[Self.pagePath] == page)
    }

    @Test func filesPutInTheSpareAreNeverPublished() throws {
        let temp = try builtSite()
        defer { temp.remove() }
        let before = temp.snapshot("site/public")
        try temp.write(["site/.public.paywall-spare/CNAME": "example.com",
                        "site/.public.paywall-spare/en-US/extra.html": "<p>extra</p>",
                        "site/.public.paywall-spare/new-folder/page.html": "<p>new</p>"], under: "")
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/.public.paywall-spare/secrets"), withDestinationPath: temp.path("site"))
        try FileManager.default.removeItem(atPath: temp.path("site/.public.paywall-spare/" + Self.pagePath))
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/.public.paywall-spare/" + Self.pagePath),
                                                   withDestinationPath: temp.path("site/paywall.yml"))
        build(temp)
        #expect(temp.snapshot("site/public") == before)
        #expect(temp.entries("site/public").sorted() == ["404.html", "assets", "en-US", "index.html", "offers.json",
                                                           "paywall-manifest.json", "pro", "robots.txt", "sitemap.xml"])
        var info = stat()
        #expect(lstat(temp.path("site/public/" + Self.pagePath), &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        build(temp)
        #expect(temp.snapshot("site/public") == before)
    }

    @Test func serveRefusesAFolderThatBuildRefuses() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["private/key.pem": "secret"], under: "")
        let (status, output) = paywall("serve", temp.path("site"), "-o", temp.path("private"), "--port", "0")
        #expect(status == 1)
        #expect(output.stderr.contains("the output folder is not empty and was not written by paywall"), "\(output.stderr)")
        #expect(temp.entries("private") == ["key.pem"])
        // A folder paywall wrote, with a file added by hand, is refused by both.
        #expect(paywall("build", temp.path("site")).status == 0)
        try temp.write(["site/public/CNAME": "example.com"], under: "")
        let served = paywall("serve", temp.path("site"), "--port", "0")
        #expect(served.status == 1)
        #expect(served.output.stderr.contains("files paywall did not write: CNAME"), "\(served.output.stderr)")
    }

    @Test func initWritesNothingThroughALinkOutOfTheSite() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try FileManager.default.createDirectory(atPath: temp.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temp.path("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/content"), withDestinationPath: temp.path("elsewhere"))
        let (status, output) = paywall("init", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("site/content:1:1: error: this folder is a symbolic link out of the site"), "\(output.stderr)")
        #expect(temp.entries("elsewhere").isEmpty)
        #expect(temp.entries("site") == ["content"], "nothing is written when one folder is refused")
        // A link that stays inside the site is followed as before.
        try FileManager.default.removeItem(atPath: temp.path("site/content"))
        try FileManager.default.createDirectory(atPath: temp.path("site/pages"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/content"), withDestinationPath: temp.path("site/pages"))
        #expect(paywall("init", temp.path("site")).status == 0)
        #expect(temp.entries("site/pages").sorted() == ["premium.md", "welcome.md"])
    }
}
