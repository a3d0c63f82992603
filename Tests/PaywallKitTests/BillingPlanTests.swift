import Foundation
import Testing
@testable import PaywallKit

/// `billingPlans.monthly` in the catalog and `billingPlan: monthly` on a page: 12 monthly payments with a commitment.
@Suite("Billing plans: monthly payments with a 12-month commitment")
struct BillingPlanTests {
    /// The default site sold in Germany and Britain; the yearly plan also as 12 monthly payments there.
    static let site = TestSite()
        .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE, en-GB]")
        .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA, de-DE: DEU, en-GB: GBR }")
        .catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\", DEU: \"5.99\", GBR: \"4.99\" }")
        .catalog(replacing: "price: { USA: \"49.99\" }", with: """
            price: { USA: "49.99", DEU: "59.99", GBR: "49.99" }
                    introductoryOffer:
                      - { paymentMode: freeTrial, period: P1W }
                      - { paymentMode: payAsYouGo, period: P1M, periodCount: 2, price: { DEU: "0.99", GBR: "0.99" }, billingPlan: monthly }
                    billingPlans:
                      monthly: { price: { DEU: "5.49", GBR: "4.49" }, commitmentPrice: { DEU: "65.80" } }
            """)

    static func monthlyPage(_ site: TestSite) -> TestSite {
        site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nbillingPlan: monthly")
    }

    static func page(_ result: SiteBuilder.Result, _ locale: String) throws -> String {
        try #require(TestSite.file("\(locale)/pro/index.html", of: result), "\(locale)/pro/ was built: \(result.diagnostics.errors)")
    }

    @Test func theMonthlyPaymentIsTheBilledPriceWithThePaymentsAndTotalAsOnePhrase() throws {
        let result = Self.monthlyPage(Self.site).build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let german = try Self.page(result, "de-DE")
        // The commitment's total is the catalog's 65,80 €, not 12 × 5,49 € nor the up-front 59,99 €.
        #expect(german.contains("<strong class=\"price\">5,49\u{A0}€/Monat</strong>"), "the monthly payment is the bold, billed price")
        #expect(german.contains("<span class=\"equivalent commitment\">12 Monatsraten, 65,80\u{A0}€ insgesamt</span>"))
        #expect(german.contains("aria-label=\"Yearly, 5,49\u{A0}€ pro Monat, 12 Monatsraten, 65,80\u{A0}€ insgesamt"),
                "a screen reader hears the payment, the payments and the total in one label")
        #expect(!german.contains("59,99"), "the up-front price is not shown on a monthly page")
        // Britain has no commitment price: the total is 12 payments.
        let british = try Self.page(result, "en-GB")
        #expect(british.contains("12 monthly payments, £53.88 total"))
        #expect(british.contains("12 monthly payments of £4.49 (£53.88 in total)."), "the commitment's renewal terms")
        #expect(british.contains("payments already agreed are still due"))
    }

    @Test func aPurchaseLinkNamesTheBillingPlanTheOptionBills() throws {
        let site = Self.site.config(replacing: "checkout?product={productID}&locale={locale}",
                                    with: "checkout?product={productID}&locale={locale}&plan={billingPlan}")
        let monthly = Self.monthlyPage(site).build()
        #expect(monthly.diagnostics.errors.isEmpty, "\(monthly.diagnostics.errors)")
        #expect(try Self.page(monthly, "de-DE").contains("product=pro.yearly&amp;locale=de-DE&amp;plan=monthly"))
        // Where the storefront has no monthly plan, and on a page that bills up front, the link says so.
        #expect(try Self.page(monthly, "en-US").contains("product=pro.yearly&amp;locale=en-US&amp;plan=upFront"))
        #expect(try Self.page(site.build(), "de-DE").contains("product=pro.yearly&amp;locale=de-DE&amp;plan=upFront"))
    }

    @Test func onlyTheMonthlyPlansOffersApply() throws {
        let result = Self.monthlyPage(Self.site).build()
        let german = try Self.page(result, "de-DE")
        #expect(german.contains("0,99\u{A0}€/Monat für 2 Monate"), "the monthly plan's introductory offer: \(german)")
        #expect(!german.contains("1 Woche gratis"), "the up-front plan's free week does not apply")
        // Billed up front (the default), the free week applies and the monthly plan's offer does not.
        let upFront = try Self.page(Self.site.build(), "de-DE")
        #expect(upFront.contains("59,99"))
        #expect(!upFront.contains("Monatsraten") && !upFront.contains("0,99"))
    }

    @Test func aStorefrontWithoutTheMonthlyPlanBillsUpFrontWithOneWarningNamingIt() throws {
        let result = Self.monthlyPage(Self.site).build()
        let english = try Self.page(result, "en-US")
        #expect(english.contains("$49.99/year") && !english.contains("monthly payments"))
        let warnings = result.diagnostics.warnings.filter { $0.message.contains("no monthly plan") }
        #expect(warnings.map(\.message) == ["storefront USA has no monthly plan for 'pro.yearly'; it bills up front there"])
        #expect(warnings.first?.location.line == 4, "at the page's billingPlan")
        #expect(warnings.first?.hint?.contains("does not offer") == false && warnings.first?.hint?.contains("App Store sells no monthly plans") == true)
    }

    @Test func theRelativeDiscountComparesPerMonthPrices() throws {
        let result = Self.monthlyPage(Self.site).build()
        // 65,80 € / 12 = 5,483 € a month against 5,99 €: 8 %.
        #expect(try Self.page(result, "de-DE").contains("8\u{A0}% sparen"))
    }

    @Test func anOptionGroupCanBillMonthly() throws {
        let site = Self.site.page(replacing: "groupID: birdwatch.pro", with: """
            groupID: birdwatch.pro
            optionGroups:
              groups:
                - { label: Monthly, productIDs: [pro.monthly] }
                - { label: Yearly, productIDs: [pro.yearly], billingPlan: monthly }
            """)
        let german = try Self.page(site.build(), "de-DE")
        #expect(german.contains("12 Monatsraten, 65,80\u{A0}€ insgesamt"))
    }

    @Test func templatesNameTheBillingPlanAndTheCommitment() throws {
        let site = Self.monthlyPage(Self.site).page(replacing: "Identify every bird you hear.", with:
            "{{#products.pro.yearly}}{{billingPlan}}: {{#commitment}}{{payments}} × {{pricePerPeriod}}, {{total}} over {{periodText}} ({{period}}){{/commitment}}{{^commitment}}{{pricePerPeriod}}{{/commitment}}{{/products.pro.yearly}}; {{products.pro.monthly.billingPlan}}")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        #expect(try Self.page(result, "en-GB").contains("monthly: 12 × £4.49/month, £53.88 over 1 year (P1Y); upFront"))
        #expect(try Self.page(result, "en-US").contains("upFront: $49.99/year; upFront"), "no commitment where the plan does not exist")
    }

    @Test func billingPlansAreForYearlySubscriptionsOnly() throws {
        let site = Self.site.catalog(replacing: "price: { USA: \"4.99\", DEU: \"5.99\", GBR: \"4.99\" }", with: """
            price: { USA: "4.99", DEU: "5.99", GBR: "4.99" }
                    billingPlans: { monthly: { price: { DEU: "0.49" } } }
            """)
        expectError(site.errors, "billingPlans is for one-year subscriptions, and this one renews every P1M", file: "site/catalog.yml", line: 12,
                    hint: "only for P1Y subscriptions")
    }

    @Test func aMonthlyPlanPricedInTheUnitedStatesIsAWarning() throws {
        let site = Self.site.catalog(replacing: "price: { DEU: \"5.49\", GBR: \"4.49\" }", with: "price: { DEU: \"5.49\", GBR: \"4.49\", USA: \"3.99\" }")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty)
        let warning = try #require(result.diagnostics.warnings.first { $0.message.contains("where the App Store does not offer monthly plans") })
        #expect(warning.message.contains("has a price for USA"))
        #expect(warning.location.file == "site/catalog.yml" && warning.location.line == 23)
    }

    @Test func aMonthlyPlanPricedInTheUnitedStatesStillBillsUpFrontThereAsTheWarningSays() throws {
        let site = Self.monthlyPage(Self.site.catalog(replacing: "price: { DEU: \"5.49\", GBR: \"4.49\" }",
                                                      with: "price: { DEU: \"5.49\", GBR: \"4.49\", USA: \"3.99\" }"))
        let result = site.build()
        let warning = try #require(result.diagnostics.warnings.first { $0.message.contains("has a price for USA") })
        #expect(warning.hint?.contains("pages there bill the subscription up front") == true)
        let english = try Self.page(result, "en-US")
        #expect(english.contains("$49.99/year") && !english.contains("3.99") && !english.contains("monthly payments"),
                "the page sells what the warning says")
        #expect(try Self.page(result, "de-DE").contains("5,49"), "Germany still bills monthly")
    }

    @Test func aCommitmentPriceWhereThePlanHasNoPaymentIsAnError() throws {
        let site = Self.site.catalog(replacing: "commitmentPrice: { DEU: \"65.80\" }", with: "commitmentPrice: { DEU: \"65.80\", JPN: \"7000\" }")
        expectError(site.errors, "commitmentPrice has a price for JPN, where the monthly plan has no payment", file: "site/catalog.yml", line: 23)
    }

    @Test func anOfferOfAMissingMonthlyPlanIsAnError() throws {
        let site = TestSite().catalog(replacing: "price: { USA: \"49.99\" }", with: """
            price: { USA: "49.99" }
                    promotionalOffers:
                      - { id: later, billingPlan: monthly, paymentMode: payUpFront, period: P3M, price: { USA: "9.99" } }
            """)
        expectError(site.errors, "offer 'later' applies to the monthly plan, and the subscription has none", file: "site/catalog.yml", line: 20)
    }

    @Test func aSchema5StoreKitFileBillsItsMonthlyPlan() throws {
        let data = try Data(contentsOf: CatalogImportTests.ownFixtures.appendingPathComponent("storekit/commitment-v5.storekit"))
        let site = TestSite(config: "catalog: Products.storekit\nactions: { subscribe: \"https://pay.example.com/{productID}\" }\n",
                            catalogPath: "Products.storekit", catalog: data,
                            content: ["pro.md": "---\ngroupID: \"5A0C0100\"\nbillingPlan: monthly\n---\n"])
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let page = try #require(TestSite.file("en-GB/pro/index.html", of: result))
        #expect(page.contains("<strong class=\"price\">£5.49/month</strong>"))
        #expect(page.contains("12 monthly payments, £65.80 total"), "the file's commitmentDisplayPrice, not 12 × 5.49")
        #expect(page.contains("£0.99/month for 2 months"), "the MONTHLY plan's introductory offer")
        #expect(!page.contains("2 weeks free"), "not the up-front plan's")
        // Lite Yearly's MONTHLY plan is disabled: it bills up front, and the page says so once.
        #expect(page.contains("£29.99/year"))
        #expect(result.diagnostics.warnings.filter { $0.message.contains("no monthly plan") }.map(\.message)
                == ["storefront GBR has no monthly plan for 'lite.yearly'; it bills up front there"])
    }
}
