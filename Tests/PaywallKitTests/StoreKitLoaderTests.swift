import Foundation
import Testing
@testable import PaywallKit

/// The StoreKit loader on small hand-written files (these always run).
@Suite struct StoreKitLoaderTests {
    static func load(_ json: String) throws -> (catalog: Catalog?, diagnostics: Diagnostics) {
        let root = try YAML.parse(json, file: "Products.storekit")
        var diagnostics = Diagnostics()
        return (StoreKitLoader.load(root, file: "Products.storekit", diagnostics: &diagnostics), diagnostics)
    }

    static func subscription(_ fields: String) -> String {
        """
        {
          "settings": { "_storefront": "DEU" },
          "subscriptionGroups": [ { "id": "G1", "name": "Pro", "localizations": [ { "locale": "de_DE", "displayName": "Pro", "description": "" } ],
            "subscriptions": [ {
              "productID": "pro.monthly", "referenceName": "Pro Monthly", "groupNumber": 2,
              "recurringSubscriptionPeriod": "P1M", "displayPrice": "5.49", "familyShareable": true,
              "localizations": [ { "locale": "de_DE", "displayName": "Monatlich", "description": "Jeden Monat" } ]\(fields)
            } ] } ]
        }
        """
    }

    @Test func pricesBelongToTheFilesStorefront() throws {
        let (catalog, diagnostics) = try Self.load(Self.subscription(""))
        #expect(diagnostics.all.isEmpty)
        let loaded = try #require(catalog)
        #expect(loaded.storefront == "DEU")
        let product = try #require(loaded.products.first)
        #expect(product.price.amounts == ["DEU": .of("5.49", "DEU")])
        #expect(product.level == 2)
        #expect(product.familyShareable)
        #expect(product.localizations["de-DE"] == LocalizedText(displayName: "Monatlich", description: "Jeden Monat"))
        #expect(loaded.groups.first?.localizations["de-DE"]?.displayName == "Pro")
    }

    @Test func v5IntroductoryOffersListAloneIsRead() throws {
        let offers = ", \"introductoryOffers\": [ { \"paymentMode\": \"payAsYouGo\", \"subscriptionPeriod\": \"P1M\", \"numberOfPeriods\": 3, \"displayPrice\": \"0.99\" } ]"
        let product = try #require(try Self.load(Self.subscription(offers)).catalog?.products.first)
        #expect(product.introductoryOffer?.paymentMode == .payAsYouGo)
        #expect(product.introductoryOffer?.periodCount == 3)
        #expect(product.introductoryOffer?.price?["DEU"] == .of("0.99", "DEU"))
    }

    @Test func winBackOffersAreRead() throws {
        let offers = ", \"winbackOffers\": [ { \"offerID\": \"back\", \"paymentMode\": \"payUpFront\", \"subscriptionPeriod\": \"P3M\", \"displayPrice\": \"9.99\" } ]"
        let product = try #require(try Self.load(Self.subscription(offers)).catalog?.products.first)
        #expect(product.winBackOffers.map(\.id) == ["back"])
        #expect(product.winBackOffers.first?.kind == .winBack)
        #expect(product.winBackOffers.first?.paymentMode == .payUpFront)
    }

    @Test func unknownPaymentModeIsAnErrorAtItsLine() throws {
        let offers = ",\n\"introductoryOffer\": { \"paymentMode\": \"freeTrial\", \"subscriptionPeriod\": \"P1W\" }"
        let (catalog, diagnostics) = try Self.load(Self.subscription(offers))
        #expect(catalog == nil)
        let error = try #require(diagnostics.errors.first)
        #expect(error.message.contains("'freeTrial' is not a StoreKit payment mode"))
        #expect(error.location.line == 8)
        #expect(error.hint?.contains("free, payAsYouGo or payUpFront") == true)
    }

    @Test func missingPeriodIsAnError() throws {
        let json = Self.subscription("").replacingOccurrences(of: "\"recurringSubscriptionPeriod\": \"P1M\", ", with: "")
        let (catalog, diagnostics) = try Self.load(json)
        #expect(catalog == nil)
        #expect(diagnostics.errors.contains { $0.message.contains("no 'recurringSubscriptionPeriod'") && $0.location.line == 4 })
    }

    @Test func aMonthlyBillingPlanOfAMonthlySubscriptionIsLeftOutWithAWarningAtItsLine() throws {
        let plans = ",\n\"billingPlans\": [ { \"billingPlanType\": \"MONTHLY\", \"isEnabled\": true }, { \"billingPlanType\": \"MONTHLY\", \"isEnabled\": false } ]"
        let (catalog, diagnostics) = try Self.load(Self.subscription(plans))
        #expect(catalog?.products.first?.price.amounts.count == 1, "the displayPrice is still the price")
        #expect(catalog?.products.first?.monthlyPlan == nil)
        #expect(diagnostics.errors.isEmpty)
        #expect(diagnostics.warnings.map(\.message) == ["'pro.monthly' renews every P1M, and only one-year subscriptions have a monthly plan; the plan is left out"],
                "the disabled plan is ignored")
        #expect(diagnostics.warnings.first?.location.line == 8)
    }

    @Test func unknownKeysAreIgnored() throws {
        let (catalog, diagnostics) = try Self.load(Self.subscription(", \"billingPlans\": [ { \"billingPlanType\": \"BILLED_UPFRONT\" } ], \"futureKey\": 1"))
        #expect(catalog != nil)
        #expect(diagnostics.all.isEmpty)
    }
}
