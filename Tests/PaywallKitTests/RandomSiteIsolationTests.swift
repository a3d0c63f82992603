import Foundation
import Testing
@testable import PaywallKit

/// Sites drawn at random from every front matter key that changes what a page's options cost, say or look like
/// (seeded, so a failure names a site that can be built again): each page of a site is byte for byte the page built
/// alone, at one and three jobs, and after an edit built with the cache of the build before (DESIGN.md section 6).
@Suite("Random sites: each page is the page built alone")
struct RandomSiteIsolationTests {
    /// Three levels with every kind of offer, a monthly plan for a yearly one in DEU, a family group and one-time
    /// products; priced in four storefronts (JPY has no minor unit).
    static let catalog = """
        subscriptionGroups:
          - id: pro
            name: Pro
            localizations:
              en-US: { displayName: Pro, description: Every bird. }
              de-DE: { displayName: Pro, description: Jeder Vogel. }
              ja-JP: { displayName: プロ, description: すべての鳥。 }
              ar-SA: { displayName: برو, description: كل الطيور. }
            subscriptions:
              - { id: pro.weekly, level: 1, period: P1W, price: { USA: "2.99", DEU: "2.99", JPN: "400", SAU: "9.99" },
                  introductoryOffer: { paymentMode: payAsYouGo, period: P1W, periodCount: 2, price: { USA: "0.99" } } }
              - { id: pro.monthly, level: 1, period: P1M,
                  price: { USA: "9.99", DEU: "9.99", JPN: "1500", SAU: "37.99" },
                  promotionalOffers: [{ id: comeback, paymentMode: payAsYouGo, period: P1M, periodCount: 3,
                                        price: { USA: "4.99", DEU: "4.99" } }] }
              - id: pro.yearly
                level: 1
                period: P1Y
                price: { USA: "59.99", DEU: "59.99", JPN: "9800", SAU: "229.99" }
                introductoryOffer: { paymentMode: freeTrial, period: P1W }
                promotionalOffers: [{ id: comeback, paymentMode: payUpFront, period: P3M, price: { USA: "19.99" } }]
                winBackOffers: [{ id: winback, paymentMode: freeTrial, period: P1M }]
                billingPlans: { monthly: { price: { DEU: "5.49" } } }
              - { id: plus.quarterly, level: 2, period: P3M,
                  price: { USA: "14.99", DEU: "15.99", JPN: "2200", SAU: "54.99" },
                  introductoryOffer: { paymentMode: payUpFront, period: P3M, price: { USA: "9.99", DEU: "9.99" } } }
              - { id: plus.yearly, level: 2, period: P1Y,
                  price: { USA: "39.99", DEU: "39.99", JPN: "6000", SAU: "149.99" },
                  billingPlans: { monthly: { price: { DEU: "3.79", USA: "3.79" } } } }
              - { id: lite.monthly, level: 3, period: P1M,
                  price: { USA: "4.99", DEU: "4.99", JPN: "700", SAU: "18.99" } }
          - id: family
            name: Family
            localizations:
              en-US: { displayName: Family, description: Everyone. }
              de-DE: { displayName: Familie, description: Alle. }
            subscriptions:
              - { id: family.monthly, level: 1, period: P1M, familyShareable: true,
                  price: { USA: "14.99", DEU: "14.99", JPN: "2000", SAU: "54.99" } }
              - { id: family.yearly, level: 1, period: P1Y, familyShareable: true,
                  price: { USA: "99.99", DEU: "99.99", JPN: "15000", SAU: "379.99" },
                  billingPlans: { monthly: { price: { DEU: "9.49" } } } }
        nonConsumables:
          - { id: lifetime, referenceName: Lifetime, price: { USA: "199.99", DEU: "199.99", JPN: "30000" } }
        nonRenewingSubscriptions: [{ id: season.pass, period: P3M, price: { USA: "24.99", DEU: "24.99" } }]

        """

    static let locales = ["en-US", "de-DE", "ja-JP", "ar-SA"]
    static let groups = ["pro": ["pro.weekly", "pro.monthly", "pro.yearly", "plus.quarterly", "plus.yearly",
                                 "lite.monthly"],
                         "family": ["family.monthly", "family.yearly"]]
    static let oneTime = ["lifetime", "season.pass"]

    /// A page's front matter and body, drawn from `generator`.
    static func page(_ generator: inout Seeded) -> String {
        var lines: [String] = []
        let group = generator.chance(0.8) ? "pro" : "family"
        var shown = groups[group]!
        if generator.chance(0.7) {
            lines.append("groupID: \(group)")
            if generator.chance(0.3) {
                let extra = generator.subset(oneTime, atLeast: 1)
                lines.append("additionalProductIDs: [\(extra.joined(separator: ", "))]")
                shown += extra
            }
            if generator.chance(0.3) {
                let relationships = generator.subset(Page.Relationship.allCases.map(\.rawValue), atLeast: 1)
                lines.append("visibleRelationships: [\(relationships.joined(separator: ", "))]")
            }
        } else {
            shown = generator.subset(shown + (generator.chance(0.4) ? oneTime : []), atLeast: 1)
                .shuffled(using: &generator)
            lines.append("productIDs: [\(shown.joined(separator: ", "))]")
        }
        if generator.chance(0.4) { lines.append("selected: \(shown.randomElement(using: &generator)!)") }
        if generator.chance(0.4) { lines.append("billingPlan: \(generator.pick(BillingPlan.allCases).rawValue)") }
        if generator.chance(0.3) { lines.append("offer: { promotional: comeback }") }
        if generator.chance(0.6) { lines.append("controlStyle: \(generator.pick(Page.ControlStyle.allCases))") }
        if generator.chance(0.3) {
            lines.append("controlPlacement: \(generator.pick(Page.ControlPlacement.allCases).rawValue)")
        }
        if generator.chance(0.3) { lines.append("buttonLabel: \(generator.pick(Page.ButtonLabel.allCases).rawValue)") }
        if generator.chance(0.3) { lines.append("badges: { \(shown.randomElement(using: &generator)!): Best value }") }
        if generator.chance(0.3) {
            let style = generator.pick(Page.OptionGroups.Style.allCases)
            let groupBy = generator.pick(Page.OptionGroups.GroupBy.allCases)
            lines.append("optionGroups: { style: \(style), groupBy: \(groupBy) }")
        }
        if generator.chance(0.2) {
            let button = generator.pick(Page.StoreButton.allCases)
            lines.append("storeButtons: { \(button): \(generator.pick(Page.Visibility.allCases)) }")
        }
        if generator.chance(0.2) { lines.append("marketing: \(generator.pick(Page.Marketing.allCases).rawValue)") }
        let product = shown.randomElement(using: &generator)!
        let body = groups.values.contains { $0.contains(product) } && generator.chance(0.7)
            ? "Only **{{products.\(product).pricePerMonth}}** a month for {{products.\(product).displayName}}."
            : "Everything in {{app.name}}."
        return "---\ntitle: Birdwatch\n\(lines.joined(separator: "\n"))\n---\n\(body)\n"
    }

    /// A translation of a page (`NAME.de.md` or `NAME.de-DE.md`), or nil: its own title and body, and keys over the
    /// base file's that change what the German page sells or shows.
    static func translation(_ generator: inout Seeded) -> (suffix: String, text: String)? {
        guard generator.chance(0.3) else { return nil }
        var lines = ["title: Vogelwarte"]
        if generator.chance(0.4) { lines.append("billingPlan: \(generator.pick(BillingPlan.allCases).rawValue)") }
        if generator.chance(0.3) { lines.append("controlStyle: \(generator.pick(Page.ControlStyle.allCases))") }
        let body = generator.chance(0.5) ? "# {{title}}\n\nAlles in {{app.name}}." : "Alles drin."
        return (generator.pick(["de", "de-DE"]), "---\n\(lines.joined(separator: "\n"))\n---\n\(body)\n")
    }

    /// The site of `pages` (content file name without `.md`: its text), with the storefronts `storefronts`.
    static func site(_ pages: [String: String], storefronts: String) -> TestSite {
        TestSite().with { site in
            site.config = TestSite.defaultConfig
                .replacingOccurrences(of: "locales: [en-US]", with: "locales: [\(locales.joined(separator: ", "))]")
                .replacingOccurrences(of: "storefronts: { default: USA }", with: "storefronts: \(storefronts)")
            site.catalogText = catalog
            site.content = Dictionary(uniqueKeysWithValues: pages.map { ($0.key + ".md", $0.value) })
        }
    }

    static func storefronts(_ generator: inout Seeded) -> String {
        let choices = ["de-DE": ["DEU", "USA"], "ja-JP": ["JPN", "USA"], "ar-SA": ["SAU", "USA", "DEU"]]
        let pairs = choices.keys.sorted().map { "\($0): \(generator.pick(choices[$0]!))" }
        return "{ default: USA, \(pairs.joined(separator: ", ")) }"
    }

    /// Page `name`'s files (every locale, its locale-less address, its customer-state pages) and its lines of
    /// `offers.json`, with the site-wide stylesheet's name and style rule numbers made the same; nil when the build
    /// failed.
    static func files(of name: String, in result: SiteBuilder.Result) -> [String: String]? {
        guard !result.diagnostics.hasErrors else { return nil }
        var files: [String: String] = [:]
        let prefixes = ["\(name)/"] + locales.map { "\($0)/\(name)/" }
        for file in result.files where prefixes.contains(where: file.path.hasPrefix) || file.path == "offers.json" {
            var text = String(decoding: file.data, as: UTF8.self)
            if file.path == "offers.json" {
                // One line per (page, locale, state), each but the last ending in a comma.
                text = text.split(separator: "\n").filter { $0.contains("\"page\":\"\(name)\"") }
                    .map { $0.hasSuffix(",") ? $0.dropLast() : $0 }.joined(separator: "\n")
            }
            files[file.path] = text.replacing(/paywall\.[0-9a-f]+\.css/, with: "paywall.css")
                .replacing(/data-style="s[0-9]+"/, with: "data-style=\"s#\"")
        }
        return files
    }

    /// A site of four to six pages, some translated, that each build alone (a draw that fails on its own, as
    /// `selected` naming an option its relationships hide does, is drawn again), and each page's files built alone.
    /// `pages` is by content file name without `.md` (`p0`, `p0.de`); `names` are the pages'.
    static func draw(seed: UInt64) -> (pages: [String: String], names: [String], storefronts: String,
                                       alone: [String: [String: String]]) {
        var generator = Seeded(seed: seed)
        let storefronts = storefronts(&generator)
        var pages: [String: String] = [:], alone: [String: [String: String]] = [:]
        let count = 4 + Int(generator.next() % 3)
        while alone.count < count {
            let name = "p\(alone.count)", text = page(&generator)
            var own = [name: text]
            if let translation = translation(&generator) { own["\(name).\(translation.suffix)"] = translation.text }
            guard let files = files(of: name, in: SiteBuilder.build(site(own, storefronts: storefronts).inputs))
            else { continue }
            pages.merge(own) { $1 }
            alone[name] = files
        }
        return (pages, alone.keys.sorted(), storefronts, alone)
    }

    @Test("each page of a random site is the page built alone, at 1 and 3 jobs", arguments: 0..<16)
    func wholeSite(seed: UInt64) throws {
        let (pages, names, storefronts, alone) = Self.draw(seed: seed)
        for jobs in [1, 3] {
            let whole = SiteBuilder.build(Self.site(pages, storefronts: storefronts).inputs, jobs: jobs)
            #expect(!whole.diagnostics.hasErrors, "seed \(seed): \(whole.diagnostics.errors.map(\.message))")
            for name in names {
                let files = try #require(Self.files(of: name, in: whole))
                #expect(PageIsolationTests.difference(files, alone[name]) == nil,
                        "seed \(seed), -j \(jobs), \(name):\n\(pages[name]!)")
            }
        }
    }

    @Test("a random site edited page by page, built with the cache of the build before, is the site built fresh",
          arguments: 0..<8)
    func edits(seed: UInt64) throws {
        let (pages, names, storefronts, _) = Self.draw(seed: 1000 + seed)
        let cache = BuildCache()
        var current = pages
        _ = SiteBuilder.build(Self.site(current, storefronts: storefronts).inputs, jobs: 2, cache: cache)
        // Each step gives one page the front matter and body of the next (its translation stays): the cache holds
        // what the old texts made.
        for (index, name) in names.enumerated() {
            current[name] = pages[names[(index + 1) % names.count]]!
            let edited = SiteBuilder.build(Self.site(current, storefronts: storefronts).inputs, jobs: 2, cache: cache)
            let fresh = SiteBuilder.build(Self.site(current, storefronts: storefronts).inputs, jobs: 2)
            for page in names {
                let got = try #require(Self.files(of: page, in: edited)), want = Self.files(of: page, in: fresh)
                #expect(PageIsolationTests.difference(got, want) == nil, "seed \(1000 + seed), after editing \(name)")
            }
        }
    }
}

/// SplitMix64: a small seeded generator, so a random site is the same site on every run and machine.
struct Seeded: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// A random subset of `items`, in their order, with at least `atLeast` of them.
    mutating func subset(_ items: [String], atLeast: Int) -> [String] {
        while true {
            let chosen = items.filter { _ in chance(0.5) }
            if chosen.count >= atLeast { return chosen }
        }
    }
}
