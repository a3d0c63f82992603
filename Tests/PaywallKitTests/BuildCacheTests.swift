import Foundation
import Mustache
import Testing
@testable import PaywallKit

/// The per-build cache: the builder keeps an earlier build's cache only while everything its memos read is the same,
/// so a build with a cache writes the bytes a cold build writes, whatever changed in between.
@Suite struct BuildCacheTests {
    static let page = "en-US/pro/index.html"

    /// Each kind of input a memo may read, changed in a way that shows on the page.
    static let edits: [(name: String, site: TestSite, shows: String)] = [
        ("catalog price", TestSite().catalog(replacing: "\"49.99\"", with: "\"39.99\""), "$39.99"),
        ("catalog name", TestSite().catalog(replacing: "displayName: Yearly", with: "displayName: Annual"), "Annual"),
        ("settings", TestSite().config(replacing: "baseURL: https://example.com/", with: "baseURL: https://example.org/"),
         "https://example.org/subscribe/en-US/pro/"),
        ("purchase link", TestSite().config(replacing: "checkout?product=", with: "buy?product="), "pay.example.com/buy?product="),
        ("UI strings", TestSite().with { $0.templates["strings/en.json"] = #"{"subscribe": "Join now"}"# }, "Join now"),
        ("a theme partial", TestSite().with {
            $0.templates["partials/option.mustache"] = Theme.defaultFiles["partials/option.mustache"]!
                .replacingOccurrences(of: "<span class=\"option-body\"", with: "<span data-edited class=\"option-body\"")
        }, "data-edited"),
        ("a field a page names", TestSite().page(replacing: "Identify every bird you hear.",
                                                 with: "Every {{products.pro.yearly.periodText}}."), "Every 1 year."),
    ]

    @Test("the cache of an equal build is kept; any input a memo reads makes a new one")
    func fingerprint() throws {
        let first = TestSite().build()
        let cache = try #require(first.cache)
        #expect(SiteBuilder.build(TestSite().inputs, cache: cache).cache === cache, "the same inputs: the same cache")
        // A page's own copy is in the memos' keys: the cache stays.
        let copyEdit = TestSite().page(replacing: "Identify every bird you hear.", with: "Hear every bird.")
        #expect(SiteBuilder.build(copyEdit.inputs, cache: cache).cache === cache)
        for edit in Self.edits {
            let built = SiteBuilder.build(edit.site.inputs, cache: cache)
            #expect(built.diagnostics.errors.isEmpty, "\(edit.name): \(built.diagnostics.errors)")
            #expect(built.cache != nil && built.cache !== cache, "\(edit.name)")
        }
        let vocabulary = OptionContext.Vocabulary(names: ["price"])
        let base = BuildCache.Fingerprint(inputs: TestSite().inputs, vocabulary: vocabulary)
        let changes: [(String, TestSite)] = [
            ("an asset added", TestSite().with { $0.assets["icon.png"] = Data([1]) }),
            ("the site folder", TestSite().with { $0.folder = "elsewhere" }),
            ("the catalog's path", TestSite().with { $0.catalogPath = "products.yml" }),
        ]
        for (name, site) in changes {
            #expect(BuildCache.Fingerprint(inputs: site.inputs, vocabulary: vocabulary) != base, "\(name)")
        }
        var prices = TestSite().inputs
        prices.prices = ("prices.yml", "pro.yearly: { GBR: \"44.99\" }")
        #expect(BuildCache.Fingerprint(inputs: prices, vocabulary: vocabulary) != base, "prices.yml")
        #expect(BuildCache.Fingerprint(inputs: TestSite().inputs, vocabulary: .init(names: ["price", "badge"])) != base, "vocabulary")
        #expect(BuildCache.Fingerprint(inputs: TestSite().inputs, vocabulary: vocabulary) == base)
    }

    @Test("an edit between two builds that share a cache gives the cold build's bytes", arguments: edits.indices)
    func neverStale(_ index: Int) throws {
        let edit = Self.edits[index]
        let warm = TestSite().build()
        #expect(warm.diagnostics.errors.isEmpty)
        let cached = SiteBuilder.build(edit.site.inputs, cache: warm.cache)
        let cold = edit.site.build()
        #expect(cached.diagnostics.errors.isEmpty, "\(cached.diagnostics.errors)")
        let html = try #require(TestSite.file(Self.page, of: cached))
        #expect(html.contains(edit.shows), "\(edit.name) shows on the page")
        #expect(cached.files.map(\.path) == cold.files.map(\.path))
        for (file, expected) in zip(cached.files, cold.files) {
            #expect(file.bytes == expected.bytes, "\(edit.name): \(file.path) is the cold build's")
        }
        // And back: the cache of the edited build does not leak into a build of the original.
        let back = SiteBuilder.build(TestSite().inputs, cache: cached.cache)
        #expect(zip(back.files, warm.files).allSatisfy { $0.bytes == $1.bytes } && back.files.count == warm.files.count)
    }

    @Test("a failed build hands back the cache it was given, for the build after the fix; without a sink no page is kept")
    func failedBuildsKeepTheLastGoodCache() throws {
        let good = TestSite().build()
        let cache = try #require(good.cache)
        // Other prices (another fingerprint) and an error: the build's own cache is not the one to keep.
        let broken = TestSite().catalog(replacing: "\"49.99\"", with: "\"39.99\"")
            .page(replacing: "Identify every bird you hear.", with: "Only {{{products.pro.yearly.price}}}.")
        let failed = SiteBuilder.build(broken.inputs, cache: cache)
        #expect(failed.diagnostics.hasErrors)
        #expect(failed.cache === cache, "the last good build's cache")
        // The fix: that cache is valid again, and a build that collects its files in memory renders every page.
        let fixed = SiteBuilder.build(TestSite().inputs, cache: failed.cache)
        #expect(fixed.cache === cache)
        #expect(fixed.renderedPages == nil)
        #expect(fixed.files.map(\.path) == good.files.map(\.path))
        #expect(zip(fixed.files, good.files).allSatisfy { $0.bytes == $1.bytes })
    }

    @Test("the catalog read by a build is read again only when its file, prices or the settings changed")
    func catalogMemo() throws {
        let first = try #require(TestSite().build().cache?.catalogMemo)
        let copyEdit = TestSite().page(replacing: "Identify every bird you hear.", with: "Hear every bird.")
        let cache = try #require(TestSite().build().cache)
        cache.catalogMemo = first
        #expect(SiteBuilder.build(copyEdit.inputs, cache: cache).cache?.catalogMemo === first, "a page edit reads no catalog")
        for edit in Self.edits.prefix(4) {
            let built = SiteBuilder.build(edit.site.inputs, cache: cache)
            #expect(built.cache?.catalogMemo != nil && built.cache?.catalogMemo !== first, "\(edit.name)")
        }
    }

    @Test("threads give their state back, and the next build takes it")
    func statesAreKept() throws {
        let first = SiteBuilder.build(TestSite().inputs, jobs: 2)
        let cache = try #require(first.cache)
        let states = cache.stateCount
        #expect(states >= 1 && states <= 2)
        _ = SiteBuilder.build(TestSite().inputs, jobs: 2, cache: cache)
        #expect(cache.stateCount == states, "taken and given back, none made")
    }

    @Test("an option edited after resolving gets a context of its own, never the card of the option it was")
    func identityFollowsValues() throws {
        let resolver = Fixture.resolver(Fixture.catalog([Fixture.product("p", level: 1, "P1M", "4.99")]))
        var diagnostics = Diagnostics()
        var model = try #require(resolver.resolve(Fixture.page(), locale: "en-US", state: .new, diagnostics: &diagnostics))
        let strings = try Theme.load(overrides: [:]).strings(for: "en-US", fallback: "en-US").strings
        var cache = OptionContext.Cache()
        func context(_ model: StoreModel) -> MustacheObject? {
            let builder = PageContext(model: model, text: PriceText(locale: "en-US", currency: "USD", strings: strings),
                                      config: SiteConfig(), root: "../../", path: "en-US/p/")
            guard case .object(let object)? = builder.contexts(model.options, cache: &cache).first?.value else { return nil }
            return object
        }
        let before = try #require(context(model))
        #expect(before.identity != 0)
        #expect(context(model)?.identity == before.identity, "equal options: the same object")
        model.options[0].price = .of("3.99")
        let after = try #require(context(model))
        #expect(after.identity != before.identity)
        #expect(after["price"].flatMap { if case .string(let s) = $0 { s } else { nil } } == "$3.99")
    }
}

@Suite struct BoundedCacheTests {
    @Test("never holds more than its limit; what is used again outlives what is not")
    func eviction() {
        var cache = BoundedCache<Int, String>(limit: 100)
        for key in 0..<1_000 {
            cache.insert(String(key), for: key)
            #expect(cache.cost <= 100)
            // Key 0 is used on every round: it is never the one dropped.
            #expect(cache.value(for: 0) == "0", "round \(key)")
        }
        #expect(cache.evictions > 800)
        #expect(cache.value(for: 999) == "999", "the newest stays")
        #expect(cache.value(for: 500) == nil, "an old one unused is gone")
    }

    @Test("costs add up; an entry dearer than half the limit is not kept; replacing one counts it once")
    func costs() {
        var cache = BoundedCache<String, Int>(limit: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "a", cost: 3)
        #expect(cache.cost == 3 && cache.count == 1 && cache.value(for: "a") == 2)
        cache.insert(3, for: "big", cost: 6)
        #expect(cache.value(for: "big") == nil && cache.cost == 3)
        var made = 0
        for _ in 0..<3 { _ = cache.kept("b", cost: 2) { made += 1; return 9 } }
        #expect(made == 1 && cache.hits >= 3)
        cache.removeAll()
        #expect(cache.isEmpty && cache.cost == 0)
    }
}
