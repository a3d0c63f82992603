import Testing
@testable import PaywallKit

/// A subscriber's page (`current/ID/`) changes the plan, never sells a second subscription: `actions.changePlan`
/// with `{currentProductID}`, else the account page (`billing: web`) or Apple's (`billing: appStore`).
@Suite("Subscribers' pages change the plan")
struct PlanChangeTests {
    static let page = "groupID: birdwatch.pro\nvisibleRelationships: [all]"

    static func links(_ html: String) -> [String: String] {
        Dictionary(html.matches(of: /<a class="subscribe" data-action="subscribe" data-product-id="([^"]+)" data-index="\d+" href="([^"]+)"/)
            .map { (String($0.output.1), String($0.output.2)) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("changePlan names the current plan and the new one; the new customer's page still subscribes")
    func changePlan() throws {
        let result = TestSite().page(replacing: "groupID: birdwatch.pro", with: Self.page).build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let monthly = Self.links(try #require(TestSite.file("en-US/pro/current/pro.monthly/index.html", of: result)))
        #expect(monthly == ["pro.yearly": "https://pay.example.com/change?from=pro.monthly&amp;to=pro.yearly"],
                "the current plan has no link; the other changes from it")
        let yearly = Self.links(try #require(TestSite.file("en-US/pro/current/pro.yearly/index.html", of: result)))
        #expect(yearly == ["pro.monthly": "https://pay.example.com/change?from=pro.yearly&amp;to=pro.monthly"])
        let new = Self.links(try #require(TestSite.file("en-US/pro/index.html", of: result)))
        #expect(new["pro.yearly"] == "https://pay.example.com/checkout?product=pro.yearly&amp;locale=en-US")
    }

    @Test("without changePlan, billing web: the account page; billing appStore: Apple's subscriptions page")
    func fallbacks() throws {
        let withoutChange = TestSite().page(replacing: "groupID: birdwatch.pro", with: Self.page)
            .config(replacing: "  changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}\n", with: "")
        let web = withoutChange.config(replacing: "actions:\n", with: "actions:\n  manageSubscription: https://example.com/account\n").build()
        let webLinks = Self.links(try #require(TestSite.file("en-US/pro/current/pro.monthly/index.html", of: web)))
        #expect(webLinks == ["pro.yearly": "https://example.com/account"])
        let apple = withoutChange.config(replacing: "actions:\n", with: "billing: appStore\nactions:\n").build()
        #expect(apple.diagnostics.errors.isEmpty, "\(apple.diagnostics.errors)")
        let appleLinks = Self.links(try #require(TestSite.file("en-US/pro/current/pro.monthly/index.html", of: apple)))
        #expect(appleLinks == ["pro.yearly": ActionLinks.appleSubscriptions])
    }

    @Test("billing web with neither changePlan nor manageSubscription: an error at the page's visibleRelationships")
    func neither() {
        let site = TestSite().page(replacing: "groupID: birdwatch.pro", with: Self.page)
            .config(replacing: "  changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}\n", with: "")
        expectError(site.errors, "writes subscribers' pages (current/ID/)", file: "site/content/pro.md", line: 4, column: 1)
    }

    @Test("{currentProductID} belongs to changePlan only; changePlan fixes its host before a placeholder")
    func placeholders() {
        let subscribe = TestSite().config(replacing: "checkout?product={productID}", with: "checkout?from={currentProductID}")
        #expect(subscribe.errors.contains { $0.message.contains("{currentProductID}, which has no value in this action") })
        let open = TestSite().config(replacing: "https://pay.example.com/change?from=", with: "https://{currentProductID}.example/?from=")
        #expect(open.errors.contains { $0.message.contains("actions.changePlan must fix its scheme and host") })
    }
}
