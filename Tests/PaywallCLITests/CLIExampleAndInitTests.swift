import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// The example site of the repository, built as a user would.
@Suite struct CLIExampleSiteTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func exampleSiteOrdersMembershipOptionsAndLinksThemToCheckout() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let site = temp.url.appendingPathComponent("example")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for item in ["paywall.yml", "catalog.yml", "content", "assets"] {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(item), to: site.appendingPathComponent(item))
        }
        let (status, output) = paywall("build", site.path, "--quiet")
        #expect(status == 0, "\(output.stderr)")
        let html = try String(contentsOf: site.appendingPathComponent("public/en-US/membership/index.html"), encoding: .utf8)

        // `.option` elements in document order.
        let options = matches(#"<[a-z]+ [^>]*class="option"[^>]*data-product-id="([^"]+)""#, in: html)
        #expect(options == ["pro.monthly", "pro.yearly", "plus.monthly", "plus.yearly", "lifetime"])

        // Each subscribe link goes to the checkout with its product and locale.
        let links = matches(#"(<a [^>]*data-action="subscribe"[^>]*>)"#, in: html)
        #expect(links.count == 4)
        for link in links {
            let id = try #require(matches(#"data-product-id="([^"]+)""#, in: link).first)
            let href = try #require(matches(#"href="([^"]+)""#, in: link).first).replacingOccurrences(of: "&amp;", with: "&")
            #expect(href == "https://pay.birdsong.example.com/checkout?product=\(id)&locale=en-US")
        }
        #expect(Set(links.compactMap { matches(#"data-product-id="([^"]+)""#, in: $0).first }) == Set(options.dropLast()))

        // The lifetime option is bought, not subscribed to: its link comes from actions.purchase.
        let buy = matches(#"(<a [^>]*data-action="purchase"[^>]*>)"#, in: html)
        #expect(buy.count == 1)
        #expect(buy.first?.contains(#"href="https://pay.birdsong.example.com/buy?product=lifetime&amp;locale=en-US""#) == true)
    }

    /// The first capture group of every match of `pattern`, in order.
    func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            Issue.record("bad pattern \(pattern)")
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

@Suite struct InitAndSchemaTests {
    @Test func initMakesASiteThatChecksAndBuilds() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let site = temp.path("new")
        let (created, output) = paywall("init", site)
        #expect(created == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Next: paywall serve"))
        let (checked, checkOutput) = paywall("check", site)
        #expect(checked == 0, "placeholder links are warnings, not errors")
        // The scaffold's example.com links: one warning each, at its line, so CI does not ship them.
        let keys = ["baseURL", "app.openURL", "actions.subscribe", "actions.restorePurchases", "actions.manageSubscription",
                    "policies.termsOfService", "policies.privacyPolicy"]
        for key in keys {
            #expect(checkOutput.stderr.contains(": warning: \(key) still points at the placeholder https://example.com/"),
                    "\(key): \(checkOutput.stderr)")
        }
        #expect(checkOutput.stderr.contains("paywall.yml:11:16: warning: app.appStoreURL still points at the placeholder "
                                            + "https://apps.apple.com/app/id123456789"), "\(checkOutput.stderr)")
        #expect(!paywall("build", site).output.stderr.contains("placeholder"), "build itself stays quiet about them")
        let (built, buildOutput) = paywall("build", site)
        #expect(built == 0, "\(buildOutput.stderr)")
        #expect(temp.snapshot("new/public")["en-US/premium/index.html"] != nil)
    }

    @Test func initNeverOverwritesAFile() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try temp.write(["site/paywall.yml": "mine"], under: "")
        let (status, output) = paywall("init", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("paywall.yml:1:1: error: the file already exists"))
        #expect(temp.snapshot("site").keys.sorted() == ["paywall.yml"], "nothing else was written")
        #expect(temp.snapshot("site")["paywall.yml"] == Data("mine".utf8))
    }

    @Test(arguments: ["catalog", "page", "site"])
    func schemaPrintsJSONSchema(_ format: String) throws {
        let (status, output) = paywall("schema", format)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(object["properties"] != nil)
    }

    @Test func schemaNeedsAKnownFormat() {
        #expect(paywall("schema", "nope").status == 64)
        #expect(paywall("schema").status == 64)
    }
}
