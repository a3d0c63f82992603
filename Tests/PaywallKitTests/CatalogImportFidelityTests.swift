import Foundation
import Testing
@testable import PaywallKit

/// `paywall catalog import` writes every value so that the native catalog reads back as the catalog the `.storekit`
/// file held: the same texts, prices, offers and policies, whatever characters they have.
@Suite struct CatalogImportFidelityTests {
    /// Strings YAML would read as something else unquoted: indicators, comments, booleans, numbers, nulls, spaces.
    static let oneLine = [
        ": ", "a: b", "# not a comment", "ends with #", "-leading dash", "- item", "&anchor", "*alias", "!tag", "!!str x",
        "%directive", "@at", "`tick", "\"double\"", "'single'", "it's", "back\\slash", "C:\\path\\", "\\n literally",
        "yes", "no", "null", "~", "true", "Off", "1e3", "0x10", "010", "1_000", ".inf", "  leading", "trailing  ",
        "😀 emoji 👩‍👩‍👧 é", "{ flow }", "[list]", "a, b", "|", ">", "? key", "---", "...", "line\u{2028}separator",
    ]
    /// Texts of several lines, for descriptions and policy text.
    static let multiline = ["line\nbreak", "tab\there", "\ttab first", "trailing newline\n", "two\n\nparagraphs"]

    /// A `.storekit` file (as JSON) with a subscription and a non-consumable per hostile string.
    static func storekit(storefront: String = "GBR") throws -> Data {
        let texts = oneLine + multiline
        func localization(_ index: Int) -> [String: Any] {
            ["locale": "en_GB", "displayName": oneLine[index % oneLine.count], "description": texts[index]]
        }
        let subscriptions: [[String: Any]] = texts.indices.map { index in
            ["productID": "pro.\(index)", "referenceName": oneLine[(index + 1) % oneLine.count], "groupNumber": 1,
             "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", "familyShareable": false,
             "localizations": [localization(index)],
             "adHocOffers": [["offerID": "back.\(index)", "paymentMode": "payUpFront", "subscriptionPeriod": "P1M",
                              "displayPrice": "1.99", "referenceName": oneLine[index % oneLine.count]]]]
        }
        let products: [[String: Any]] = texts.indices.map { index in
            ["productID": "tip.\(index)", "type": "NonConsumable", "referenceName": oneLine[index % oneLine.count],
             "displayPrice": "0.99", "localizations": [localization(index)]]
        }
        let root: [String: Any] = [
            "settings": ["_storefront": storefront, "_locale": "en_GB"],
            "subscriptionGroups": [["id": "G1", "name": "Group: #1 & *all*", "subscriptions": subscriptions,
                                    "localizations": [localization(0)]]],
            "products": products,
            "appPolicies": ["eula": texts.joined(separator: "\n"), "policies": [["policyText": "Privacy: \"yes\" ~ no"]]],
        ]
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    /// The catalog of the `.storekit` file, and the one its import reads back as.
    static func both(_ data: Data, name: String) throws -> (storekit: Catalog, native: Catalog) {
        var diagnostics = Diagnostics()
        let root = try YAML.parse(String(decoding: data, as: UTF8.self), file: name)
        let storekit = try #require(StoreKitLoader.load(root, file: name, diagnostics: &diagnostics))
        let imported = CatalogWriter.importStoreKit(data, file: name)
        let yaml = try #require(imported.yaml, "\(imported.diagnostics.errors)")
        let native = try NativeCatalogLoader.load(try YAML.parse(yaml, file: "catalog.yml"), file: "catalog.yml")
        return (storekit, native)
    }

    @Test func hostileStringsReadBackAsWritten() throws {
        let (storekit, native) = try Self.both(try Self.storekit(), name: "Hostile.storekit")
        #expect(storekit.products.count == 2 * (Self.oneLine.count + Self.multiline.count))
        for (written, read) in zip(storekit.withoutPlaces.products, native.withoutPlaces.products) {
            #expect(written == read)
        }
        #expect(storekit.withoutPlaces.groups == native.withoutPlaces.groups)
        #expect(storekit.withoutPlaces.appPolicies == native.withoutPlaces.appPolicies)
        #expect(native.storefront == "GBR" && native.defaultLocale == "en-GB")
        let tab = "pro.\(Self.oneLine.count + 1)"
        #expect(native.products.first { $0.id == tab }?.localizations["en-GB"]?.description == "tab\there")
    }

    @Test(.enabled(if: StoreKitFixtures.available, StoreKitFixtures.skipMessage), arguments: StoreKitFixtures.files)
    func realFilesReadBackAsTheSameCatalog(_ name: String) throws {
        let (storekit, native) = try Self.both(try StoreKitFixtures.data(name), name: name)
        #expect(storekit.withoutPlaces.groups == native.withoutPlaces.groups, "\(name)")
        // The native catalog lists one-time products by kind, so only their order may differ.
        let byID = { (catalog: Catalog) in catalog.withoutPlaces.oneTimeProducts.sorted { $0.id < $1.id } }
        #expect(byID(storekit) == byID(native), "\(name)")
        #expect(storekit.withoutPlaces.appPolicies == native.withoutPlaces.appPolicies, "\(name)")
        #expect(storekit.storefront == native.storefront && storekit.defaultLocale == native.defaultLocale, "\(name)")
    }

    @Test func aLowercaseStorefrontIsTheStorefront() throws {
        let (storekit, native) = try Self.both(try Self.storekit(storefront: "gbr"), name: "Lower.storekit")
        #expect(storekit.storefront == "GBR" && native.storefront == "GBR")
        #expect(native.products[0].price.storefronts == ["GBR"], "priced in pounds, never in dollars")
    }

    @Test(arguments: ["XYZ", "US", "", "USA ", "U\\u0000SA"])
    func anUnknownStorefrontIsAnErrorAtItsPlace(_ code: String) throws {
        let text = """
            {
              "settings" : { "_locale" : "en_GB", "_storefront" : "\(code)" },
              "subscriptionGroups" : [ { "id" : "G1", "name" : "G", "subscriptions" : [ { "productID" : "pro",
                "groupNumber" : 1, "recurringSubscriptionPeriod" : "P1M", "displayPrice" : "4.99" } ] } ]
            }
            """
        let data = Data(text.utf8)
        let imported = CatalogWriter.importStoreKit(data, file: "Bad.storekit")
        #expect(imported.yaml == nil)
        let error = try #require(imported.diagnostics.errors.first)
        #expect(error.message.hasPrefix("settings._storefront '"), "\(error)")
        #expect(error.message.hasSuffix("' is not an App Store storefront code"), "\(error)")
        #expect(error.location.line == 2 && error.location.column == 55, "\(error.location)")
        // Building from the file is the same error, at the same place.
        let site = TestSite(config: "catalog: Products.storekit\n", catalogPath: "Products.storekit", catalog: data,
                            content: ["pro.md": "---\ngroupID: G1\n---\n"])
        let built = site.build()
        #expect(built.files.isEmpty)
        let same = built.diagnostics.errors.first { $0.message == error.message }
        #expect(same?.location.line == 2 && same?.location.column == 55, "\(built.diagnostics.errors)")
    }
}
