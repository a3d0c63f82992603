import Foundation
import Testing
@testable import PaywallKit

/// Every real `.storekit` fixture loads and builds a page per group; exact values checked file by file.
@Suite(.enabled(if: StoreKitFixtures.available, StoreKitFixtures.skipMessage))
struct StoreKitFixtureTests {
    typealias F = StoreKitFixtures

    static func decimal(_ text: String) -> Money { .of(text) }

    /// (file, subscriptions per group in file order).
    static let shapes: [(String, [Int])] = [
        ("adapty-visionos.storekit", [6]),
        ("backyard-birds.storekit", [3]),
        ("circles.storekit", [4]),
        ("food-truck.storekit", [2]),
        ("qonversion-2020-v1.storekit", [1, 1]),
        ("revenuecat-paywalls-tester.storekit", [3]),
        ("revenuecat-unit-tests-v5.storekit", [3, 1]),
    ]

    @Test(arguments: shapes)
    func fixtureHasItsGroupsAndSubscriptions(_ file: String, _ counts: [Int]) throws {
        try #require(F.files.contains(file), "\(file) is not in \(F.folder.path)")
        let catalog = try F.catalog(file)
        #expect(catalog.groups.count == counts.count)
        #expect(catalog.groups.map(\.subscriptions.count) == counts)
        #expect(catalog.file == file)
    }

    @Test(arguments: F.files)
    func fixtureLoadsWithoutErrors(_ file: String) throws {
        let catalog = try F.catalog(file)
        let expected = try F.expectedNames(file)
        #expect(catalog.groups.map(\.id) == expected.map(\.groupID))
        #expect(catalog.subscriptions.map(\.id) == expected.flatMap { $0.products.map(\.id) })
        for product in catalog.products {
            #expect(!product.localizations.isEmpty, "\(product.id) has no text")
            for (locale, text) in product.localizations {
                #expect(!text.displayName.trimmingCharacters(in: .whitespaces).isEmpty, "\(product.id) in \(locale)")
            }
            #expect(product.price.amounts.count == 1)
            #expect((product.price[catalog.storefront ?? "USA"]?.minorUnits ?? 0) > 0, "\(product.id) has a price")
        }
    }

    @Test(arguments: F.files)
    func siteWithOnePagePerGroupBuildsAndShowsEverySubscription(_ file: String) throws {
        let (site, groupIDs) = try F.site(file)
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let expected = try F.expectedNames(file)
        for (index, group) in expected.enumerated() {
            #expect(group.groupID == groupIDs[index])
            let html = try #require(TestSite.file("en-US/group-\(index)/index.html", of: result), "no page for group \(group.groupID)")
            for product in group.products {
                #expect(html.contains("data-product-id=\"\(product.id)\""), "\(product.id) is not on the page")
                #expect(html.contains(htmlEscaped(product.name)), "'\(product.name)' is not on the page")
            }
        }
    }

    @Test(arguments: F.files)
    func oneTimeProductsLoadWithTheirKinds(_ file: String) throws {
        let catalog = try F.catalog(file)
        let expected = try F.expectedOneTime(file)
        #expect(catalog.oneTimeProducts.map(\.id) == expected.map(\.id))
        #expect(catalog.oneTimeProducts.map(\.kind) == expected.map(\.kind))
        #expect(catalog.oneTimeProducts.allSatisfy { $0.period == nil && $0.level == 0 && $0.price.amounts.count == 1 })
    }

    /// Every fixture builds a page of its one-time products, and a page of its first group with them after it.
    @Test(arguments: F.files)
    func oneTimeAndMixedPagesBuild(_ file: String) throws {
        var (site, groupIDs) = try F.site(file)
        let oneTime = try F.expectedOneTime(file)
        try #require(!oneTime.isEmpty, "\(file) has no one-time products")
        let ids = oneTime.map { "\"\($0.id)\"" }.joined(separator: ", ")
        site.content = ["one-time.md": "---\ntitle: Once\nproductIDs: [\(ids)]\n---\n",
                        "mixed.md": "---\ntitle: Mixed\ngroupID: \"\(groupIDs[0])\"\nadditionalProductIDs: [\(ids)]\n---\n"]
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let once = try #require(TestSite.file("en-US/one-time/index.html", of: result))
        let mixed = try #require(TestSite.file("en-US/mixed/index.html", of: result))
        for product in oneTime {
            for html in [once, mixed] {
                #expect(html.contains("data-action=\"purchase\" data-product-id=\"\(product.id)\""), "\(product.id) has no purchase link")
                #expect(html.contains(htmlEscaped(product.name)), "'\(product.name)' is not on the page")
            }
        }
        #expect(!once.contains("auto-renew") && !once.contains("class=\"renewal\""), "a page of one-time products never speaks of renewal")
        #expect(mixed.contains("<p class=\"auto-renew\">"))
        let group = try F.expectedNames(file)[0]
        for product in group.products { #expect(mixed.contains("data-action=\"subscribe\" data-product-id=\"\(product.id)\"")) }
    }

    // MARK: Exact values, file by file

    @Test func foodTruckHasPayAsYouGoAndPayUpFrontIntroductoryOffers() throws {
        let (catalog, diagnostics) = try F.load("food-truck.storekit")
        let loaded = try #require(catalog)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description))")
        #expect(loaded.storefront == "USA")
        let group = try #require(loaded.groups.first)
        #expect(group.id == "20947887")
        #expect(group.name == "Social Feed+")

        let monthly = try #require(loaded.product("socialfeedplus.monthly")?.product)
        #expect(monthly.referenceName == "Social Feed+ (Monthly)")
        #expect(monthly.period == Period(1, .month))
        #expect(monthly.price["USA"] == Self.decimal("4.99"))
        #expect(monthly.localizations.keys.sorted() == ["ar", "en-US"])
        #expect(monthly.localizations["en-US"]?.displayName == "Social Feed+ Monthly Plan")
        let intro = try #require(monthly.introductoryOffer)
        #expect(intro.paymentMode == .payAsYouGo)
        #expect(intro.period == Period(1, .month))
        #expect(intro.periodCount == 3)
        #expect(intro.price?["USA"] == Self.decimal("2.49"))

        let yearly = try #require(loaded.product("socialfeedplus.yearly")?.product)
        #expect(yearly.period == Period(1, .year))
        #expect(yearly.price["USA"] == Self.decimal("49.99"))
        let upFront = try #require(yearly.introductoryOffer)
        #expect(upFront.paymentMode == .payUpFront)
        #expect(upFront.period == Period(3, .month))
        #expect(upFront.periodCount == 1)
        #expect(upFront.price?["USA"] == Self.decimal("8.99"))
    }

    @Test func qonversionEmptyDisplayNamesFallBackToReferenceNamesWithAWarning() throws {
        let (catalog, diagnostics) = try F.load("qonversion-2020-v1.storekit")
        let loaded = try #require(catalog)
        #expect(diagnostics.errors.isEmpty)
        #expect(loaded.storefront == "USA", "v1 files have no settings; USA is assumed")
        #expect(loaded.groups.map(\.name) == ["Annual", "Weekly"])
        let annual = try #require(loaded.product("com.subs.annual")?.product)
        let weekly = try #require(loaded.product("com.subs.weekly")?.product)
        #expect(annual.localizations["en-US"]?.displayName == "Annual")
        #expect(weekly.localizations["en-US"]?.displayName == "Weekly")
        #expect(annual.period == Period(1, .year) && annual.price["USA"] == Self.decimal("29.99"))
        #expect(weekly.period == Period(1, .week) && weekly.price["USA"] == Self.decimal("15.49"))
        let warnings = diagnostics.warnings
        #expect(warnings.count == 3, "\(warnings.map(\.description))")
        #expect(warnings.contains { $0.message.contains("non-consumable 'com.subs.nonconsumable' has no display name; using 'Non-consumable'") })
        #expect(warnings.contains { $0.message.contains("'com.subs.annual' has no display name; using 'Annual'") })
        #expect(warnings.contains { $0.message.contains("'com.subs.weekly' has no display name; using 'Weekly'") })
        #expect(warnings.allSatisfy { $0.location.file == "qonversion-2020-v1.storekit" && $0.location.line > 1 })
    }

    @Test func revenueCatV5ReadsTheIntroductoryOffersList() throws {
        let (catalog, diagnostics) = try F.load("revenuecat-unit-tests-v5.storekit")
        let loaded = try #require(catalog)
        #expect(diagnostics.errors.isEmpty)
        let monthly = try #require(loaded.product("com.revenuecat.monthly_4.99.1_week_intro")?.product)
        #expect(monthly.price["USA"] == Self.decimal("4.99"))
        #expect(monthly.familyShareable)
        #expect(monthly.introductoryOffer?.paymentMode == .freeTrial)
        #expect(monthly.introductoryOffer?.period == Period(3, .month))
        #expect(monthly.introductoryOffer?.price == nil)
        #expect(monthly.promotionalOffers.map(\.id) == ["com.revenuecat.monthly_4.99.1_week_intro.year_discount",
                                                        "com.revenuecat.monthly_4.99.1_week_intro.pay_as_you_go"])
        #expect(monthly.promotionalOffers.map(\.paymentMode) == [.payUpFront, .payAsYouGo])
        #expect(monthly.promotionalOffers.map(\.periodCount) == [1, 2])
        #expect(monthly.promotionalOffers.map { $0.price?["USA"] } == [Self.decimal("40.99"), Self.decimal("20.15")])
        let annual = try #require(loaded.product("com.revenuecat.annual_39.99.2_week_intro")?.product)
        #expect(annual.introductoryOffer?.period == Period(2, .week))
        let commitment = try #require(loaded.product("com.revenuecat.annual_with_commitment")?.product)
        #expect(commitment.introductoryOffer == nil, "an empty introductoryOffers list means no offer")
        #expect(commitment.price["USA"] == Self.decimal("11.88"))
        #expect(commitment.localizations["en-US"]?.displayName == "sub with 12mo monthly commitment")
        #expect(diagnostics.warnings.map(\.message).contains { $0.contains("'com.revenuecat.annual_with_commitment' has no display name") })
        // Its MONTHLY plan: 0.5 a month, 6.00 in all (the file's commitmentDisplayPrice, not derived from a price).
        let plan = try #require(commitment.monthlyPlan)
        #expect(plan.price["USA"] == Self.decimal("0.5"))
        #expect(plan.total(in: "USA") == Self.decimal("6.00"))
        #expect(plan.total(in: "DEU") == nil, "the plan exists only in the file's storefront")
        #expect(monthly.monthlyPlan == nil && annual.monthlyPlan == nil, "BILLED_UPFRONT plans are the product's own price")
        // Its BILLED_UPFRONT plan costs 0.99 though the product's displayPrice is 11.88: said, and 11.88 is billed.
        #expect(diagnostics.warnings.map(\.message).contains(
            "the BILLED_UPFRONT plan of 'com.revenuecat.annual_with_commitment' costs 0.99, but its displayPrice is 11.88; the page bills 11.88 up front"))
        #expect(loaded.groups.map(\.name) == ["subscription_group_1", "subscription_group_2"])
    }

    @Test func adaptyAdHocOffersArePromotionalOffers() throws {
        let (catalog, diagnostics) = try F.load("adapty-visionos.storekit")
        let loaded = try #require(catalog)
        #expect(diagnostics.errors.isEmpty)
        let monthly = try #require(loaded.product("monthly.premium.999")?.product)
        #expect(monthly.promotionalOffers.count == 2)
        let trial = try #require(monthly.promotionalOffers.first)
        #expect(trial.kind == .promotional)
        #expect(trial.id == "test_promo")
        #expect(trial.paymentMode == .freeTrial)
        #expect(trial.period == Period(1, .week))
        #expect(trial.price == nil)
        let discount = try #require(monthly.promotionalOffers.last)
        #expect(discount.id == "month_discount")
        #expect(discount.paymentMode == .payUpFront)
        #expect(discount.period == Period(1, .month))
        #expect(discount.price?["USA"] == Self.decimal("4.99"))
        let yearly = try #require(loaded.product("yearly.premium.6999")?.product)
        #expect(yearly.promotionalOffers.map(\.id) == ["promo50off"])
        #expect(yearly.promotionalOffers.first?.paymentMode == .payAsYouGo)
        #expect(yearly.promotionalOffers.first?.price?["USA"] == Self.decimal("29.99"))
        #expect(monthly.introductoryOffer == nil)
        #expect(loaded.subscriptions.map(\.level) == [1, 4, 2, 3, 1, 1])
        // A subscription with `localizations: []` gets its reference name, with a warning.
        let noText = try #require(loaded.product("monthly.trial.premium.999")?.product)
        #expect(noText.localizations == ["en-US": LocalizedText(displayName: "Monthly Trial Premium", description: "")])
        #expect(diagnostics.warnings.contains { $0.message.contains("'monthly.trial.premium.999' has no display name") })
    }

    @Test func backyardBirdsOrdersByLevelOnThePage() throws {
        let catalog = try F.catalog("backyard-birds.storekit")
        #expect(catalog.subscriptions.map(\.level) == [3, 2, 1])
        #expect(catalog.subscriptions.allSatisfy { $0.introductoryOffer?.paymentMode == .freeTrial && $0.introductoryOffer?.periodCount == 1 })
        #expect(catalog.subscriptions.map(\.familyShareable) == [false, true, true])
        let (site, _) = try F.site("backyard-birds.storekit")
        let html = try #require(TestSite.file("en-US/group-0/index.html", of: site.build()))
        let order = ["pass.premium", "pass.family", "pass.individual"].compactMap { html.range(of: "data-product-id=\"\($0)\"")?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "level 1 first")
    }

    @Test func circlesFreeOffersIgnoreTheirDisplayPrice() throws {
        let catalog = try F.catalog("circles.storekit")
        let family = try #require(catalog.product("org.futo.circles.family_monthly")?.product)
        #expect(family.introductoryOffer?.paymentMode == .freeTrial)
        #expect(family.introductoryOffer?.price == nil)
        #expect(family.introductoryOffer?.period == Period(3, .month))
        let individual = try #require(catalog.product("org.futo.circles.individual_monthly")?.product)
        #expect(individual.promotionalOffers.map(\.id) == ["XYZ"])
        #expect(individual.promotionalOffers.first?.paymentMode == .freeTrial)
        #expect(individual.promotionalOffers.first?.periodCount == 1)
        #expect(catalog.subscriptions.allSatisfy { $0.level == 1 })
    }

    @Test func paywallsTesterHasThreeLocalesAndNoEmptyPolicies() throws {
        let catalog = try F.catalog("revenuecat-paywalls-tester.storekit")
        #expect(catalog.locales == ["ar", "en-US", "es-ES"])
        let monthly = try #require(catalog.product("com.revenuecat.simpleapp.monthly")?.product)
        #expect(monthly.localizations["es-ES"]?.displayName == "Subscripción Mensual")
        #expect(monthly.promotionalOffers.map(\.id) == ["rc-cancel-offer", "rc-refund-offer"])
        #expect(monthly.winBackOffers.isEmpty)
        #expect(catalog.appPolicies.termsOfService == nil, "an empty eula is no terms page")
        #expect(catalog.appPolicies.privacyPolicy == nil, "an empty policy is no privacy link")
    }
}
