import Foundation
import Testing
@testable import PaywallCLI
import PaywallTestSupport

/// Bad purchase links through the command line: an error at its line and column, exit 1, the previous
/// output byte for byte as it was (issues 18 §4, 19, 24 item 1).
@Suite struct ActionLinksCLITests {
    static let subscribe = "  subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"

    @Test(arguments: [
        ("  subscribe:\n    pro.yearly: https://buy.stripe.com/abc", "content/pro.md:3:10: error: the page 'pro' shows 'pro.monthly', which no purchase link"),
        ("  subscribe: https://pay.example.com/checkout?uid={appUserID}", "paywall.yml:6:51: error: actions.subscribe has the placeholder {appUserID}"),
        ("  subscribe: http://pay.example.com/checkout", "paywall.yml:6:14: error: actions.subscribe uses the 'http:' scheme"),
        ("  subscribe: \"java{offerID}script:alert(document.domain)//\"", "paywall.yml:6:14: error: actions.subscribe for 'pro.monthly' (no offer, en-US) uses the 'javascript:' scheme"),
        (subscribe + "\n  carry: [\"app user\"]", "paywall.yml:7:11: error: actions.carry: 'app user' is not a query parameter name"),
    ])
    func badLinksFailAtTheirPlaceAndKeepThePreviousOutput(_ actions: String, _ expected: String) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let site = temp.path("site")
        #expect(paywall("build", site).status == 0)
        let before = temp.snapshot("site/public")
        #expect(!before.isEmpty)

        try temp.write(["paywall.yml": BirdwatchSite.cliConfig.replacingOccurrences(of: Self.subscribe, with: actions)], under: "site")
        let (status, output) = paywall("build", site)
        #expect(status == 1)
        #expect(output.stderrLines.contains { $0.hasPrefix("\(site)/\(expected)") }, "\(output.stderrLines)")
        #expect(temp.snapshot("site/public") == before, "the previous output is byte-for-byte untouched")
    }

    @Test func initScaffoldsAWelcomePageAndSaysWhereToPointTheCheckout() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let (created, output) = paywall("init", temp.path("new"))
        #expect(output.stdout.contains("success URL to https://example.com/subscribe/en-US/welcome/"), "\(created)")
        #expect(paywall("build", temp.path("new")).status == 0)
        let page = try #require(temp.snapshot("new/public")["en-US/welcome/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(page.contains(#"<a class="open-app" href="https://example.com/app/open">Open My App</a>"#))
        #expect(page.contains(#"<a class="app-store" href="https://apps.apple.com/app/id123456789">Get My App on the App Store</a>"#))
        #expect(page.contains("Open My App to start"), "{{app.name}} in the copy")
        #expect(!page.contains("class=\"subscribe\""))
        let index = try #require(temp.snapshot("new/public")["index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(index.contains("url=en-US/premium/"), "the root sends visitors to the store page, not the welcome page")
    }
}
