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

    /// Options as the resolver makes them (discounts, per-unit prices, an offer) and a one-time product.
    static var contexts: [OptionContext] {
        let trial = Fixture.offer(.introductory, .freeTrial, "P1W")
        var products = Fixture.tiers
        products[1] = Fixture.product("silver.yearly", level: 2, "P1Y", "39.99", intro: trial, family: true)
        let (model, _) = Fixture.resolve(products, Fixture.page())
        let options = (model?.options ?? []) + [OneTimeTextTests.option(.nonConsumable, name: "Lifetime", price: "99.99")]
        return options.map { OneTimeTextTests.context($0, "en-US", "USD") }
    }

    @Test("each alias stands for a field with a value of its own, and has that field's value on every option")
    func aliases() throws {
        let contexts = Self.contexts
        #expect(contexts.count == 7 && contexts.contains { $0.option.offer != nil } && contexts.contains { $0.option.relativeDiscount != nil })
        let aliases = OptionContext.Field.allCases.filter { $0.original != nil }
        // RevenueCat's names (and `purchaseURL`), each with the field it stands for.
        #expect(Dictionary(uniqueKeysWithValues: aliases.map { ($0.rawValue, $0.original!.rawValue) }) == [
            "purchaseURL": "subscribeURL", "product_name": "displayName", "price_per_period": "pricePerPeriod",
            "price_per_period_full": "pricePerPeriodSpoken", "sub_price_per_month": "pricePerMonth", "sub_price_per_week": "pricePerWeek",
            "sub_price_per_day": "pricePerDay", "sub_relative_discount": "relativeDiscount", "sub_duration": "periodText", "sub_period": "periodLabel",
        ])
        for alias in aliases {
            let field = try #require(alias.original)
            #expect(field.original == nil, "\(alias.rawValue) names \(field.rawValue), itself an alias")
            for context in contexts {
                #expect(alias.value(context).map { String(reflecting: $0) } == field.value(context).map { String(reflecting: $0) },
                        "\(alias.rawValue) on \(context.option.id)")
            }
        }
        // The names RevenueCat documents for its values, and the field each must show.
        let sub = try #require(contexts.first { $0.option.offer != nil })
        for (name, expected) in [("product_name", "SILVER.YEARLY"), ("price_per_period", "$39.99/year"), ("sub_price_per_month", "$3.33"),
                                 ("sub_duration", "1 year"), ("sub_period", "Yearly"), ("total_price_and_per_month", "$39.99/year ($3.33/month)"),
                                 ("sub_offer_duration", "1 week"), ("sub_offer_price", "Free"), ("sub_relative_discount", "Save 33%")] {
            #expect(Self.text(sub.sharedFields[name]) == expected, "\(name)")
        }
    }

    @Test("the names a vocabulary knows are the table's: any other name makes no field")
    func knownNames() {
        #expect(OptionContext.Vocabulary.all.fields.map(\.name) == OptionContext.Field.allCases.map(\.rawValue))
        #expect(OptionContext.Vocabulary.all.offerFields.map(\.name) == OptionContext.OfferField.allCases.map(\.rawValue))
        #expect(OptionContext.Vocabulary.known == Set(OptionContext.Field.allCases.map(\.rawValue) + OptionContext.OfferField.allCases.map(\.rawValue)))
        let vocabulary = OptionContext.Vocabulary(names: ["title", "price", "shortText", "sub_period", "pricePerFortnight"])
        #expect(vocabulary.names == ["price", "shortText", "sub_period"], "a page's title and a mistyped name are no option's")
        #expect(vocabulary.fields.map(\.name) == ["price", "sub_period"])
        #expect(vocabulary.offerFields.map(\.name) == ["price", "shortText"])
        // Two sets of templates naming the same option fields make the same contexts: a cache may keep them.
        #expect(OptionContext.Vocabulary(names: ["price", "lang"]).names == OptionContext.Vocabulary(names: ["price", "dir"]).names)
    }

    @Test("every option name is documented where `paywall schema page` lists the template vocabulary")
    func documented() throws {
        let schema = try #require(JSONSchema.text(.page).data(using: .utf8))
        let root = try #require(try JSONSerialization.jsonObject(with: schema) as? [String: Any])
        let vocabulary = try #require(((root["$defs"] as? [String: Any])?["templateVocabulary"] as? [String: Any])?["properties"] as? [String: Any])
        let option = try #require((vocabulary["option"] as? [String: Any])?["description"] as? String)
        let words = Set(option.split { !($0.isLetter || $0 == "_") }.map(String.init))
        let pageFields = OneTimeTextTests.context(OneTimeTextTests.option(.consumable, name: "Tip", price: "0.99"), "en-US", "USD").pageFields.names
        for name in OptionContext.Field.allCases.map(\.rawValue) + OptionContext.OfferField.allCases.map(\.rawValue) + pageFields {
            #expect(words.contains(name), "\(name) is not in the schema's option description")
        }
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
        let cache = BuildCache()
        let before = SiteBuilder.build(TestSite().inputs, cache: cache)
        #expect(before.diagnostics.errors.isEmpty)
        let edited = TestSite().page(replacing: "Identify every bird you hear.", with: "Renews every {{products.pro.monthly.periodText}}.")
        let after = SiteBuilder.build(edited.inputs, cache: cache)
        #expect(after.diagnostics.errors.isEmpty, "\(after.diagnostics.errors)")
        #expect(try #require(TestSite.file(Self.page, of: after)).contains("Renews every 1 month."))
    }
}
