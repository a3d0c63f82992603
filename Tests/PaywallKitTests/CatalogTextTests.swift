import Foundation
import Testing
@testable import PaywallKit

/// Catalog text and prices that would make a wrong page are errors at their place, in the native and the
/// `.storekit` loaders alike: control characters, prices finer than their currency, monthly plans priced 0 or
/// whose total contradicts their payments.
@Suite struct CatalogTextTests {
    static let native = TestSite()

    /// (text in the default catalog, its replacement, the message's start, the line)
    static let controls: [(String, String, String, Int)] = [
        ("displayName: Monthly,", "displayName: \"Mon\\e[31mthly\",", "displayName has the control character U+001B (ESC)", 13),
        ("description: Billed every month.", "description: \"Ring\\a\"", "description has the control character U+0007 (BEL)", 13),
        ("referenceName: Pro Monthly", "referenceName: \"Pro\\0\"", "referenceName has the control character U+0000 (NUL)", 8),
        ("name: Birdwatch Pro", "name: \"Bird\\x9Bwatch\"", "name has the control character U+009B (CSI)", 3),
        ("displayName: Yearly,", "displayName: \"Year\\tly\",", "displayName has the control character U+0009 (tab)", 20),
        ("displayName: Yearly,", "displayName: \"Year\\nly\",", "displayName has the control character U+000A", 20),
        ("description: Billed every year.", "description: \"Del\\x7F\"", "description has the control character U+007F (DEL)", 20),
    ]

    @Test(arguments: controls)
    func aControlCharacterInNativeTextIsAnError(_ old: String, _ new: String, _ message: String, _ line: Int) {
        let site = Self.native.catalog(replacing: old, with: new)
        let result = site.build()
        #expect(result.files.isEmpty, "no page shows it")
        expectError(result.diagnostics.errors, message, file: "site/catalog.yml", line: line)
    }

    @Test func descriptionsAndPolicyTextMayHaveSeveralLines() throws {
        let site = Self.native.catalog(replacing: "description: Billed every month.", with: "description: \"Billed\\n\\tmonthly.\"")
            .catalog(replacing: "subscriptionGroups:", with: "appPolicies: { termsOfService: { text: \"# Terms\\n\\nNo\\tfees.\" } }\nsubscriptionGroups:")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let bad = Self.native.catalog(replacing: "subscriptionGroups:", with: "appPolicies: { termsOfService: { text: \"Terms\\e\" } }\nsubscriptionGroups:")
        expectError(bad.errors, "appPolicies.termsOfService.text has the control character U+001B (ESC)", file: "site/catalog.yml", line: 1)
    }

    /// A one-subscription `.storekit` file with `fields` added to its subscription and `top` to its root.
    static func storekit(_ fields: String, top: String = "", storefront: String = "GBR") -> String {
        """
        { "settings" : { "_storefront" : "\(storefront)" },\(top)
          "subscriptionGroups" : [ { "id" : "G1", "name" : "G", "subscriptions" : [ { "productID" : "pro",
            "groupNumber" : 1, "recurringSubscriptionPeriod" : "P1Y",
            \(fields) } ] } ] }
        """
    }

    static func storekitErrors(_ text: String) throws -> [Diagnostic] {
        var diagnostics = Diagnostics()
        let catalog = StoreKitLoader.load(try YAML.parse(text, file: "P.storekit"), file: "P.storekit", diagnostics: &diagnostics)
        #expect(catalog == nil || !diagnostics.hasErrors == true)
        return diagnostics.errors
    }

    @Test(arguments: [
        ("\"displayPrice\" : \"4.99\", \"localizations\" : [ { \"locale\" : \"en_GB\", \"displayName\" : \"A\\u001bB\" } ]",
         "", "displayName has the control character U+001B (ESC)", 4),
        ("\"displayPrice\" : \"4.99\", \"referenceName\" : \"A\\u0085\"", "", "referenceName has the control character U+0085 (NEL)", 4),
        ("\"displayPrice\" : \"4.99\"", " \"appPolicies\" : { \"eula\" : \"Terms\\u0000\" },", "eula has the control character U+0000 (NUL)", 1),
    ])
    func aControlCharacterInAStoreKitFileIsAnError(_ fields: String, _ top: String, _ message: String, _ line: Int) throws {
        expectError(try Self.storekitErrors(Self.storekit(fields, top: top)), message, file: "P.storekit", line: line)
    }

    static let tiny = "0." + String(repeating: "0", count: 128) + "1"

    @Test(arguments: [("USA", tiny, "more than any currency has"), ("USA", "9.999", "more decimals than USD has (2)"),
                      ("JPN", "100.5", "more decimals than JPY has (0)")])
    func aPriceFinerThanItsCurrencyIsAnError(_ storefront: String, _ amount: String, _ message: String) throws {
        let site = Self.native.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { \(storefront): \"\(amount)\" }")
        expectError(site.errors, message, file: "site/catalog.yml", line: 11)
        let errors = try Self.storekitErrors(Self.storekit("\"displayPrice\" : \"\(amount)\"", storefront: storefront))
        expectError(errors, message, file: "P.storekit", line: 4)
    }

    static func monthly(_ plan: String) -> TestSite {
        native.catalog(replacing: "price: { USA: \"49.99\" }", with: "price: { USA: \"49.99\", GBR: \"59.99\" }\n"
                       + "        billingPlans: { monthly: \(plan) }")
    }

    static func storekitPlan(payment: String, total: String) -> String {
        storekit("\"displayPrice\" : \"59.99\", \"billingPlans\" : [ { \"billingPlanType\" : \"MONTHLY\", "
                 + "\"displayPrice\" : \"\(payment)\", \"commitmentDisplayPrice\" : \"\(total)\", \"isEnabled\" : true } ]")
    }

    @Test func aMonthlyPlanPricedZeroIsAnError() throws {
        expectError(Self.monthly("{ price: { GBR: \"0\" } }").errors, "the monthly plan's payment in GBR is 0",
                    file: "site/catalog.yml", line: 19)
        expectError(try Self.storekitErrors(Self.storekitPlan(payment: "0.00", total: "0.00")),
                    "the monthly plan's payment in GBR is 0", file: "P.storekit", line: 4)
    }

    @Test(arguments: [("0.01", false), ("65.75", false), ("65.76", true), ("65.88", true), ("66.00", true), ("66.01", false),
                      ("59.99", false)])
    func aCommitmentTotalIsItsPaymentsSum(_ total: String, _ accepted: Bool) throws {
        let native = Self.monthly("{ price: { GBR: \"5.49\" }, commitmentPrice: { GBR: \"\(total)\" } }").errors
        let storekit = try Self.storekitErrors(Self.storekitPlan(payment: "5.49", total: total))
        if accepted {
            #expect(native.isEmpty && storekit.isEmpty, "\(native) \(storekit)")
        } else {
            let message = "the GBR commitment price \(Money.of(total, "GBR")) is not what 12 monthly payments of 5.49"
            expectError(native, message, file: "site/catalog.yml", line: 19,
                        hint: "at most one minor unit per payment: write a total from 65.76 to 66")
            expectError(storekit, message, file: "P.storekit", line: 4, hint: "a commitment's total is the sum of its payments")
        }
    }
}
