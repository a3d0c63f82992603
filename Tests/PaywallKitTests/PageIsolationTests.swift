import Foundation
import Testing
@testable import PaywallKit

/// A page's bytes depend only on its own inputs (DESIGN.md section 5, "Deterministic"): built beside any other
/// page, at any job count, or after an edit with the cache of the build before, each page is byte for byte the
/// page built alone. The pages differ in the front matter keys that change what an option costs or says.
@Suite("A page's bytes are its own, whatever else the site builds")
struct PageIsolationTests {
    /// Two groups with a monthly plan in DEU (12 payments cheaper per month than billing up front) and two levels.
    static let catalog = """
        subscriptionGroups:
          - id: pro
            name: Pro
            localizations:
              en-US: { displayName: Pro, description: Every bird. }
              de-DE: { displayName: Pro, description: Jeder Vogel. }
            subscriptions:
              - id: pro.monthly
                level: 1
                period: P1M
                price: { USA: "9.99", DEU: "9.99" }
                localizations: { en-US: { displayName: Monthly }, de-DE: { displayName: Monatlich } }
              - id: pro.yearly
                level: 1
                period: P1Y
                price: { USA: "59.99", DEU: "59.99" }
                introductoryOffer: { paymentMode: freeTrial, period: P1W }
                promotionalOffers:
                  - { id: comeback, paymentMode: payUpFront, period: P3M, price: { USA: "19.99", DEU: "19.99" } }
                billingPlans:
                  monthly: { price: { DEU: "8.99" } }
                localizations: { en-US: { displayName: Yearly }, de-DE: { displayName: Jährlich } }
              - id: lite.monthly
                level: 2
                period: P1M
                price: { USA: "4.99", DEU: "4.99" }
                localizations: { en-US: { displayName: Lite }, de-DE: { displayName: Lite } }
              - id: lite.yearly
                level: 2
                period: P1Y
                price: { USA: "39.99", DEU: "39.99" }
                winBackOffers:
                  - { id: winback, paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: { USA: "1.99", DEU: "1.99" } }
                localizations: { en-US: { displayName: Lite Yearly }, de-DE: { displayName: Lite jährlich } }
          - id: family
            name: Family
            localizations:
              en-US: { displayName: Family, description: Everyone. }
              de-DE: { displayName: Familie, description: Alle. }
            subscriptions:
              - id: family.monthly
                level: 1
                period: P1M
                price: { USA: "14.99", DEU: "14.99" }
                familyShareable: true
                localizations: { en-US: { displayName: Family Monthly }, de-DE: { displayName: Familie monatlich } }
              - id: family.yearly
                level: 1
                period: P1Y
                price: { USA: "99.99", DEU: "99.99" }
                familyShareable: true
                billingPlans:
                  monthly: { price: { DEU: "11.99" } }
                localizations: { en-US: { displayName: Family Yearly }, de-DE: { displayName: Familie jährlich } }

        """

    /// Pages by name, each the plain page of its group but for one key.
    static let pages: [String: String] = [
        "plain": "groupID: pro",
        "monthly": "groupID: pro\nbillingPlan: monthly",
        "offer": "groupID: pro\noffer: { promotional: comeback }",
        "relations": "groupID: pro\nvisibleRelationships: [upgrade, current]",
        "selected": "groupID: pro\nselected: pro.monthly",
        "ordered": "productIDs: [pro.monthly, pro.yearly, lite.yearly]",
        "reversed": "productIDs: [lite.yearly, pro.yearly, pro.monthly]",
        "family": "groupID: family",
        "familymonthly": "groupID: family\nbillingPlan: monthly",
    ]

    static func site(_ pages: [String: String], storefronts: String = "{ default: USA, de-DE: DEU }") -> TestSite {
        TestSite().with { site in
            site.config = TestSite.defaultConfig
                .replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE]")
                .replacingOccurrences(of: "storefronts: { default: USA }", with: "storefronts: \(storefronts)")
            site.catalogText = catalog
            site.content = pages.reduce(into: [:]) { content, page in
                let body = page.value.contains("family") ? "For {{group.displayName}}." : "Only {{products.pro.yearly.pricePerMonth}} a month."
                content[page.key + ".md"] = "---\ntitle: Birdwatch\n\(page.value)\n---\n\(body)\n"
            }
        }
    }

    /// The files of page `name` (every locale, its locale-less address and its customer-state pages), with the
    /// site-wide stylesheet's name and style rule numbers made the same.
    static func files(of name: String, in result: SiteBuilder.Result) -> [String: String] {
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors.map(\.message))")
        var files: [String: String] = [:]
        for file in result.files where ["\(name)/", "en-US/\(name)/", "de-DE/\(name)/"].contains(where: file.path.hasPrefix) {
            files[file.path] = String(decoding: file.data, as: UTF8.self)
                .replacing(/paywall\.[0-9a-f]+\.css/, with: "paywall.css")
                .replacing(/\bs[0-9]+\b/, with: "s#")
        }
        #expect(files.count >= 3, "page \(name) was built")
        return files
    }

    /// nil when `files` is `expected`, else the first path that differs and its first line that differs.
    static func difference(_ files: [String: String], _ expected: [String: String]?) -> String? {
        guard let expected, files != expected else { return expected == nil ? "nothing to compare with" : nil }
        if files.keys.sorted() != expected.keys.sorted() { return "files \(files.keys.sorted()) instead of \(expected.keys.sorted())" }
        for path in expected.keys.sorted() where files[path] != expected[path] {
            let lines = files[path]!.split(separator: "\n"), wanted = expected[path]!.split(separator: "\n")
            let line = zip(lines, wanted).enumerated().first { $1.0 != $1.1 }?.offset ?? min(lines.count, wanted.count)
            let got = line < lines.count ? lines[line] : "(end)", want = line < wanted.count ? wanted[line] : "(end)"
            return "\(path) line \(line + 1): \(got)\n  alone: \(want)"
        }
        return nil
    }

    static func alone(_ name: String, jobs: Int) -> [String: String] {
        files(of: name, in: SiteBuilder.build(site([name: pages[name]!]).inputs, jobs: jobs))
    }

    static let pairs: [(String, String)] = {
        let names = pages.keys.sorted()
        return names.indices.flatMap { first in names[(first + 1)...].map { (names[first], $0) } }
    }()

    @Test("the numbers the pages state are their own: 10 % and 20 % on 12 monthly payments, 49 % and 44 % up front")
    func stated() throws {
        let result = SiteBuilder.build(Self.site(Self.pages).inputs, jobs: 2)
        func page(_ name: String) throws -> String {
            try #require(TestSite.file("de-DE/\(name)/index.html", of: result)).replacing(/[\u{A0}\u{202F}]/, with: " ")
        }
        let monthly = try page("monthly"), upFront = try page("plain"), family = try page("familymonthly")
        #expect(monthly.contains("10 % sparen") && !monthly.contains("49 % sparen"))
        #expect(upFront.contains("49 % sparen") && !upFront.contains("10 % sparen"))
        #expect(family.contains("20 % sparen") && !family.contains("44 % sparen"))
    }

    @Test("two pages of one group and locale: each is the page built alone", arguments: [1, 4])
    func pairs(jobs: Int) {
        let alone = Dictionary(uniqueKeysWithValues: Self.pages.keys.map { ($0, Self.alone($0, jobs: jobs)) })
        for (first, second) in Self.pairs {
            let together = SiteBuilder.build(Self.site([first: Self.pages[first]!, second: Self.pages[second]!]).inputs, jobs: jobs)
            for name in [first, second] {
                let files = Self.files(of: name, in: together)
                #expect(Self.difference(files, alone[name]) == nil, "\(name) beside \(first == name ? second : first), -j \(jobs)")
            }
        }
        let everything = SiteBuilder.build(Self.site(Self.pages).inputs, jobs: jobs)
        for name in Self.pages.keys {
            #expect(Self.difference(Self.files(of: name, in: everything), alone[name]) == nil, "\(name) in the whole site")
        }
    }

    @Test("a page edited from one key to another, built with the cache of the build before, is the page built fresh")
    func edits() {
        for (before, after) in Self.pairs + Self.pairs.map({ ($1, $0) }) {
            let cache = BuildCache()
            _ = SiteBuilder.build(Self.site(["page": Self.pages[before]!, "other": Self.pages[after]!]).inputs, jobs: 2, cache: cache)
            let edited = SiteBuilder.build(Self.site(["page": Self.pages[after]!, "other": Self.pages[before]!]).inputs, jobs: 2,
                                           cache: cache)
            let fresh = SiteBuilder.build(Self.site(["page": Self.pages[after]!, "other": Self.pages[before]!]).inputs, jobs: 2)
            for name in ["page", "other"] {
                #expect(Self.difference(Self.files(of: name, in: edited), Self.files(of: name, in: fresh)) == nil, "\(before) <-> \(after)")
            }
        }
    }

    @Test("a storefront changed between builds sharing a cache: the pages show the new storefront's prices")
    func storefronts() throws {
        let pages = ["monthly": Self.pages["monthly"]!, "plain": Self.pages["plain"]!]
        let cache = BuildCache()
        _ = SiteBuilder.build(Self.site(pages).inputs, jobs: 1, cache: cache)
        let american = Self.site(pages, storefronts: "{ default: USA, de-DE: USA }")
        let edited = SiteBuilder.build(american.inputs, jobs: 1, cache: cache)
        let fresh = SiteBuilder.build(american.inputs, jobs: 1)
        for name in pages.keys { #expect(Self.difference(Self.files(of: name, in: edited), Self.files(of: name, in: fresh)) == nil) }
        let page = try #require(TestSite.file("de-DE/monthly/index.html", of: edited)).replacing(/[\u{A0}\u{202F}]/, with: " ")
        #expect(page.contains("59,99 $") && !page.contains("10 % sparen"))
    }
}
