import Foundation
import Testing
@testable import PaywallKit

/// Pages that sell one-time products, alone or beside a group's subscriptions.
@Suite("One-time products: resolver and pages")
struct OneTimePageTests {
    static let oneTimeCatalog = """
        nonConsumables:
          - id: lifetime
            referenceName: Lifetime
            price: { USA: "99.99" }
            localizations:
              en-US: { displayName: Lifetime, description: Pay once. }
        nonRenewingSubscriptions:
          - { id: season.pass, period: P3M, price: { USA: "14.99" }, localizations: { en-US: { displayName: Season Pass, description: "" } } }
          - { id: event.pass, price: { USA: "4.99" }, localizations: { en-US: { displayName: Event Pass, description: "" } } }
        consumables:
          - { id: tip, price: { USA: "0.99" }, localizations: { en-US: { displayName: Tip, description: "" } } }

        """

    /// The test site's group (pro.monthly, pro.yearly) with one-time products beside it.
    static let site = TestSite().catalog(replacing: "subscriptionGroups:", with: oneTimeCatalog + "subscriptionGroups:")

    static func page(_ front: String, body: String = "# Birdwatch\n") -> TestSite {
        site.with { $0.content["pro.md"] = "---\ntitle: Birdwatch\n\(front)\n---\n\(body)" }
    }

    static func html(_ site: TestSite, _ path: String = "en-US/pro/index.html") throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        return try #require(TestSite.file(path, of: result), "no \(path)")
    }

    /// The product IDs of the page's options, in order.
    static func optionIDs(_ html: String) -> [String] {
        html.components(separatedBy: "<label class=\"option\" for=\"option-").dropFirst().compactMap { part in
            part.split(separator: "\"", maxSplits: 4).dropFirst(2).first.map(String.init)
        }
    }

    // MARK: Which options

    @Test func productIDsMayMixSubscriptionsAndOneTimeProductsInTheOrderWritten() throws {
        let html = try Self.html(Self.page("productIDs: [pro.yearly, lifetime, pro.monthly]"))
        #expect(Self.optionIDs(html) == ["pro.yearly", "lifetime", "pro.monthly"])
    }

    @Test func aGroupPageAppendsAdditionalProductsAfterItsSubscriptions() throws {
        let html = try Self.html(Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [tip, lifetime]"))
        #expect(Self.optionIDs(html) == ["pro.monthly", "pro.yearly", "tip", "lifetime"], "the group's order, then the list's")
    }

    @Test func additionalProductIDsNamingASubscriptionIsAnErrorAtItsItem() {
        let errors = Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [lifetime, pro.monthly]").errors
        expectError(errors, "'pro.monthly' is an auto-renewable subscription", file: "site/content/pro.md", line: 4, column: 34,
                    hint: "productIDs")
    }

    @Test func additionalProductIDsNeedsGroupID() {
        let errors = Self.page("productIDs: [pro.monthly]\nadditionalProductIDs: [lifetime]").errors
        expectError(errors, "additionalProductIDs adds one-time products to a groupID page", file: "site/content/pro.md", line: 4,
                    hint: "list these products in productIDs")
    }

    @Test func anUnknownAdditionalProductSuggestsTheNearest() {
        let errors = Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [lifetim]").errors
        expectError(errors, "no product 'lifetim'", file: "site/content/pro.md", line: 4, column: 24, hint: "did you mean 'lifetime'?")
    }

    @Test func aCatalogWithoutGroupsBuildsAPageOfOneTimeProducts() throws {
        let site = TestSite().with { $0.catalogText = Self.oneTimeCatalog }
            .with { $0.content["pro.md"] = "---\nproductIDs: [lifetime, season.pass, event.pass, tip]\nmarketing: automatic\n---\n" }
        let html = try Self.html(site)
        #expect(Self.optionIDs(html) == ["lifetime", "season.pass", "event.pass", "tip"])
        #expect(html.contains("<h1><bdi>Birdwatch</bdi></h1>"), "the app's name stands in for the group's")
        #expect(!html.lowercased().contains("renew automatically") && !html.contains("class=\"renewal\"") && !html.contains("auto-renew"),
                "a page of one-time products never speaks of automatic renewal")
    }

    @Test func aGroupIDOnACatalogWithoutGroupsNamesItsProducts() {
        let errors = TestSite().with { $0.catalogText = Self.oneTimeCatalog }.errors
        expectError(errors, "no subscription group 'birdwatch.pro'", file: "site/content/pro.md", line: 3,
                    hint: "has no subscription groups; list its products with 'productIDs: [lifetime, season.pass, event.pass]'")
    }

    @Test func visibleRelationshipsOnAPageWithoutSubscriptionsIsAnError() {
        let errors = Self.page("productIDs: [lifetime]\nvisibleRelationships: [upgrade]").errors
        expectError(errors, "visibleRelationships applies to subscriptions", file: "site/content/pro.md", line: 4)
    }

    @Test func aOneTimeProductWithoutThePagesStorefrontPriceIsReportedAtItsPriceLine() {
        let errors = Self.page("productIDs: [lifetime]")
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA, de-DE: DEU }").errors
        expectError(errors, "non-consumable 'lifetime' has no price for storefront DEU", file: "site/catalog.yml", line: 4, column: 5)
    }

    // MARK: Customer states

    @Test func aGroupPageWithOneTimeProductsKeepsItsCustomerStates() throws {
        let site = Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [lifetime]\nvisibleRelationships: [current]")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let variants = try #require(result.manifest).pages.map { "\($0.variant) \($0.productID ?? "")" }
        #expect(variants.sorted() == ["current pro.monthly", "current pro.yearly", "new "], "no subscriber page for a one-time product")
        let current = try #require(TestSite.file("en-US/pro/current/pro.monthly/index.html", of: result))
        #expect(Self.optionIDs(current) == ["pro.monthly", "lifetime"], "only the current plan, and the lifetime option")
    }

    // MARK: What an option says

    @Test func aMixedPageShowsOneTimeOptionsAsWhatTheyAre() throws {
        let html = try Self.html(Self.page("productIDs: [pro.monthly, pro.yearly, lifetime, season.pass, event.pass]"))
        // The lifetime option: its price, "One-time purchase", no per-month price, no discount, no renewal line.
        #expect(html.contains("aria-label=\"Lifetime, $99.99, one-time purchase, plus applicable tax\""))
        #expect(html.contains("aria-label=\"Season Pass, $14.99, 3 months of access, does not renew, plus applicable tax\""))
        #expect(html.contains("aria-label=\"Event Pass, $4.99, does not renew, plus applicable tax\""))
        #expect(html.contains("<strong class=\"price\">$99.99</strong>\n<span class=\"equivalent terms\">One-time purchase</span>"))
        #expect(html.contains("<span class=\"equivalent terms\">3 months of access, does not renew</span>"))
        #expect(html.contains("data-action=\"purchase\" data-product-id=\"lifetime\""))
        #expect(html.contains("href=\"https://pay.example.com/checkout?product=lifetime&amp;locale=en-US\""), "actions.subscribe when there is no purchase action")
        // Renewal lines for the subscriptions only; the page's notice because a subscription is on it.
        #expect(html.components(separatedBy: "class=\"renewal\"").count - 1 == 2)
        #expect(html.contains("<p class=\"auto-renew\">"))
        // Save 16% compares the subscriptions only.
        #expect(html.components(separatedBy: "badge save").count - 1 == 1)
    }

    @Test func actionsPurchaseIsUsedForOneTimeProducts() throws {
        let site = Self.page("productIDs: [pro.monthly, lifetime]")
            .config(replacing: "  subscribe:", with: "  purchase: https://pay.example.com/buy/{productID}?l={locale}\n  subscribe:")
        let html = try Self.html(site)
        #expect(html.contains("data-product-id=\"lifetime\" data-index=\"1\" href=\"https://pay.example.com/buy/lifetime?l=en-US\""))
        #expect(html.contains("data-product-id=\"pro.monthly\" data-index=\"0\" href=\"https://pay.example.com/checkout?product=pro.monthly"))
    }

    @Test(arguments: [("[action]", "Buy"), ("[action, price]", "Buy</span><span class=\"button-line secondary\" aria-hidden=\"true\">$99.99")])
    func theButtonSaysBuy(_ label: String, _ expected: String) throws {
        let html = try Self.html(Self.page("productIDs: [lifetime]\ncontrolStyle: buttons\nbuttonLabel: \(label)"))
        #expect(html.contains("<span class=\"button-line\">\(expected)</span>"))
    }

    @Test func placeholdersReachOneTimeProducts() throws {
        let html = try Self.html(Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [lifetime, season.pass]",
                                           body: "# Birdwatch\n\nOr {{products.lifetime.price}} once ({{products.lifetime.kind}}); {{products.season.pass.periodText}}.\n"))
        #expect(html.contains("Or $99.99 once (nonConsumable); 3 months."))
    }

    @Test func aOneTimeProductHasNoPerMonthPriceToName() {
        let errors = Self.page("productIDs: [lifetime]", body: "# Birdwatch\n\n{{products.lifetime.pricePerMonth}} a month\n").errors
        expectError(errors, "no value named 'products.lifetime.pricePerMonth'", file: "site/content/pro.md", line: 7)
    }

    @Test func groupByPeriodPutsLifetimeInItsOwnTabLast() throws {
        let html = try Self.html(Self.page("productIDs: [lifetime, pro.yearly, season.pass, pro.monthly]\noptionGroups: { style: tabs, groupBy: period }"))
        let tabs = html.components(separatedBy: "<label class=\"tab\" for=\"tab-").dropFirst().map { $0.split(separator: ">")[1].split(separator: "<")[0] }
        #expect(tabs == ["Monthly", "Yearly", "Lifetime", "One-time purchase"])
    }

    @Test func groupByLevelGivesOneTimeProductsTheirOwnSection() throws {
        let html = try Self.html(Self.page("groupID: birdwatch.pro\nadditionalProductIDs: [lifetime]\noptionGroups: { style: sections, groupBy: level }"))
        #expect(html.contains("<legend class=\"section-label\">Lifetime</legend>"))
    }
}

/// What a one-time option says, in several languages.
@Suite("One-time products: option text")
struct OneTimeTextTests {
    static let theme = try! Theme.load(overrides: [:])
    static let here = SourceLocation(file: "catalog.yml")

    static func option(_ kind: Product.Kind, _ period: Period? = nil, name: String, price: String) -> StoreOption {
        let product = Product(id: "p", kind: kind, referenceName: name, level: 0, period: period,
                              price: Price(["USA": .of(price)]), location: here)
        return StoreOption(product: product, text: LocalizedText(displayName: name, description: ""), relationship: nil,
                           isCurrent: false, price: .of(price), pricePer: [:])
    }

    static func context(_ option: StoreOption, _ locale: String, _ currency: String) -> OptionContext {
        let text = PriceText(locale: locale, currency: currency, strings: theme.strings(for: locale, fallback: "en-US").strings)
        return OptionContext(option: option, index: 0, text: text, isSelected: true, subscribeURL: nil, assetPrefix: "")
    }

    /// (locale, currency, price, non-consumable label, non-renewing P1Y label, button)
    @Test(arguments: [
        ("en-US", "USD", "99.99", "Lifetime, $99.99, one-time purchase", "Pass, $99.99, 1 year of access, does not renew", "Buy"),
        ("de-DE", "EUR", "109.99", "Für immer, 109,99\u{A0}€, Einmalkauf", "Pass, 109,99\u{A0}€, 1 Jahr Zugang, verlängert sich nicht", "Kaufen"),
        ("fr-FR", "EUR", "109.99", "À vie, 109,99\u{A0}€, achat unique", "Pass, 109,99\u{A0}€, Accès pendant 1\u{A0}an, sans renouvellement", "Acheter"),
        ("ja-JP", "JPY", "16000", "買い切り, ￥16,000, 1回限りの購入", "Pass, ￥16,000, 利用期間：1 年（自動更新なし）", "購入する"),
        ("ar-SA", "SAR", "379.99", "مدى الحياة, \u{200F}٣٧٩٫٩٩\u{A0}ر.س.\u{200F}, شراء لمرة واحدة", "Pass, \u{200F}٣٧٩٫٩٩\u{A0}ر.س.\u{200F}, وصول لمدة سنة، لا يتجدد تلقائيًا", "شراء"),
        ("ru-RU", "RUB", "9990", "Навсегда, 9\u{A0}990,00\u{A0}₽, разовая покупка", "Pass, 9\u{A0}990,00\u{A0}₽, Срок доступа: 1 год, без продления", "Купить"),
    ])
    func accessibleLabels(_ locale: String, _ currency: String, _ price: String, _ lifetime: String, _ pass: String, _ button: String) {
        let name = String(lifetime.split(separator: ",")[0])
        let nonConsumable = Self.context(Self.option(.nonConsumable, name: name, price: price), locale, currency)
        #expect(nonConsumable.accessibleLabel == lifetime)
        #expect(nonConsumable.actionLabel == button)
        #expect(nonConsumable.equivalentUnit == nil)
        let nonRenewing = Self.context(Self.option(.nonRenewing, Period(1, .year), name: "Pass", price: price), locale, currency)
        #expect(nonRenewing.accessibleLabel == pass)
    }

    @Test func theTemplateValuesOfALifetimeOption() throws {
        let fields = Self.context(Self.option(.nonConsumable, name: "Lifetime", price: "99.99"), "en-US", "USD").sharedFields
        func text(_ key: String) -> String? { if case .string(let s)? = fields[key] { s } else { nil } }
        func isNull(_ key: String) -> Bool { if case .null? = fields[key] { true } else { false } }
        #expect(text("kind") == "nonConsumable")
        if case .bool(true)? = fields["isOneTime"], case .bool(false)? = fields["isSubscription"] {} else { Issue.record("isOneTime/isSubscription") }
        #expect(text("price") == "$99.99" && text("pricePerPeriod") == "$99.99")
        #expect(text("periodLabel") == "Lifetime" && text("purchaseTerms") == "One-time purchase")
        #expect(text("action") == "purchase" && text("actionLabel") == "Buy")
        for key in ["period", "periodText", "equivalent", "relativeDiscount", "offer", "renewal", "level"] { #expect(isNull(key), "\(key)") }
        for key in ["pricePerMonth", "pricePerWeek", "pricePerDay", "pricePerYear", "sub_price_per_month"] { #expect(fields[key] == nil, "\(key)") }
    }
}
