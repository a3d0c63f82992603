import Foundation
import Testing
@testable import PaywallKit

/// `features:`: the plan comparison, from front matter to an accessible table, and its errors at their lines.
@Suite("Plan comparison (features)")
struct FeaturesTests {
    static let page = "site/content/pro.md"

    /// Two levels: Max (monthly, yearly) and Lite (monthly).
    static let catalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            localizations:
              en-US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." }
            subscriptions:
              - { id: max.monthly, level: 1, period: P1M, price: { USA: "9.99" }, localizations: { en-US: { displayName: Max Monthly } } }
              - { id: max.yearly, level: 1, period: P1Y, price: { USA: "79.99" }, localizations: { en-US: { displayName: Max Yearly } } }
              - { id: lite.monthly, level: 2, period: P1M, price: { USA: "3.99" }, localizations: { en-US: { displayName: Lite Monthly } } }

        """

    static let features = """
        features:
          rows:
            - { label: Song ID, levels: [1, 2] }
            - { label: Offline maps, levels: [1] }
            - label: Recordings
              values: { 1: Unlimited, 2: "10" }
            - { label: Coach, values: { 1: Weekly } }

        """

    static func site(_ frontMatter: String = features, selection: String = "groupID: birdwatch.pro") -> TestSite {
        TestSite().with { site in
            site.catalogText = catalog
            site.content["pro.md"] = "---\ntitle: Birdwatch Pro\n\(selection)\n\(frontMatter)---\n# Birdwatch Pro\n\nCopy.\n"
        }
    }

    static func html(_ site: TestSite, _ path: String = "en-US/pro/index.html") throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        return try #require(TestSite.file(path, of: result))
    }

    /// The text between `<div class="features">` and its end.
    static func table(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<div class=\"features\">"))
        let end = try #require(html.range(of: "</table>\n</div>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("a groupID page: a caption, a column per level named as groupBy: level names it, row headers")
    func groupColumns() throws {
        let table = try Self.table(Self.html(Self.site()))
        #expect(table.contains("<caption>Compare plans</caption>"))
        #expect(table.contains("<thead>\n<tr>\n<td></td>\n<th scope=\"col\">Max</th>\n<th scope=\"col\">Lite Monthly</th>\n</tr>\n</thead>"))
        #expect(table.contains(#"<th scope="row">Offline maps</th>"#))
        #expect(!table.contains("<th></th>"))
    }

    @Test("cells: included and not included as a CSS icon with words, values as text, a missing value not included")
    func cells() throws {
        let table = try Self.table(Self.html(Self.site()))
        let yes = #"<td class="feature-yes"><span class="feature-mark" aria-hidden="true"></span><span class="vh">Included</span></td>"#
        let no = #"<td class="feature-no"><span class="feature-mark" aria-hidden="true"></span><span class="vh">Not included</span></td>"#
        #expect(table.contains("<th scope=\"row\">Song ID</th>\n\(yes)\n\(yes)\n</tr>"))
        #expect(table.contains("<th scope=\"row\">Offline maps</th>\n\(yes)\n\(no)\n</tr>"))
        #expect(table.contains("<th scope=\"row\">Recordings</th>\n<td class=\"feature-value\">Unlimited</td>\n<td class=\"feature-value\">10</td>\n</tr>"))
        #expect(table.contains("<th scope=\"row\">Coach</th>\n<td class=\"feature-value\">Weekly</td>\n\(no)\n</tr>"))
    }

    @Test("a productIDs page: a column per product, in the page's order")
    func productColumns() throws {
        let site = Self.site("""
            features:
              rows:
                - { label: Offline maps, products: [max.yearly] }
                - { label: Recordings, values: { lite.monthly: "10", max.yearly: Unlimited } }

            """, selection: "productIDs: [lite.monthly, max.yearly]")
        let table = try Self.table(Self.html(site))
        #expect(table.contains("<td></td>\n<th scope=\"col\">Lite Monthly</th>\n<th scope=\"col\">Max Yearly</th>"))
        #expect(table.contains("<th scope=\"row\">Offline maps</th>\n<td class=\"feature-no\">"))
        #expect(table.contains("<td class=\"feature-value\">10</td>\n<td class=\"feature-value\">Unlimited</td>"))
    }

    @Test("placement: after the options by default, before them when asked")
    func placement() throws {
        let after = try Self.html(Self.site())
        let before = try Self.html(Self.site(Self.features.replacingOccurrences(of: "features:\n", with: "features:\n  placement: beforeOptions\n")))
        for (html, isBefore) in [(after, false), (before, true)] {
            let table = try #require(html.range(of: "<div class=\"features\">")).lowerBound
            let options = try #require(html.range(of: "<fieldset class=\"options\"")).lowerBound
            #expect((table < options) == isBefore)
        }
    }

    @Test("the buttons style lists each option's included features in its card")
    func buttonsCards() throws {
        let html = try Self.html(Self.site(Self.features + "controlStyle: buttons\n"))
        let lite = try #require(html.range(of: "<li class=\"option\" data-product-id=\"lite.monthly\">"))
        let card = String(html[lite.upperBound...].prefix(1500))
        #expect(card.contains("<ul class=\"option-features\" role=\"list\">\n<li>Song ID</li>\n<li>Recordings: <strong>10</strong></li>\n</ul>"))
        #expect(html.contains("<li>Offline maps</li>\n<li>Recordings: <strong>Unlimited</strong></li>\n<li>Coach: <strong>Weekly</strong></li>"))
    }

    @Test("a translation gives labels; one it leaves out keeps the base language, with a warning")
    func translation() throws {
        let site = Self.site()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.de.md"] = "---\ntitle: Birdwatch Pro\nfeatures:\n  labels: { Song ID: Gesangserkennung, Unlimited: Unbegrenzt }\n---\n# Birdwatch Pro\n\nText.\n" }
        let result = site.build()
        let html = try #require(TestSite.file("de-DE/pro/index.html", of: result))
        let table = try Self.table(html)
        #expect(table.contains("<caption>Pläne vergleichen</caption>"))
        #expect(table.contains(#"<th scope="row">Gesangserkennung</th>"#))
        #expect(table.contains(#"<td class="feature-value">Unbegrenzt</td>"#))
        #expect(table.contains(#"<th scope="row"><bdi lang="en-US" dir="ltr">Offline maps</bdi></th>"#))
        #expect(table.contains(#"<td class="feature-value">10</td>"#), "a number is every language's")
        #expect(table.contains("<span class=\"vh\">Enthalten</span>"))
        let warning = try #require(result.diagnostics.warnings.first { $0.message.contains("does not translate") })
        #expect(warning.message.contains("'Offline maps', 'Recordings', 'Coach', 'Weekly'"))
        #expect(warning.location.file == "site/content/pro.de.md" && warning.location.line == 4)
    }

    @Test("an Arabic page with no translation: labels and values carry English")
    func fallback() throws {
        let site = Self.site()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, ar-SA]")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA, ar-SA: USA }")
        let table = try Self.table(Self.html(site, "ar-SA/pro/index.html"))
        #expect(table.contains(#"<th scope="row"><bdi lang="en-US" dir="ltr">Song ID</bdi></th>"#))
        #expect(table.contains(#"<td class="feature-value"><bdi lang="en-US" dir="ltr">Unlimited</bdi></td>"#))
        #expect(table.contains("<caption>قارن بين الخطط</caption>"))
    }

    // MARK: Errors at their lines

    /// The errors of the site whose front matter's `features` is `yaml` (line 4 of pro.md is `features:`, 5 `rows:`).
    static func errors(_ yaml: String, selection: String = "groupID: birdwatch.pro") -> [Diagnostic] {
        site(yaml, selection: selection).errors
    }

    @Test("an unknown key in features, or in a row, with the nearest key")
    func unknownKeys() {
        let errors = Self.errors("features:\n  placment: afterOptions\n  rows:\n    - { label: A, level: [1] }\n")
        expectError(errors, "unknown key 'placment' in features", file: Self.page, line: 5, column: 3, hint: "did you mean 'placement'?")
        expectError(errors, "unknown key 'level' in a features row", file: Self.page, line: 7, hint: "did you mean 'levels'?")
    }

    @Test("a placement that is not one, with the nearest")
    func badPlacement() {
        expectError(Self.errors("features:\n  placement: afterOption\n  rows: [{ label: A, levels: [1] }]\n"),
                    "'afterOption' is not a valid features.placement", file: Self.page, line: 5, hint: "did you mean 'afterOptions'?")
    }

    @Test("a level the group does not have, at its place")
    func unknownLevel() {
        let errors = Self.errors("features:\n  rows:\n    - label: A\n      levels: [1, 3]\n")
        expectError(errors, "no level 3 on this page", file: Self.page, line: 7, column: 19, hint: "the group's levels are: 1, 2")
    }

    @Test("a product that is not on the page, with the nearest ID")
    func unknownProduct() {
        let errors = Self.errors("features:\n  rows:\n    - { label: A, products: [max.yearly, lite.montly] }\n",
                                 selection: "productIDs: [max.yearly, lite.monthly]")
        expectError(errors, "features names 'lite.montly', which is not on this page", file: Self.page, line: 6, hint: "did you mean 'lite.monthly'?")
    }

    @Test("a values key that is neither a level nor a product on the page")
    func unknownValueKeys() {
        expectError(Self.errors("features:\n  rows:\n    - label: A\n      values: { 1: x, 4: y }\n"),
                    "no level 4 on this page", file: Self.page, line: 7)
        expectError(Self.errors("features:\n  rows:\n    - label: A\n      values: { max.yearly: x, max.yearli: y }\n", selection: "productIDs: [max.yearly]"),
                    "features names 'max.yearli'", file: Self.page, line: 7, hint: "did you mean 'max.yearly'?")
    }

    @Test("levels on a productIDs page, products on a groupID page")
    func wrongColumns() {
        expectError(Self.errors("features:\n  rows:\n    - { label: A, levels: [1] }\n", selection: "productIDs: [max.yearly]"),
                    "levels are the columns of a groupID page", file: Self.page, line: 6, hint: "products: [ID, …]")
        expectError(Self.errors("features:\n  rows:\n    - { label: A, products: [max.yearly] }\n"),
                    "the columns of a groupID page are its levels", file: Self.page, line: 6, hint: "levels: [1]")
    }

    @Test("a row with no label, or with two kinds of cells")
    func badRows() {
        let errors = Self.errors("features:\n  rows:\n    - { levels: [1] }\n    - { label: B, levels: [1], values: { 1: x } }\n    - { label: C }\n")
        expectError(errors, "a features row has no 'label'", file: Self.page, line: 6)
        expectError(errors, "the features row 'B' sets levels and values", file: Self.page, line: 7, hint: "exactly one of")
        expectError(errors, "the features row 'C' says nothing about the plans", file: Self.page, line: 8)
    }

    @Test("a translation's features: only labels, and only the base file's texts")
    func translationErrors() {
        let site = Self.site()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.de.md"] = "---\nfeatures:\n  rows: []\n  labels: { Song ID: Gesang, Ofline maps: Karten }\n---\nText.\n" }
        let errors = site.errors
        expectError(errors, "unknown key 'rows' in features", file: "site/content/pro.de.md", line: 3, hint: "only 'labels'")
        expectError(errors, "'Ofline maps' is not a label or value of the page's features", file: "site/content/pro.de.md", line: 4,
                    hint: "did you mean 'Offline maps'?")
    }

    @Test("a translation with features for a page without any")
    func translationWithoutBase() {
        let site = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.de.md"] = "---\nfeatures:\n  labels: { A: B }\n---\nText.\n" }
        expectError(site.errors, "features translates the base file's features, and it has none", file: "site/content/pro.de.md", line: 3)
    }
}
