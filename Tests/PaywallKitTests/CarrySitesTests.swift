import Foundation
import Testing
@testable import PaywallKit

/// `actions.carry` fills purchase links only on the page's own site and the sites the purchase links name, and the
/// hash of its script is allowed wherever a policy is sent (the page's meta and the host's header). The browser's
/// side (a link `new URL()` rejects, a raw-HTML link to another site) is Tests/e2e/paywall_e2e/carry.py.
@Suite struct CarrySitesTests {
    @Test func carryNamesEachPurchaseSiteInItsScriptOnce() throws {
        let links = """
            subscribe: { pro.yearly: "https://Pay.Example.com/y", default: "https://pay.example.com/c?p={productID}" }
              purchase: https://shop.example.org:8443/buy/{productID}
              carry: [app_user_id]
            """
        let template = "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"
        let site = TestSite().config(replacing: template, with: links)
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(html.contains(#"o=[location.origin];["https://pay.example.com","https://shop.example.org:8443"]"#))
    }

    @Test func carryWithAPurchaseLinkWhoseHostIsAPlaceholderIsAnError() {
        let template = "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"
        let site = TestSite().config(replacing: template,
                                     with: "subscribe: \"https://{locale}.pay.example.com/c\"\n  carry: [app_user_id]")
        expectError(site.errors, "actions.carry cannot tell the site of the purchase link", file: "site/paywall.yml",
                    line: TestSite.line(of: "{locale}.pay", in: site.config ?? ""), hint: "write its host out")
    }

    @Test func theHostHeaderPolicyAllowsTheScriptThePagesHold() throws {
        let template = "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"
        let site = TestSite().config(replacing: template, with: template + "\n  carry: [app_user_id]")
            .config(replacing: "actions:\n", with: "hosting: [netlify]\nactions:\n")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        // Netlify publishes the output at its root: the site's files are below baseURL's path in it.
        let html = try #require(TestSite.file("subscribe/en-US/pro/index.html", of: result))
        let source = try #require(html.components(separatedBy: "<script>").dropFirst().first?
            .components(separatedBy: "</script>").first)
        let hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
        let headers = try #require(TestSite.file("_headers", of: result))
        #expect(html.contains("script-src '\(hash)'"))
        let policy = "Content-Security-Policy: default-src 'none'; script-src '\(hash)'; style-src 'self';"
        #expect(headers.contains(policy),
                "\(headers)")
    }
}
