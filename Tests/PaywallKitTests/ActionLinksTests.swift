import Foundation
import Testing
@testable import PaywallKit

/// `actions.subscribe` / `actions.purchase` as a template or a link per product, their placeholders, and the
/// links they can make (issues 18 §4, 19 §1, 24 item 1).
@Suite struct ActionLinksTests {
    let site = TestSite()
    let config = "site/paywall.yml"
    static let template = "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}"

    func withSubscribe(_ replacement: String) -> TestSite {
        site.config(replacing: Self.template, with: replacement)
    }

    /// The subscribe links of a page, in order, as written in its HTML.
    static func links(_ html: String) -> [String] {
        html.components(separatedBy: "class=\"subscribe\"").dropFirst().compactMap { chunk in
            guard let start = chunk.range(of: "href=\"")?.upperBound, let end = chunk[start...].firstIndex(of: "\"") else { return nil }
            return String(chunk[start..<end]).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    func page(_ site: TestSite, _ path: String = "en-US/pro/index.html") throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return try #require(TestSite.file(path, of: result))
    }

    // MARK: A link per product

    @Test func eachProductBuysThroughItsOwnLinkElseTheDefault() throws {
        let html = try page(withSubscribe("""
            subscribe:
                pro.yearly: https://buy.stripe.com/abc123
                default: https://pay.example.com/checkout?product={productID}&offer={offerType}&plan={billingPlan}
            """))
        #expect(Set(Self.links(html)) == ["https://buy.stripe.com/abc123",
                                          "https://pay.example.com/checkout?product=pro.monthly&offer=none&plan=upFront"])
    }

    @Test func aProductNoLinkCoversIsAnErrorNamingTheProductAndThePage() {
        let errors = withSubscribe("subscribe:\n    pro.yearly: https://buy.stripe.com/abc123").errors
        let error = expectError(errors, "the page 'pro' shows 'pro.monthly', which no purchase link", file: "site/content/pro.md",
                                line: 3, column: 10, hint: "'pro.monthly: https://…' or 'default: https://…' under actions.subscribe")
        #expect(error?.message.contains("pro.yearly") == false)
    }

    @Test func aProductNoLinkCoversIsReportedOnceForAllLocales() {
        let errors = withSubscribe("subscribe:\n    pro.yearly: https://buy.stripe.com/abc123")
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE, fr-FR]").errors
        #expect(errors.filter { $0.message.contains("no purchase link") }.count == 1, "\(errors)")
    }

    @Test func aSiteWithoutSubscribeIsAnError() {
        let errors = site.config(replacing: "actions:\n  " + Self.template, with: "")
            .config(replacing: "  changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}\n", with: "").errors
        expectError(errors, "shows 'pro.monthly', 'pro.yearly', which no purchase link", file: "site/content/pro.md", line: 3,
                    hint: "add actions: { subscribe: https://… }")
    }

    @Test func aMapNamingAProductTheCatalogLacksSuggestsTheNearest() {
        let errors = withSubscribe("subscribe:\n    pro.yearli: https://buy.stripe.com/abc\n    default: https://pay.example.com/{productID}").errors
        expectError(errors, "names the product 'pro.yearli', which the catalog does not have", file: config, line: 9, column: 5,
                    hint: "did you mean 'pro.yearly'?")
    }

    @Test func oneTimeProductsUseTheirPurchaseEntryThenSubscribes() throws {
        let catalog = TestSite.defaultCatalog + "nonConsumables:\n  - { id: lifetime, referenceName: Lifetime, price: { USA: \"99.99\" } }\n  - { id: tip, referenceName: Tip, price: { USA: \"0.99\" } }\n"
        let base = site.with { $0.catalogText = catalog }
            .page(replacing: "groupID: birdwatch.pro", with: "productIDs: [pro.yearly, lifetime, tip]")
        let html = try page(base.config(replacing: Self.template, with: """
            subscribe:
                lifetime: https://buy.stripe.com/life
                default: https://pay.example.com/s/{productID}
              purchase: { tip: https://buy.stripe.com/tip }
            """))
        #expect(Self.links(html) == ["https://pay.example.com/s/pro.yearly", "https://buy.stripe.com/life", "https://buy.stripe.com/tip"])
        let errors = base.config(replacing: Self.template, with: "\(Self.template)\n  purchase: { pro.yearly: https://buy.stripe.com/x }").errors
        expectError(errors, "'pro.yearly' is a subscription, and actions.purchase is for one-time products", file: config, line: 9)
    }

    @Test func aMapValueMustBeASafeLinkAtItsLine() {
        let errors = withSubscribe("subscribe:\n    pro.yearly: http://buy.stripe.com/abc\n    default: https://pay.example.com/").errors
        expectError(errors, "actions.subscribe.pro.yearly uses the 'http:' scheme", file: config, line: 9, column: 17, hint: "https://")
    }

    // MARK: Placeholders (issue 18 §4)

    @Test func anUnknownPlaceholderIsAnErrorAtItsColumnNamingTheKnownOnes() {
        let errors = withSubscribe("subscribe: https://pay.example.com/checkout?product={productID}&uid={appUserID}").errors
        let error = expectError(errors, "has the placeholder {appUserID}, which paywall does not know", file: config, line: 8,
                                column: 3 + "subscribe: https://pay.example.com/checkout?product={productID}&uid=".count)
        for name in ["{productID}", "{locale}", "{offerID}", "{offerType}", "{billingPlan}"] {
            #expect(error?.hint?.contains(name) == true, "hint names \(name)")
        }
    }

    @Test func aQuotedTemplatesColumnCountsTheQuote() {
        let errors = withSubscribe("subscribe: \"https://pay.example.com/{productId}\"").errors
        expectError(errors, "{productId}", file: config, line: 8, column: 3 + "subscribe: \"https://pay.example.com/".count,
                    hint: "did you mean {productID}?")
    }

    @Test func aBraceThatOpensNoPlaceholderIsAnError() {
        let errors = withSubscribe("subscribe: https://pay.example.com/{ productID }").errors
        expectError(errors, "a '{' that opens no placeholder", file: config, line: 8, hint: "%7B")
    }

    @Test func storeButtonsExpandOnlyTheLocale() {
        let errors = site.config(replacing: Self.template, with: "\(Self.template)\n  signIn: https://example.com/login?p={productID}").errors
        expectError(errors, "actions.signIn has the placeholder {productID}, which has no value in this action", file: config, line: 9,
                    hint: "{locale}")
    }

    static let offersCatalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            subscriptions:
              - id: pro.monthly
                level: 1
                period: P1M
                price: { USA: "4.99" }
                introductoryOffer: { id: trial, paymentMode: freeTrial, period: P1W }
              - id: pro.yearly
                level: 1
                period: P1Y
                price: { USA: "49.99" }
                promotionalOffers: [{ id: comeback, paymentMode: payUpFront, period: P1Y, price: { USA: "19.99" } }]
                winBackOffers: [{ id: winback, paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: { USA: "2.99" } }]

        """

    @Test("{offerType} names the offer shown, {offerID} the ID of an offer that has one", arguments: [
        ("en-US/pro/index.html", ["p=pro.yearly&type=none&id=&plan=upFront", "p=pro.monthly&type=introductory&id=&plan=upFront"]),
        ("en-US/pro/current/pro.monthly/index.html", ["p=pro.yearly&type=promotional&id=comeback&plan=upFront"]),
        ("en-US/pro/lapsed/pro.yearly/index.html", ["p=pro.yearly&type=winBack&id=winback&plan=upFront", "p=pro.monthly&type=none&id=&plan=upFront"]),
    ])
    func offerPlaceholders(_ path: String, _ queries: [String]) throws {
        let html = try page(withSubscribe("subscribe: https://pay.example.com/c?p={productID}&type={offerType}&id={offerID}&plan={billingPlan}")
            .with { $0.catalogText = Self.offersCatalog }
            .config(replacing: "change?from={currentProductID}&to={productID}", with: "c?p={productID}&type={offerType}&id={offerID}&plan={billingPlan}")
            .page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nvisibleRelationships: [all]\noffer: { promotional: comeback }"), path)
        #expect(Set(Self.links(html)) == Set(queries.map { "https://pay.example.com/c?" + $0 }))
    }

    // MARK: Links assembled by placeholders (issue 24 item 1)

    @Test("a link is checked after its placeholders are filled, for every product and offer", arguments: [
        ("\"java{offerID}script:alert(document.domain)//\"", "pro.monthly", "'javascript:'"),
        ("\"http{offerID}://x.example/\"", "pro.monthly", "'http:'"),
        ("\"/{offerID}/evil.example/\"", "pro.monthly", "has no scheme"),
        ("\"{locale}:x\"", "pro.monthly", "'en-us:'"),
    ])
    func placeholdersNeverMakeAScheme(_ template: String, _ product: String, _ fragment: String) {
        let errors = withSubscribe("subscribe: \(template)").errors
        let error = expectError(errors, fragment, file: config, line: 8, hint: "never the scheme")
        #expect(error?.message.contains("for '\(product)'") == true, "\(String(describing: error))")
    }

    @Test func aProductNamedLikeASchemeCannotMakeOne() {
        let errors = withSubscribe("subscribe: \"{productID}:alert(1)\"")
            .catalog(replacing: "id: pro.monthly", with: "id: javascript").errors
        let error = expectError(errors, "'javascript:'", file: config, line: 8)
        #expect(error?.message.contains("for 'javascript'") == true)
    }

    @Test func linksWhoseSchemeIsWrittenOutAreFine() throws {
        for template in ["https://pay.example.com/{offerID}{productID}", "/checkout/{offerID}?p={productID}", "?p={productID}"] {
            _ = try page(withSubscribe("subscribe: \"\(template)\"").with { $0.catalogText = Self.offersCatalog })
        }
    }

    @Test(arguments: ["javascript:alert(1)", "a b", "x/y", String(repeating: "a", count: 101)])
    func offerIDsAreIdentifiers(_ id: String) {
        let catalog = Self.offersCatalog.replacingOccurrences(of: "id: comeback", with: "id: \"\(id)\"")
        let errors = site.with { $0.catalogText = catalog }.errors
        expectError(errors, "the promotional offer ID", file: "site/catalog.yml", line: TestSite.line(of: "comeback", in: Self.offersCatalog))
    }

    @Test func aProductIDLongerThanAppStoreConnectAllowsIsAnErrorAtItsLine() {
        let long = String(repeating: "p", count: 300)
        let errors = site.catalog(replacing: "id: pro.monthly", with: "id: \(long)").errors
        expectError(errors, "300 characters long", file: "site/catalog.yml", line: TestSite.line(of: "pro.monthly", in: TestSite.defaultCatalog),
                    hint: "100 characters")
        #expect(!errors.contains { $0.message.contains("disk") })
    }

    @Test(arguments: [("\"offerID\" : \"loyal\"", "\"offerID\" : \"loyal offer\"", "has characters an ID cannot have"),
                      ("\"productID\" : \"atlas.basic.monthly\"", "\"productID\" : \"\(String(repeating: "a", count: 150))\"", "150 characters long")])
    func storeKitIDsAreIdentifiers(_ old: String, _ new: String, _ fragment: String) throws {
        let text = try String(contentsOf: StoreKitOffersTests.fixture, encoding: .utf8)
        #expect(text.contains(old))
        let errors = site.with { site in
            site.config = "catalog: Products.storekit\nactions: { subscribe: https://pay.example.com/ }\n"
            site.catalogPath = "Products.storekit"
            site.catalogText = text.replacingOccurrences(of: old, with: new)
            site.content = ["atlas.md": "---\ngroupID: \"21000001\"\n---\n"]
        }.errors
        expectError(errors, fragment, file: "site/Products.storekit", line: TestSite.line(of: old, in: text))
    }

    // MARK: carry (issue 19 §2)

    static let carry = "\n  carry: { app_user_id: client_reference_id, utm_source: utm_source }"

    @Test func carryGivesEachPageOneScriptThatItsCSPAllowsByHash() throws {
        let html = try page(site.config(replacing: Self.template, with: Self.template + Self.carry))
        let scripts = html.components(separatedBy: "<script>").dropFirst()
        #expect(scripts.count == 1)
        let source = try #require(scripts.first?.components(separatedBy: "</script>").first)
        let hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
        #expect(html.contains("content=\"default-src 'none'; script-src '\(hash)'; style-src 'self';"))
        #expect(!html.contains("unsafe-inline"))
        #expect(source.contains(#"["app_user_id","client_reference_id"],["utm_source","utm_source"]"#))
        #expect(source.contains("encodeURIComponent(v)"))
        for word in ["fetch", "XMLHttpRequest", "cookie", "Storage", "sendBeacon", "import", "eval", "innerHTML"] {
            #expect(!source.contains(word), "the script uses \(word)")
        }
    }

    @Test func withoutCarryAPageHasNoScriptAndItsCSPAllowsNone() throws {
        let html = try page(site)
        #expect(!html.contains("<script"))
        #expect(!html.contains("script-src"))
        #expect(html.contains("default-src 'none'"))
    }

    @Test func carryAsAListKeepsTheNames() throws {
        let html = try page(site.config(replacing: Self.template, with: Self.template + "\n  carry: [app_user_id, utm_campaign]"))
        #expect(html.contains(#"m=[["app_user_id","app_user_id"],["utm_campaign","utm_campaign"]]"#))
    }

    @Test(arguments: [("carry: [\"app user\"]", "'app user'", "\"app user\""), ("carry: { uid: \"a&b\" }", "'a&b'", "\"a&b\""),
                      ("carry: { \"a=b\": uid }", "'a=b'", "\"a=b\""), ("carry: [\"\"]", "empty", "\"\"")])
    func aCarryNameThatIsNotAQueryNameIsAnErrorAtItsPlace(_ carry: String, _ fragment: String, _ place: String) {
        let errors = site.config(replacing: Self.template, with: Self.template + "\n  " + carry).errors
        expectError(errors, fragment, file: config, line: 9, column: TestSite.column(of: place, in: "  " + carry))
    }

    @Test func carryWritingOneNameTwiceIsAnError() {
        let errors = site.config(replacing: Self.template, with: Self.template + "\n  carry: { a: uid, b: uid }").errors
        expectError(errors, "writes 'uid' twice", file: config, line: 9)
    }
}
