import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// The build cache: memos at the catalog read, the content-file parse and the page unit, each keyed by the digest of
/// its stage's input, so a build with a cache writes the bytes a cold build writes, whatever changed in between.
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

    @Test("an edit between two builds that share a cache gives the cold build's bytes", arguments: edits.indices)
    func neverStale(_ index: Int) throws {
        let edit = Self.edits[index]
        let cache = BuildCache()
        let warm = SiteBuilder.build(TestSite().inputs, cache: cache)
        #expect(warm.diagnostics.errors.isEmpty)
        let cached = SiteBuilder.build(edit.site.inputs, cache: cache)
        let cold = edit.site.build()
        #expect(cached.diagnostics.errors.isEmpty, "\(cached.diagnostics.errors)")
        let html = try #require(TestSite.file(Self.page, of: cached))
        #expect(html.contains(edit.shows), "\(edit.name) shows on the page")
        #expect(cached.files.map(\.path) == cold.files.map(\.path))
        for (file, expected) in zip(cached.files, cold.files) {
            #expect(file.bytes == expected.bytes, "\(edit.name): \(file.path) is the cold build's")
        }
        // And back: what the edited build kept does not leak into a build of the original.
        let back = SiteBuilder.build(TestSite().inputs, cache: cache)
        #expect(zip(back.files, warm.files).allSatisfy { $0.bytes == $1.bytes } && back.files.count == warm.files.count)
    }

    @Test("the catalog is read again only when what reading it receives changed; a page edit parses that file alone")
    func catalogAndContentReads() throws {
        let cache = BuildCache()
        _ = SiteBuilder.build(TestSite().with { $0.content["other.md"] = TestSite.defaultPage }.inputs, cache: cache)
        #expect((cache.catalogs.made, cache.contentFiles.made) == (1, 2))
        let copyEdit = TestSite().page(replacing: "Identify every bird you hear.", with: "Hear every bird.")
            .with { $0.content["other.md"] = TestSite.defaultPage }
        let before = try #require(TestSite.file("index.html", of: SiteBuilder.build(copyEdit.inputs, cache: cache)))
        #expect((cache.catalogs.made, cache.contentFiles.made) == (1, 3), "a page edit reads no catalog")
        #expect(cache.siteFiles.made == 1, "nor makes the locale chooser and host pages again")
        let retitled = copyEdit.page(replacing: "title: Birdwatch Pro", with: "title: Birds")
        let chooser = try #require(TestSite.file("index.html", of: SiteBuilder.build(retitled.inputs, cache: cache)))
        #expect(cache.siteFiles.made == 2 && chooser != before, "a new title is in the chooser")
        #expect(chooser == TestSite.file("index.html", of: retitled.build()), "the cold build's chooser")
        var made = cache.catalogs.made
        for edit in Self.edits.prefix(4) {
            _ = SiteBuilder.build(edit.site.inputs, cache: cache)
            #expect(cache.catalogs.made == made + 1, "\(edit.name)")
            made = cache.catalogs.made
        }
        var prices = TestSite().inputs
        prices.prices = ("prices.yml", "pro.yearly: { GBR: \"44.99\" }")
        _ = SiteBuilder.build(prices, cache: cache)
        #expect(cache.catalogs.made == made + 1, "prices.yml")
    }

    @Test("a failed build keeps what the last good build made, for the build after the fix")
    func failedBuildsKeepTheLastGoodMemos() throws {
        let cache = BuildCache()
        let good = SiteBuilder.build(TestSite().inputs, cache: cache)
        let reads = (cache.catalogs.made, cache.contentFiles.made)
        let broken = TestSite().catalog(replacing: "\"49.99\"", with: "\"39.99\"")
            .page(replacing: "Identify every bird you hear.", with: "Only {{{products.pro.yearly.price}}}.")
        #expect(SiteBuilder.build(broken.inputs, cache: cache).diagnostics.hasErrors)
        let fixed = SiteBuilder.build(TestSite().inputs, cache: cache)
        #expect((cache.catalogs.made, cache.contentFiles.made) == (reads.0 + 1, reads.1 + 1), "the good inputs' reads kept")
        #expect(fixed.files.map(\.path) == good.files.map(\.path))
        #expect(zip(fixed.files, good.files).allSatisfy { $0.bytes == $1.bytes })
    }

    @Test("into an output folder, offers.json is kept while every page's list is the same; a price makes it again")
    func offersFileKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func offers(_ site: TestSite, into output: String, cache: BuildCache?) throws -> String {
            let writer = try SiteWriter(output: folder.path(output))
            let result = SiteBuilder.build(site.inputs, into: writer, cache: cache)
            #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
            try writer.commit()
            return try String(contentsOfFile: folder.path(output + "/offers.json"), encoding: .utf8)
        }
        let cache = BuildCache()
        let first = try offers(TestSite(), into: "out", cache: cache)
        let copy = TestSite().page(replacing: "Identify every bird you hear.", with: "Hear every bird.")
        #expect(try offers(copy, into: "out", cache: cache) == first)
        #expect(cache.offersFiles.made == 1, "a copy edit keeps offers.json")
        let price = TestSite().catalog(replacing: "\"49.99\"", with: "\"39.99\"")
        let repriced = try offers(price, into: "out", cache: cache)
        #expect(cache.offersFiles.made == 2)
        #expect(repriced.contains("39.99") && !first.contains("39.99"), "the new price is in it")
        #expect(try repriced == offers(price, into: "cold", cache: nil), "the cold build's")
    }

    @Test("a memo keeps what the last successful build asked for, and forgets the rest")
    func memoGenerations() {
        let memo = Memo<Digest, Int>()
        let (one, two) = (Digest(of: "one"), Digest(of: "two"))
        #expect(memo.value(for: one) { 1 } == 1 && memo.value(for: two) { 2 } == 2)
        memo.endBuild(succeeded: true)
        #expect(memo.value(for: one) { 0 } == 1, "kept from the build before")
        memo.endBuild(succeeded: false)
        #expect(memo.lookUp(one) == 1 && memo.count == 2, "a failed build forgets nothing")
        memo.endBuild(succeeded: true)
        #expect(memo.lookUp(two) == nil && memo.count == 1, "asked for by no build since")
        #expect(memo.made == 2)
    }
}

