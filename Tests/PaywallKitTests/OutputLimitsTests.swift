import Foundation
import Testing
@testable import PaywallKit

/// The output's size is bounded before anything renders: options per page, and pages per build.
@Suite struct OutputLimitsTests {
    /// The default site with `count` monthly subscriptions (each with a win-back offer) in its group.
    static func site(subscriptions count: Int) -> TestSite {
        let products = (0..<count).map { index in
            """
                  - id: extra.\(index)
                    level: 2
                    period: P1M
                    price: { USA: "\(index + 1).99" }
                    winBackOffers: [{ id: back, paymentMode: payUpFront, period: P1M, price: { USA: "0.99" } }]

            """
        }.joined()
        var site = TestSite()
        site.catalogText = TestSite.defaultCatalog.replacingOccurrences(of: "    subscriptions:\n",
                                                                        with: "    subscriptions:\n" + products)
        return site
    }

    @Test func aPageOfMoreOptionsThanTheLimitIsAnErrorAtItsGroup() {
        let site = Self.site(subscriptions: OutputLimits.maximumOptionsPerPage - 1)   // with the two of the default catalog
        let result = site.build()
        expectError(result.diagnostics.errors, "the page 'pro' shows 51 options, more than 50 (the limit)",
                    file: "site/content/pro.md", line: 3, hint: "split the options over several pages")
        #expect(result.files.isEmpty, "nothing is written")
    }

    @Test func aPageAtTheLimitBuilds() {
        let result = Self.site(subscriptions: OutputLimits.maximumOptionsPerPage - 2).build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.prefix(2))")
        #expect(result.files.contains { $0.path == "en-US/pro/index.html" })
    }

    @Test func moreOutputPagesThanTheLimitAreAnErrorBeforeAnyRenders() {
        // 50 options with customer states: 1 + 50 current + 48 lapsed pages per page, in 1,011 pages.
        var site = Self.site(subscriptions: OutputLimits.maximumOptionsPerPage - 2)
        let page = "---\ngroupID: birdwatch.pro\nvisibleRelationships: [all]\n---\n"
        let count = OutputLimits.maximumPages / 99 + 1
        site.content = Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0).md", page) })
        let start = Date()
        let result = site.build()
        let error = expectError(result.diagnostics.errors, "the site would write \(count * 99) pages, more than 100000 (the limit)",
                                file: "site/catalog.yml", line: 1)
        #expect(error?.hint?.contains("once per customer state") == true)
        #expect(result.files.isEmpty)
        #expect(Date().timeIntervalSince(start) < 60, "refused before rendering \(count * 99) pages")
    }
}
