import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// `offers.json`: what every store page sells, as data that says what the page says.
@Suite struct OffersFileTests {
    typealias JSON = [String: Any]

    static func offers(_ site: TestSite) throws -> (pages: [JSON], result: SiteBuilder.Result) {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let text = try #require(TestSite.file("offers.json", of: result))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? JSON)
        #expect(json["generator"] as? String == "paywall")
        return (try #require(json["pages"] as? [JSON]), result)
    }

    static func options(_ page: JSON?) -> [String: JSON] {
        Dictionary(uniqueKeysWithValues: ((page?["options"] as? [JSON]) ?? []).map { ($0["product"] as! String, $0) })
    }

    @Test func everyStorePageAndCustomerStateIsListedWithWhatItShows() throws {
        let site = TestSite().page(replacing: "groupID: birdwatch.pro",
                                   with: "groupID: birdwatch.pro\nvisibleRelationships: all")
        let (pages, result) = try Self.offers(site)
        #expect(pages.map { $0["path"] as? String } == ["en-US/pro/", "en-US/pro/current/pro.monthly/",
                                                         "en-US/pro/current/pro.yearly/"])
        let new = try #require(pages.first)
        #expect(new["locale"] as? String == "en-US" && new["storefront"] as? String == "USA")
        #expect(new["currency"] as? String == "USD" && new["state"] as? String == "new")
        #expect(new["productID"] is NSNull)
        let yearly = try #require(Self.options(new)["pro.yearly"])
        #expect(yearly["price"] as? String == "$49.99" && yearly["amount"] as? String == "49.99")
        #expect(yearly["billed"] as? String == "$49.99/year" && yearly["period"] as? String == "P1Y")
        #expect(yearly["pricePerMonth"] as? String == "$4.16" && yearly["equivalent"] as? String == "$4.16/month")
        #expect(yearly["discount"] as? String == "Save 16%" && yearly["discountPercent"] as? Int == 16)
        #expect(yearly["purchaseURL"] as? String
                    == "https://pay.example.com/checkout?product=pro.yearly&locale=en-US")
        #expect(yearly["index"] as? Int == 1 && yearly["offer"] is NSNull && yearly["commitment"] is NSNull)
        // The page says the same words.
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        for text in ["$49.99/year", "$4.16/month", "Save 16%"] { #expect(html.contains(text)) }

        // A subscriber's page: the current plan has no purchase link, the other changes the plan.
        let current = Self.options(pages[1])
        #expect(pages[1]["state"] as? String == "current" && pages[1]["productID"] as? String == "pro.monthly")
        #expect(current["pro.monthly"]?["isCurrent"] as? Bool == true)
        #expect(current["pro.monthly"]?["purchaseURL"] is NSNull)
        #expect(current["pro.yearly"]?["purchaseURL"] as? String
                    == "https://pay.example.com/change?from=pro.monthly&to=pro.yearly")
    }

    @Test func anOfferAndAMonthlyPlanAreTheirOwnNumbers() throws {
        let site = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-GB]")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: GBR }")
            .catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\", GBR: \"4.99\" }")
            .catalog(replacing: "price: { USA: \"49.99\" }", with: """
                price: { USA: "49.99", GBR: "49.99" }
                        introductoryOffer: { paymentMode: freeTrial, period: P1W, billingPlan: monthly }
                        billingPlans:
                          monthly: { price: { GBR: "4.49" }, commitmentPrice: { GBR: "53.88" } }
                """)
            .page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nbillingPlan: monthly")
        let (pages, result) = try Self.offers(site)
        let yearly = try #require(Self.options(pages.first)["pro.yearly"])
        #expect(yearly["amount"] as? String == "4.49", "each monthly payment is the billed price")
        #expect(yearly["billed"] as? String == "£4.49/month" && yearly["billingPeriod"] as? String == "P1M")
        #expect(yearly["billingPlan"] as? String == "monthly" && yearly["period"] as? String == "P1Y")
        let commitment = try #require(yearly["commitment"] as? JSON)
        #expect(commitment["payments"] as? Int == 12 && commitment["totalAmount"] as? String == "53.88")
        #expect(commitment["total"] as? String == "£53.88")
        let offer = try #require(yearly["offer"] as? JSON)
        #expect(offer["paymentMode"] as? String == "freeTrial" && offer["amount"] as? String == "0")
        let html = try #require(TestSite.file("en-GB/pro/index.html", of: result))
        #expect(html.contains(try #require(offer["text"] as? String)))
        #expect(html.contains("£53.88") && html.contains("£4.49/month"))
    }

    @Test func aPlainPageIsNotListedAndStaticOffersJSONWins() throws {
        let site = TestSite().with {
            $0.content["welcome.md"] = "---\ntitle: Welcome\n---\nThanks.\n"
            $0.statics["offers.json"] = Data("{\"mine\":true}\n".utf8)
        }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        #expect(TestSite.file("offers.json", of: result) == "{\"mine\":true}\n")
        let made = try Self.offers(TestSite().with { $0.content["welcome.md"] = "---\ntitle: Welcome\n---\nThanks.\n" })
        #expect(made.pages.map { $0["path"] as? String } == ["en-US/pro/"])
    }

    @Test func theSchemaDescribesEveryKeyTheFileHas() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(JSONSchema.text(.offers).utf8)) as? JSON)
        func properties(_ object: Any?) -> JSON { ((object as? JSON)?["properties"] as? JSON) ?? [:] }
        let pageSchema = (properties(schema)["pages"] as? JSON)?["items"]
        let optionSchema = (properties(pageSchema)["options"] as? JSON)?["items"]
        let offerSchema = ((properties(optionSchema)["offer"] as? JSON)?["anyOf"] as? [Any])?.first
        let pages = try Self.offers(TestSite().catalog(replacing: "price: { USA: \"49.99\" }", with: """
            price: { USA: "49.99" }
                    introductoryOffer: { paymentMode: freeTrial, period: P1W }
            """)).pages
        let option = try #require(Self.options(pages.first)["pro.yearly"])
        #expect(Set(properties(pageSchema).keys) == Set(try #require(pages.first).keys))
        #expect(Set(properties(optionSchema).keys) == Set(option.keys))
        #expect(Set(properties(offerSchema).keys) == Set(try #require(option["offer"] as? JSON).keys))
    }
}
