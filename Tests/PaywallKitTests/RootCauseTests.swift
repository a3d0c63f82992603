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

    @Test("a refused value of paywall.yml is its one error: what its absence would cause is not reported",
          arguments: [
              // A policy link: not "the page has no Privacy Policy link" on every page.
              ("privacyPolicy: https://example.com/privacy", "privacyPolicy: \"javascript:x\"", "policies.privacyPolicy"),
              // A change of plan, on a page that writes subscribers' pages: not "add actions.changePlan".
              ("changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}",
               "changePlan: ftp://pay.example.com/change", "actions.changePlan"),
              // A storefront: not "no price for storefront XXX" for every product of the locale.
              ("locales: [en-US]\nstorefronts: { default: USA }", "locales: [en-US, de-DE]\nstorefronts: { default: XXX }",
               "'XXX' is not an App Store storefront"),
              // A store button's link, on a page that shows the button: not "paywall.yml has no actions.signIn".
              ("signIn: https://example.com/account", "signIn: \"javascript:x\"", "actions.signIn"),
              // A misspelled key: its value was meant, and what lacks it follows from the misspelling.
              ("policies:", "polices:", "unknown key 'polices'"),
              ("  privacyPolicy:", "  privacypolicy:", "unknown key 'privacypolicy'"),
              ("actions:", "action:", "unknown key 'action'"),
              ("  changePlan:", "  changeplan:", "unknown key 'changeplan'"),
              ("locales: [en-US]\nstorefronts:", "locales: [en-US, de-DE]\nstorefront:", "unknown key 'storefront'"),
          ])
    func refusedSettingValue(_ old: String, _ new: String, _ cause: String) {
        let signIn = TestSite().config(replacing: "  changePlan:", with: "  signIn: https://example.com/account\n  changePlan:")
        let site = signIn.config(replacing: old, with: new).with { site in
            site.content["pro.md"] = TestSite.page(frontMatter: "visibleRelationships: [upgrade, current]\n"
                                                       + "storeButtons: { signIn: visible }\n")
            site.content["other.md"] = TestSite.defaultPage
        }
        #expect(signIn.errors.isEmpty, "the site builds before the change")
        let errors = site.errors
        #expect(errors.count == 1, "\(errors.map(\.message))")
        #expect(errors.first?.location.file == "site/paywall.yml")
        #expect(errors.first?.message.contains(cause) == true, "\(errors.map(\.message))")
    }

    @Test("one refused policy link keeps the other, and one refused storefront the others")
    func refusedKeepsTheRest() throws {
        func load(_ old: String, _ new: String) throws -> (SiteConfig, [Diagnostic]) {
            let text = TestSite.replace(old, with: new, in: TestSite.defaultConfig)
            var diagnostics = Diagnostics()
            let config = SiteConfig.load(try YAML.parse(text, file: "paywall.yml"), file: "paywall.yml",
                                         diagnostics: &diagnostics)
            return (config, diagnostics.errors)
        }
        let (policies, policyErrors) = try load("privacyPolicy: https://example.com/privacy",
                                                "privacyPolicy: \"javascript:x\"")
        #expect(policies.policies.termsOfService == .url("https://example.com/terms"))
        #expect(policies.refused == ["policies.privacyPolicy"])
        #expect(policyErrors.count == 1)

        let (storefronts, storefrontErrors) = try load("storefronts: { default: USA }",
                                                       "storefronts: { en-GB: XXX, default: USA }")
        #expect(storefronts.storefronts == ["default": "USA"])
        #expect(storefronts.refused == ["storefronts.en-GB"])
        #expect(storefrontErrors.count == 1)
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
