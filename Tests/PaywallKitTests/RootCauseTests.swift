import Testing
@testable import PaywallKit

/// An error says its cause once: what follows from it is not reported again (issue: "Errors say the cause once").
@Suite("Errors name the cause once")
struct RootCauseTests {
    static let subscribe = "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"

    @Test("a refused subscribe link is one error at its place, not one per product it would have covered",
          arguments: ["subscribe: \"javascript:alert(1)\"", "subscribe: { pro.yearly: https://buy.example.com/y, default: \"javascript:x\" }",
                      "subscribe: \"https://{nope}.example/\""])
    func refusedSubscribe(_ line: String) {
        let site = TestSite().config(replacing: Self.subscribe, with: line).with { site in
            site.content["other.md"] = TestSite.defaultPage
        }
        let errors = site.errors
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors.first?.location.file == "site/paywall.yml")
        #expect(!errors.contains { $0.message.contains("no purchase link") })
    }

    @Test("a product that no valid link covers is still reported")
    func uncoveredStill() {
        let site = TestSite().config(replacing: Self.subscribe, with: "subscribe: { pro.yearly: https://buy.example.com/y }")
        #expect(site.errors.map(\.message) == ["the page 'pro' shows 'pro.monthly', which no purchase link in actions covers"])
    }

    @Test("a translation every locale passes over for a more specific file is a warning naming both files")
    func shadowed() throws {
        let german = "---\ntitle: Vogelwarte\n---\nJeder Vogel.\n"
        let site = TestSite().config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]").with { site in
            site.content["pro.de.md"] = german
            site.content["pro.de-DE.md"] = german
        }
        let warning = try #require(site.build().diagnostics.warnings.first { $0.message.contains("no locale reads") })
        #expect(warning.location.file == "site/content/pro.de.md")
        #expect(warning.message == "no locale reads this de translation of 'pro': de-DE reads site/content/pro.de-DE.md, which is more specific")
        let austrian = site.config(replacing: "locales: [en-US, de-DE]", with: "locales: [en-US, de-DE, de-AT]")
        #expect(!austrian.build().diagnostics.warnings.contains { $0.message.contains("no locale reads") }, "de-AT reads pro.de.md")
    }
}
