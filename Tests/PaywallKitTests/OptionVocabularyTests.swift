import Foundation
import Mustache
import Testing
@testable import PaywallKit

/// An option's fields are made only when a template names them (`OptionContext.Vocabulary`): what a template names
/// must still be there, with its value, wherever it is named.
@Suite("Option fields made for the names templates use")
struct OptionVocabularyTests {
    static let page = "en-US/pro/index.html"

    static func text(_ value: MustacheValue?) -> String? {
        if case .string(let text)? = value { text } else { nil }
    }

    @Test("a vocabulary makes exactly the fields it names; the full one makes every field")
    func fieldsMade() {
        let option = OneTimeTextTests.option(.autoRenewable, Period(1, .year), name: "Yearly", price: "49.99")
        var context = OneTimeTextTests.context(option, "en-US", "USD")
        context.vocabulary = OptionContext.Vocabulary(names: ["id", "periodText", "product_name", "price", "title"])
        #expect(context.sharedFields.names == ["id", "price", "periodText", "product_name"])
        #expect(Self.text(context.sharedFields["periodText"]) == "1 year")
        #expect(Self.text(context.sharedFields["price"]) == "$49.99")
        #expect(Self.text(context.sharedFields["product_name"]) == "Yearly", "an alias has its field's value")
        context.vocabulary = .all
        #expect(context.sharedFields.names == OptionContext.fields.map(\.name))
        #expect(Set(OptionContext.fields.map(\.name)).count == OptionContext.fields.count, "each field once")
    }

    @Test("fields the default theme does not use still render where a site's template or page names them")
    func namedElsewhere() throws {
        let site = TestSite()
            .page(replacing: "Identify every bird you hear.", with: "Every {{products.pro.yearly.periodText}} for {{products.pro.yearly.sub_price_per_month}} a month.")
            .with { $0.templates["partials/option.mustache"] = "<span class=\"mine\">{{periodLabel}}|{{price}}|{{total_price_and_per_month}}</span>" }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file(Self.page, of: result))
        #expect(html.contains("Every 1 year for $4.16 a month."))
        #expect(html.contains(#"<span class="mine">Yearly|$49.99|$49.99/year ($4.16/month)</span>"#), "\(html)")
    }

    @Test("a page edited to name a new field gets it, with the caches of the build before (as in serve)")
    func cachesFollowTheNames() throws {
        let before = SiteBuilder.build(TestSite().inputs)
        #expect(before.diagnostics.errors.isEmpty)
        let edited = TestSite().page(replacing: "Identify every bird you hear.", with: "Renews every {{products.pro.monthly.periodText}}.")
        let after = SiteBuilder.build(edited.inputs, cache: before.cache)
        #expect(after.diagnostics.errors.isEmpty, "\(after.diagnostics.errors)")
        #expect(try #require(TestSite.file(Self.page, of: after)).contains("Renews every 1 month."))
    }
}
