import Foundation
import Testing
@testable import PaywallKit

/// `app.redeem` (issue 31 §6): the plain page's one script that points the Open button at the checkout's redemption
/// link, its settings' checks, and the QR code beside the button. The browser's side (which links are taken, carry,
/// JavaScript off, the code decoded from a screenshot) is Tests/e2e/paywall_e2e/redeem.py.
@Suite struct RedeemTests {
    static let app = """
        app:
          name: Birdwatch
          openURL: https://example.com/app/open
          appStoreURL: https://apps.apple.com/app/id123456789
          redeem:
            parameter: redeem_url
            prefixes:
              - "rc-abc123://"
              - "https://example.com/redeem/"
        """
    static let welcome = "---\ntitle: Welcome\n---\n# You're all set\n\nOpen the app to start.\n"

    let site = TestSite().config(replacing: "app: { name: Birdwatch }", with: RedeemTests.app)
        .with { $0.content["welcome.md"] = RedeemTests.welcome }

    func html(_ site: TestSite, _ path: String = "en-US/welcome/index.html") throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return try #require(TestSite.file(path, of: result))
    }

    func script(of html: String) throws -> String {
        let scripts = html.components(separatedBy: "<script>").dropFirst()
        #expect(scripts.count == 1 && html.components(separatedBy: "<script").count == 2)
        return try #require(scripts.first?.components(separatedBy: "</script>").first)
    }

    func withPrefix(_ prefix: String) -> TestSite {
        site.config(replacing: "- \"https://example.com/redeem/\"", with: "- \(prefix)")
    }

    @Test func aPlainPageGetsOneScriptThatItsCSPAllowsByHash() throws {
        let page = try html(site)
        let source = try script(of: page)
        let hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
        #expect(page.contains("content=\"default-src 'none'; script-src '\(hash)'; style-src 'self';"))
        #expect(!page.contains("unsafe-inline"))
        #expect(source.contains(#"v=q.get("redeem_url"),p=["rc-abc123://","https://example.com/redeem/"]"#))
        #expect(source.contains("a.open-app[href]") && source.contains("v.indexOf(x)===0"))
        #expect(!source.contains("encodeURIComponent"), "without carry nothing is added to the Open link")
        for word in ["fetch", "XMLHttpRequest", "cookie", "Storage", "sendBeacon", "import", "eval", "innerHTML"] {
            #expect(!source.contains(word), "the script uses \(word)")
        }
        // Without JavaScript the button is the configured link.
        #expect(page.contains(#"<a class="open-app" href="https://example.com/app/open">Open Birdwatch</a>"#))
        #expect(try html(site).utf8.elementsEqual(page.utf8), "the same inputs give the same bytes")
    }

    @Test func carryGoesIntoTheOpenLinkThroughTheSameScript() throws {
        let carry = "&locale={locale}\n  carry: { app_user_id: client_reference_id, utm_source: utm_source }"
        let carried = site.config(replacing: "&locale={locale}", with: carry)
        let source = try script(of: try html(carried))
        #expect(source.contains(#"[["app_user_id","client_reference_id"],["utm_source","utm_source"]]"#))
        #expect(source.contains("encodeURIComponent(w)"))
        #expect(source.contains(#"{a.setAttribute("href",v);return}"#), "a redemption link is taken as it is")
        // The store page keeps the carry script, and only it.
        let store = try html(carried, "en-US/pro/index.html")
        let storeScript = try script(of: store)
        #expect(storeScript.contains("a.subscribe[href]") && !storeScript.contains("open-app"))
    }

    @Test func storePagesAreUnchangedByRedeem() throws {
        let without = TestSite().config(replacing: "app: { name: Birdwatch }",
                                         with: "app: { name: Birdwatch, openURL: https://example.com/app/open }")
        let with = TestSite().config(replacing: "app: { name: Birdwatch }", with: RedeemTests.app)
            .config(replacing: "  appStoreURL: https://apps.apple.com/app/id123456789\n", with: "")
        for path in ["en-US/pro/index.html", "assets/"] {
            let old = without.build().files.filter { $0.path.hasPrefix(path) }.map(\.data)
            let new = with.build().files.filter { $0.path.hasPrefix(path) }.map(\.data)
            #expect(!old.isEmpty && old == new, "\(path) changed")
        }
        #expect(!(try html(with, "en-US/pro/index.html")).contains("<script"))
        // The root sends the visitor on with the query, so that the redemption link reaches the plain page.
        #expect(try html(with, "index.html").contains("<script>\(ForwardScript.shared.source)</script>"))
    }

    @Test func aPlainPageWithoutRedeemHasNoScriptAndNoScriptSource() throws {
        let plain = site.config(replacing: """
              redeem:
                parameter: redeem_url
                prefixes:
                  - "rc-abc123://"
                  - "https://example.com/redeem/"
            """, with: "")
        for page in [plain, plain.config(replacing: "&locale={locale}", with: "&locale={locale}\n  carry: [app_user_id]")] {
            let text = try html(page)
            #expect(!text.contains("<script") && !text.contains("script-src"))
            #expect(text.contains("default-src 'none'"))
        }
    }

    @Test func thePlainPageShowsAQRCodeOfTheAppStoreLinkElseTheOpenLink() throws {
        let page = try html(site)
        let svg = try #require(QRCode("https://apps.apple.com/app/id123456789")?
            .svg(label: "QR code: get Birdwatch on the App Store"))
        #expect(page.contains("<figure class=\"qr\">\n\(svg)\n<figcaption>Scan with your iPhone</figcaption>\n</figure>"))
        let openOnly = site.config(replacing: "  appStoreURL: https://apps.apple.com/app/id123456789\n", with: "")
        let openSVG = try #require(QRCode("https://example.com/app/open")?.svg(label: "QR code: open Birdwatch"))
        #expect(try html(openOnly).contains(openSVG))
        let german = try html(site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]"),
                              "de-DE/welcome/index.html")
        #expect(german.contains(#"aria-label="QR-Code: Birdwatch im App Store laden""#))
        #expect(german.contains("<figcaption>Mit dem iPhone scannen</figcaption>"))
    }

    @Test func theQRCodesRulesAreWrittenOnlyForASiteThatShowsOne() throws {
        func stylesheet(_ site: TestSite) -> String {
            let file = site.build().files.first { $0.path.hasPrefix("assets/paywall.") && $0.path.hasSuffix(".css") }
            return file.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        }
        #expect(stylesheet(site).contains(".qr { display: none; }"))
        #expect(stylesheet(site).contains("@media (min-width: 48rem) {\n  .qr { display: grid;"))
        let noPlainPage = site.with { $0.content["welcome.md"] = nil }
        #expect(!stylesheet(noPlainPage).contains(".qr"))
        let noLinks = TestSite().with { $0.content["welcome.md"] = RedeemTests.welcome }
        #expect(!stylesheet(noLinks).contains(".qr"))
        #expect(!(try html(noLinks)).contains("<figure"))
    }

    // MARK: paywall.yml

    @Test(arguments: [
        ("\"javascript://alert(1)\"", "uses the 'javascript:' scheme", "rc-abc123://"),
        ("\"javascript:alert(1)\"", "is not an app scheme or an https URL", "rc-abc123://"),
        ("\"http://example.com/redeem/\"", "uses the 'http:' scheme", "https://example.com/redeem/"),
        ("\"data://text/html\"", "uses the 'data:' scheme", "rc-abc123://"),
        ("\"https://\"", "does not name an https site", "https://example.com/redeem/"),
        ("\"https://example.com\"", "ends with the host", "https://example.com/"),
        ("https://example.com", "ends with the host", "https://example.com/"),
        ("\"https://user@example.com/\"", "does not name an https site", "no user name"),
        ("\"HTTPS://example.com/\"", "does not name an https site", "lower case"),
        ("\"my app://\"", "has a space", "rc-abc123://"),
        ("'rc-\"x://'", "has a space, a quote", "rc-abc123://"),
        ("\"1app://\"", "does not start with a URL scheme", "rc-abc123://"),
    ])
    func aPrefixThatCouldOpenAnotherSiteIsAnError(_ prefix: String, _ message: String, _ hint: String) {
        let site = withPrefix(prefix)
        let text = site.config ?? ""
        expectError(site.errors, message, file: "site/paywall.yml", line: TestSite.line(of: "- \(prefix)", in: text),
                    column: TestSite.column(of: "- \(prefix)", in: text) + 2, hint: hint)
    }

    @Test func aPrefixWithAPathOrAnAppSchemeIsTaken() throws {
        for prefix in ["\"https://example.com/\"", "https://example.com:8443/r?", "\"birdwatch://redeem/\"",
                       "\"rc-abc123://redeem_web_purchase?\""] {
            #expect(withPrefix(prefix).errors.isEmpty, "\(prefix)")
        }
    }

    @Test func redeemsOwnMistakesAreErrorsWhereTheyAre() {
        let text = { (site: TestSite) in site.config ?? "" }
        let unknown = site.config(replacing: "    prefixes:", with: "    prefix: x\n    prefixes:")
        expectError(unknown.errors, "unknown key 'prefix' in app.redeem", file: "site/paywall.yml",
                    line: TestSite.line(of: "prefix: x", in: text(unknown)), column: 5, hint: "did you mean 'prefixes'?")
        let empty = site.config(replacing: "    prefixes:\n      - \"rc-abc123://\"\n      - \"https://example.com/redeem/\"",
                                with: "    prefixes: []")
        expectError(empty.errors, "app.redeem.prefixes is empty", file: "site/paywall.yml",
                    line: TestSite.line(of: "prefixes: []", in: text(empty)), hint: "rc-abc123://")
        let unnamed = site.config(replacing: "    parameter: redeem_url\n", with: "")
        expectError(unnamed.errors, "app.redeem has no 'parameter'", file: "site/paywall.yml",
                    line: TestSite.line(of: "redeem:", in: text(unnamed)), column: 3, hint: "parameter: redeem_url")
        let badName = site.config(replacing: "parameter: redeem_url", with: "parameter: \"redeem url\"")
        expectError(badName.errors, "'redeem url' is not a query parameter name", file: "site/paywall.yml",
                    line: TestSite.line(of: "parameter:", in: text(badName)), hint: "redeem_url")
        let noOpen = site.config(replacing: "  openURL: https://example.com/app/open\n", with: "")
        expectError(noOpen.errors, "app.redeem needs app.openURL", file: "site/paywall.yml",
                    line: TestSite.line(of: "redeem:", in: text(noOpen)), hint: "add openURL")
    }
}
