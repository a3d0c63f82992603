import Foundation
import Testing
@testable import PaywallKit

/// What the purchase controls sell is what the page shows: the selected card first in a carousel, the plan, its
/// offer and price under a picker's button, renewal wording for who bills, and readable colours.
@Suite struct PurchaseTermsTests {
    static let page = "en-US/pro/index.html"

    /// The default test site with a trial on the yearly plan, a lifetime product, and `front` in the page.
    static func site(_ front: String, config: String = "") -> TestSite {
        TestSite().with { site in
            site.catalogText = site.catalogText.replacingOccurrences(of: "        price: { USA: \"49.99\" }\n",
                                                                     with: "        price: { USA: \"49.99\" }\n        introductoryOffer: { paymentMode: payUpFront, period: P1Y, price: { USA: \"19.99\" } }\n")
            site.content["pro.md"] = "---\ntitle: Birdwatch Pro\n\(front)\n---\n# Birdwatch Pro\n"
            site.config = (site.config ?? "") + config
        }
    }

    static func html(_ site: TestSite) throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return try #require(TestSite.file(page, of: result))
    }

    /// The product IDs of the option cards, in page order.
    static func cards(_ html: String) -> [String] {
        html.matches(of: /<label class="option" for="option-\d+" data-product-id="([^"]+)">/).map { String($0.output.1) }
    }

    @Test(arguments: [Page.ControlStyle.pagedPicker, .pagedProminentPicker])
    func aCarouselOpensOnTheSelectedCard(_ style: Page.ControlStyle) throws {
        let html = try Self.html(Self.site("productIDs: [pro.monthly, pro.yearly]\ncontrolStyle: \(style.rawValue)\nselected: pro.yearly"))
        #expect(Self.cards(html) == ["pro.yearly", "pro.monthly"], "the selected card first, the rest in their order")
        #expect(html.contains(#"id="option-1" value="pro.yearly" data-index="1" aria-label"#) && html.contains("checked"))
        let markers = html.matches(of: /<a class="page-marker" href="#plan-(\d)" tabindex="-1" data-index="(\d)">/)
        #expect(markers.map { [String($0.output.1), String($0.output.2)] } == [["1", "1"], ["0", "0"]],
                "page markers follow the cards, each a link to its card")
    }

    @Test(arguments: [Page.ControlStyle.pagedPicker, .pagedProminentPicker])
    func aCarouselsEveryCardCarriesTheLinkThatBuysIt(_ style: Page.ControlStyle) throws {
        let html = try Self.html(Self.site("productIDs: [pro.monthly, pro.yearly]\ncontrolStyle: \(style.rawValue)"))
        let rows = html.matches(of: /<div class="option-row" id="plan-(\d)">\n<input[^\n]*value="([^"]+)"(?s:.*?)<div class="card-purchase">\n<a class="subscribe" data-action="subscribe" data-product-id="([^"]+)" data-index="(\d)" href="([^"]+)"/)
        #expect(rows.map { [String($0.output.2), String($0.output.3), String($0.output.4)] }
                == [["pro.monthly", "pro.monthly", "0"], ["pro.yearly", "pro.yearly", "1"]])
        #expect(rows.allSatisfy { $0.output.5.contains("product=\($0.output.3)&amp;") })
    }

    @Test(arguments: [Page.ControlStyle.picker, .compactPicker, .automatic, .prominentPicker])
    func otherStylesKeepTheCatalogOrder(_ style: Page.ControlStyle) throws {
        let html = try Self.html(Self.site("productIDs: [pro.monthly, pro.yearly]\ncontrolStyle: \(style.rawValue)\nselected: pro.yearly"))
        #expect(Self.cards(html) == ["pro.monthly", "pro.yearly"])
    }

    @Test func underAPickersButtonTheLineNamesThePlanItsOfferAndPrice() throws {
        let html = try Self.html(Self.site("productIDs: [pro.monthly, pro.yearly]\ncontrolStyle: compactPicker\nselected: pro.yearly"))
        #expect(html.contains(#"<p class="renewal" data-index="1">Yearly: $19.99 for 1 year, then $49.99/year. Renews automatically until canceled.</p>"#))
        #expect(html.contains(#"<p class="renewal" data-index="0">Monthly: $4.99/month. Renews automatically until canceled.</p>"#))
    }

    @Test func aButtonsCardsRenewalLineSaysTheOfferThenTheRegularPrice() throws {
        let html = try Self.html(Self.site("groupID: birdwatch.pro\ncontrolStyle: buttons"))
        #expect(html.contains("<p class=\"renewal\">$19.99 for 1 year, then $49.99/year. Renews automatically until canceled.</p>"))
        #expect(html.contains("<p class=\"renewal\">Renews automatically at $4.99 per month until canceled.</p>"))
        #expect(html.components(separatedBy: "$19.99 for 1 year, then $49.99/year").count == 2,
                "the offer is said once, under the card's button, not also under its price")
    }

    @Test func aOneTimeProductsLineNamesItsPriceAndTermsNotRenewal() throws {
        let site = Self.site("productIDs: [pro.monthly, lifetime]\nselected: lifetime").with { site in
            site.catalogText += "nonConsumables:\n  - { id: lifetime, referenceName: Lifetime, price: { USA: \"99.99\" } }\n"
        }
        let html = try Self.html(site)
        #expect(html.contains(#"<p class="purchase-terms" data-index="1">Lifetime: $99.99, one-time purchase</p>"#))
    }

    @Test func webBillingSaysCancelFromTheAccountPageAndLinksIt() throws {
        let html = try Self.html(Self.site("groupID: birdwatch.pro", config: "billing: web\n").with { site in
            site.config = site.config!.replacingOccurrences(of: "actions:\n", with: "actions:\n  manageSubscription: https://example.com/account?lang={locale}\n")
        })
        #expect(html.contains(#"<p class="auto-renew">Subscriptions renew automatically at the price and period shown until canceled. You can cancel any time from <a href="https://example.com/account?lang=en-US" data-action="manageSubscription">your account page</a>.</p>"#))
        #expect(!html.contains("24 hours"), "no App Store wording on a web checkout")
    }

    @Test func webBillingIsTheDefaultAndNeedsNoLink() throws {
        let html = try Self.html(Self.site("groupID: birdwatch.pro"))
        #expect(html.contains(#"<p class="auto-renew">Subscriptions renew automatically at the price and period shown until canceled. You can cancel any time from your account page.</p>"#))
    }

    @Test func appStoreBillingKeepsTheAppStoreWording() throws {
        let html = try Self.html(Self.site("groupID: birdwatch.pro", config: "billing: appStore\n"))
        #expect(html.contains("Cancel anytime in your account settings at least 24 hours before the end of the current period.</p>"))
        #expect(!html.contains("account page"))
    }

    @Test func anUnknownBillingIsAnErrorAtItsLine() {
        let errors = Self.site("groupID: birdwatch.pro", config: "billing: stripe\n").errors
        let line = TestSite.defaultConfig.split(separator: "\n", omittingEmptySubsequences: false).count
        expectError(errors, "'stripe' is not a valid billing", file: "site/paywall.yml", line: line, hint: "web, appStore")
    }
}
