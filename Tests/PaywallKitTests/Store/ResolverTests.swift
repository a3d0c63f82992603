import Foundation
import Testing
@testable import PaywallKit

@Suite("Resolver: order, relationships, customer states, offers")
struct ResolverTests {
    @Test("groupID orders by level, then per-month price highest first")
    func groupOrder() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page())
        #expect(try #require(model).options.map(\.id) == [
            "gold.monthly", "gold.yearly", "silver.monthly", "silver.yearly", "bronze.monthly", "bronze.yearly",
        ])
    }

    @Test("equal level and per-month price keep the catalog's order")
    func ties() throws {
        let products = [
            Fixture.product("b", level: 1, "P1M", "5.00"),
            Fixture.product("a", level: 1, "P1Y", "60.00"),   // also 5.00 a month
            Fixture.product("c", level: 1, "P1M", "5.00"),
        ]
        let (model, _) = Fixture.resolve(products, Fixture.page())
        #expect(try #require(model).options.map(\.id) == ["b", "a", "c"])
    }

    @Test("one option: selected, no relative discount")
    func single() throws {
        let (model, _) = Fixture.resolve([Fixture.product("only", level: 1, "P1M", "3.99")], Fixture.page())
        let resolved = try #require(model)
        #expect(resolved.options.map(\.id) == ["only"])
        #expect(resolved.selectedID == "only")
        #expect(resolved.options[0].relativeDiscount == nil)
    }

    @Test("productIDs keep the list's order and exclude the rest")
    func productIDs() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page(.products(["silver.yearly", "gold.monthly"])))
        #expect(try #require(model).options.map(\.id) == ["silver.yearly", "gold.monthly"])
    }

    @Test("products from two groups on one page are an error at the front matter")
    func twoGroups() {
        let catalog = Catalog(groups: [
            SubscriptionGroup(id: "a", name: "A", subscriptions: [Fixture.product("a1", level: 1, "P1M", "1")], location: Fixture.here),
            SubscriptionGroup(id: "b", name: "B", subscriptions: [Fixture.product("b1", level: 1, "P1M", "1")], location: Fixture.here),
        ], file: "catalog.yml")
        var diagnostics = Diagnostics()
        let model = Fixture.resolver(catalog).resolve(Fixture.page(.products(["a1", "b1"])), locale: "en-US", state: .new,
                                                      diagnostics: &diagnostics)
        #expect(model == nil)
        let error = diagnostics.errors.first
        #expect(error?.location == SourceLocation(file: "content/p.md", line: 3, column: 10))
        #expect(error?.message.contains("belongs to group 'B' (b), not group 'A' (a)") == true, "groups named by reference name and ID")
    }

    /// For a customer on silver.monthly (level 2): gold is an upgrade, bronze a downgrade,
    /// silver.yearly a crossgrade, silver.monthly current.
    @Test("visible relationships for a subscriber", arguments: [
        ([Page.Relationship.all], ["gold.monthly", "gold.yearly", "silver.monthly", "silver.yearly", "bronze.monthly", "bronze.yearly"]),
        ([.upgrade], ["gold.monthly", "gold.yearly"]),
        ([.downgrade], ["bronze.monthly", "bronze.yearly"]),
        ([.crossgrade], ["silver.yearly"]),
        ([.current], ["silver.monthly"]),
        ([.upgrade, .current], ["gold.monthly", "gold.yearly", "silver.monthly"]),
        ([.downgrade, .crossgrade], ["silver.yearly", "bronze.monthly", "bronze.yearly"]),
        ([.upgrade, .downgrade, .crossgrade, .current], ["gold.monthly", "gold.yearly", "silver.monthly", "silver.yearly", "bronze.monthly", "bronze.yearly"]),
    ])
    func relationships(_ visible: [Page.Relationship], _ expected: [String]) throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page(relationships: Set(visible)), state: .current("silver.monthly"))
        let resolved = try #require(model)
        #expect(resolved.options.map(\.id) == expected)
        for option in resolved.options {
            let level = option.product.level
            let expected: Page.Relationship = option.id == "silver.monthly" ? .current : level < 2 ? .upgrade : level > 2 ? .downgrade : .crossgrade
            #expect(option.relationship == expected)
            #expect(option.isCurrent == (option.id == "silver.monthly"))
            #expect(option.isPurchasable == (option.id != "silver.monthly"))
        }
    }

    @Test("relationships apply only to a subscriber: a new customer sees every option")
    func newCustomerSeesAll() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page(relationships: [.upgrade]))
        #expect(try #require(model).options.count == 6)
    }

    @Test("customer states written for a page")
    func states() {
        let resolver = Fixture.resolver(Fixture.catalog(Fixture.tiers))
        #expect(resolver.states(of: Fixture.page()) == [.new])
        let states = resolver.states(of: Fixture.page(relationships: [.upgrade]))
        #expect(states.first == .new)
        #expect(states.filter { if case .current = $0 { true } else { false } }.count == 6)
        #expect(states.last == .lapsed("gold.yearly"))
        #expect(resolver.states(of: Fixture.page(promotional: "comeback")).count == 8)
    }

    @Test("eligibility: intro for new, none for current, promotional where named, win-back when lapsed")
    func eligibility() throws {
        let intro = Fixture.offer(.introductory, .freeTrial, "P1W")
        let promo = Fixture.offer(.promotional, .payUpFront, "P3M", usd: "9.99", id: "promo")
        let back = Fixture.offer(.winBack, .payAsYouGo, "P1M", count: 2, usd: "1.99", id: "back")
        let products = [
            Fixture.product("a", level: 1, "P1Y", "49.99", intro: intro, promotional: [promo], winBack: [back]),
            Fixture.product("b", level: 1, "P1M", "4.99", intro: intro, promotional: [promo]),
        ]
        let page = Fixture.page(relationships: [.all], promotional: "promo")

        let new = try #require(Fixture.resolve(products, page).0)
        #expect(new.options.map { $0.offer?.offer.kind } == [.introductory, .introductory])

        let current = try #require(Fixture.resolve(products, page, state: .current("b")).0)
        #expect(current.options.first { $0.id == "a" }?.offer?.offer.id == "promo")
        #expect(current.options.first { $0.id == "b" }?.offer == nil, "no offer on the plan the customer has")
        #expect(current.selectedID == "a", "the current plan cannot be selected")

        let lapsed = try #require(Fixture.resolve(products, page, state: .lapsed("a")).0)
        #expect(lapsed.options.first { $0.id == "a" }?.offer?.offer.kind == .winBack)
        #expect(lapsed.options.first { $0.id == "b" }?.offer == nil)
        #expect(lapsed.selectedID == "a")
        #expect(lapsed.options.allSatisfy { $0.offer?.offer.kind != .introductory })
    }

    @Test("a promotional offer that no option has is an error at the offer key")
    func unknownPromotional() {
        var page = Fixture.page(promotional: "nope")
        page.keyLocations["offer"] = SourceLocation(file: "content/p.md", line: 4, column: 1)
        let (model, diagnostics) = Fixture.resolve(Fixture.tiers, page)
        #expect(model == nil)
        #expect(diagnostics.errors.first?.location.line == 4)
    }

    @Test("selected defaults to the first option; an explicit one is honoured")
    func selection() throws {
        #expect(try #require(Fixture.resolve(Fixture.tiers, Fixture.page()).0).selectedID == "gold.monthly")
        #expect(try #require(Fixture.resolve(Fixture.tiers, Fixture.page(selected: "silver.yearly")).0).selectedID == "silver.yearly")
    }

    @Test("a storefront without a price is an error naming the storefront and locale")
    func missingPrice() {
        let (model, diagnostics) = Fixture.resolve(Fixture.tiers, Fixture.page(), locale: "de-DE",
                                                   storefronts: ["de-DE": "DEU"])
        #expect(model == nil)
        #expect(diagnostics.errors.contains { $0.message.contains("storefront DEU") && $0.message.contains("de-DE") })
    }

    @Test("with a .storekit catalog the missing price's hint names prices.yml beside it, which can take it")
    func missingPriceOfAStoreKitCatalog() throws {
        var catalog = Fixture.catalog(Fixture.tiers)
        catalog.file = "site/App.storekit"
        var diagnostics = Diagnostics()
        _ = Fixture.resolver(catalog, storefronts: ["de-DE": "DEU"])
            .resolve(Fixture.page(), locale: "de-DE", state: .new, diagnostics: &diagnostics)
        let error = try #require(diagnostics.errors.first { $0.message.contains("storefront DEU") })
        #expect(error.hint?.hasPrefix("add DEU: \"…\" to its price in site/prices.yml, or map de-DE") == true,
                "\(error.hint ?? "")")
        var native = Diagnostics()
        _ = Fixture.resolver(Fixture.catalog(Fixture.tiers), storefronts: ["de-DE": "DEU"])
            .resolve(Fixture.page(), locale: "de-DE", state: .new, diagnostics: &native)
        #expect(native.errors.first?.hint?.contains("prices.yml") == false, "a YAML catalog takes the price itself")
    }
}

@Suite("Resolver: lapsed customers")
struct LapsedTests {
    @Test("a lapsed customer's product is purchasable again, with its win-back offer and no relationship")
    func lapsed() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page(relationships: [.upgrade]), state: .lapsed("gold.yearly"))
        let options = try #require(model).options
        #expect(options.count == 6, "every option, whatever the relationships")
        let gold = try #require(options.first { $0.id == "gold.yearly" })
        #expect(!gold.isCurrent)
        #expect(gold.isPurchasable)
        #expect(gold.relationship == nil)
        #expect(gold.offer?.offer.id == "winback")
        #expect(options.allSatisfy { $0.relationship == nil })
    }
}

@Suite("Offers: each payment mode for each kind of offer")
struct OfferMatrixTests {
    static let modes: [(Offer.PaymentMode, String?, String)] = [
        (.freeTrial, nil, "2 weeks free, then $49.99/year"),
        (.payAsYouGo, "1.99", "$1.99/month for 2 months, then $49.99/year"),
        (.payUpFront, "9.99", "$9.99 for 2 months, then $49.99/year"),
    ]

    static let kinds: [(Offer.Kind, CustomerState)] = [
        (.introductory, .new), (.promotional, .current("other")), (.winBack, .lapsed("plan")),
    ]

    @Test("the eligible customer sees the offer, priced in the storefront, worded from parts", arguments: 0..<3, 0..<3)
    func matrix(_ kindIndex: Int, _ modeIndex: Int) throws {
        let (kind, state) = Self.kinds[kindIndex]
        let (mode, price, sentence) = Self.modes[modeIndex]
        let period = mode == .freeTrial ? "P1W" : "P1M"
        let offer = Fixture.offer(kind, mode, period, count: 2, usd: price, id: kind == .introductory ? nil : "o")
        let plan = Fixture.product("plan", level: 1, "P1Y", "49.99", intro: kind == .introductory ? offer : nil,
                                   promotional: kind == .promotional ? [offer] : [], winBack: kind == .winBack ? [offer] : [])
        let other = Fixture.product("other", level: 1, "P1M", "4.99")
        let page = Fixture.page(relationships: [.all], promotional: kind == .promotional ? "o" : nil)
        let model = try #require(Fixture.resolve([plan, other], page, state: state).0)
        let applied = try #require(model.options.first { $0.id == "plan" }?.offer)
        #expect(applied.offer.kind == kind)
        #expect(applied.price == price.map { .of($0) })
        let theme = try Theme.load(overrides: [:])
        let text = PriceText(locale: "en-US", currency: "USD", strings: theme.strings(for: "en-US", fallback: "en-US").strings)
        #expect(text.offerThen(applied, regular: .of("49.99"), Period(1, .year)) == sentence)
    }
}

@Suite("Review findings")
struct ReviewFindingTests {
    @Test("catalog text keyed de-DE serves a de-AT page, before the default locale")
    func sameLanguageFirst() throws {
        var product = Fixture.product("p", level: 1, "P1M", "1.00")
        product.localizations = ["en-US": LocalizedText(displayName: "Monthly", description: ""),
                                 "de-DE": LocalizedText(displayName: "Monatlich", description: "")]
        let (model, diagnostics) = Fixture.resolve([product], Fixture.page(), locale: "de-AT")
        #expect(try #require(model).options.first?.text.displayName == "Monatlich")
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test("a product listed in two option groups is an error")
    func twoGroups() {
        var page = Fixture.page()
        let here = SourceLocation(file: "content/p.md", line: 6, column: 5)
        page.optionGroups = Page.OptionGroups(style: .tabs, groupBy: nil, groups: [
            .init(label: "A", productIDs: ["gold.monthly"], marketing: nil, location: here),
            .init(label: "B", productIDs: ["gold.monthly", "gold.yearly"], marketing: nil, location: here),
        ])
        let (model, diagnostics) = Fixture.resolve(Fixture.tiers, page)
        #expect(model == nil)
        #expect(diagnostics.errors.contains { $0.message.contains("is in two option groups") })
    }

    @Test("marketing copy can name a product this subscriber does not see")
    func hiddenProducts() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page(relationships: [.upgrade]), state: .current("silver.monthly"))
        let resolved = try #require(model)
        #expect(!resolved.options.contains { $0.id == "bronze.yearly" })
        #expect(resolved.allOptions.contains { $0.id == "bronze.yearly" })
    }
}
