import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// `--base-url`: a preview deploy's address in place of paywall.yml's baseURL, checked as baseURL is.
@Suite struct BaseURLOptionTests {
    @Test func buildWritesEveryAbsoluteLinkAtTheGivenAddress() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let (status, output) = paywall("build", temp.path("site"), "--base-url", "https://pr-7.preview.dev/sub", "--quiet")
        #expect(status == 0, "\(output.stderr)")
        let page = try String(contentsOfFile: temp.path("site/public/en-US/pro/index.html"), encoding: .utf8)
        #expect(page.contains("<link rel=\"canonical\" href=\"https://pr-7.preview.dev/sub/en-US/pro/\">"))
        #expect(page.contains("<meta property=\"og:url\" content=\"https://pr-7.preview.dev/sub/en-US/pro/\">"))
        #expect(!page.contains("https://example.com/subscribe/"))
        let sitemap = try String(contentsOfFile: temp.path("site/public/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://pr-7.preview.dev/sub/en-US/pro/</loc>"))
        let robots = try String(contentsOfFile: temp.path("site/public/robots.txt"), encoding: .utf8)
        #expect(robots.hasSuffix("Sitemap: https://pr-7.preview.dev/sub/sitemap.xml\n"))
        let (hosting, block) = paywall("hosting", "nginx", temp.path("site"), "--base-url", "https://pr-7.preview.dev/sub/")
        #expect(hosting == 0, "\(block.stderr)")
        #expect(block.stdout.contains("server_name pr-7.preview.dev;"))
        #expect(block.stdout.contains("rewrite \"^/sub(/.*)$\" $1 last;"))
    }

    @Test("a value baseURL could not be is an error naming the option; the output stays", arguments: [
        ("http://pr-7.preview.dev/", "baseURL uses the 'http:' scheme; use https://"),
        ("javascript:alert(1)", "baseURL uses the 'javascript:' scheme; only https:// links and relative paths are allowed"),
    ])
    func aBadValueIsRefused(_ value: String, _ message: String) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        #expect(paywall("build", temp.path("site"), "--quiet").status == 0)
        let before = temp.snapshot("site/public")
        let (status, output) = paywall("build", temp.path("site"), "--base-url", value)
        #expect(status == 1)
        #expect(output.stderrLines.first == "--base-url:1:1: error: \(message)", "\(output.stderr)")
        #expect(temp.snapshot("site/public") == before)
        #expect(paywall("check", temp.path("site"), "--base-url", value).status == 1)
    }
}
