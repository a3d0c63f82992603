import Foundation
import Testing
@testable import PaywallKit

/// `paywall catalog import`: a `.storekit` file written as a native catalog builds byte-identical pages.
@Suite("catalog import round-trips .storekit files")
struct CatalogImportTests {
    static let ownFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The project's own `.storekit` files (always run), by name.
    static let own = ["offers.storekit", "storekit/commitment-v5.storekit"]

    /// A site around a catalog: a page per group (up front, and billed monthly with customer states), a page of
    /// the one-time products and one of the first group with them, in every locale the catalog localizes.
    static func site(catalogPath: String, catalog: Data, storekit: Catalog) -> TestSite {
        var content: [String: String] = [:]
        for (index, group) in storekit.groups.enumerated() {
            content["group\(index + 1).md"] = "---\ngroupID: \"\(group.id)\"\n---\n# {{title}}\n"
            let promotional = group.subscriptions.flatMap(\.promotionalOffers).compactMap(\.id).first
            content["monthly\(index + 1).md"] = """
                ---
                groupID: "\(group.id)"
                billingPlan: monthly
                visibleRelationships: [all]
                \(promotional.map { "offer: { promotional: \"\($0)\" }" } ?? "")
                ---
                Each: {{#options}}{{pricePerPeriod}} {{#commitment}}{{text}} {{total}} {{periodText}}{{/commitment}}; {{/options}}

                """
        }
        let oneTime = storekit.oneTimeProducts.map { "\"\($0.id)\"" }.joined(separator: ", ")
        if !oneTime.isEmpty {
            content["onetime.md"] = "---\nproductIDs: [\(oneTime)]\n---\n"
            if let group = storekit.groups.first {
                content["mixed.md"] = "---\ngroupID: \"\(group.id)\"\nadditionalProductIDs: [\(oneTime)]\n---\n"
            }
        }
        // Policy links the catalog lacks come from the settings (a catalog's own are what is compared).
        var missing: [String] = []
        if storekit.appPolicies.termsOfService == nil { missing.append("termsOfService: https://example.com/terms") }
        if storekit.appPolicies.privacyPolicy == nil { missing.append("privacyPolicy: https://example.com/privacy") }
        let config = """
            catalog: \(catalogPath)
            baseURL: https://example.com/store/
            actions:
              subscribe: "https://pay.example.com/checkout?product={productID}&locale={locale}&offer={offerID}"
              changePlan: "https://pay.example.com/change?from={currentProductID}&to={productID}&offer={offerID}"
            \(missing.isEmpty ? "" : "policies: { \(missing.joined(separator: ", ")) }")

            """
        return TestSite(config: config, catalogPath: catalogPath, catalog: catalog, content: content)
    }

    static func roundTrip(_ data: Data, name: String) throws {
        let imported = CatalogWriter.importStoreKit(data, file: name)
        #expect(!imported.diagnostics.hasErrors, "\(imported.diagnostics.errors)")
        let yaml = try #require(imported.yaml)
        var ignored = Diagnostics()
        let storekit = try #require(StoreKitLoader.load(try YAML.parse(String(decoding: data, as: UTF8.self), file: name),
                                                        file: name, diagnostics: &ignored))
        let original = site(catalogPath: "Products.storekit", catalog: data, storekit: storekit).build()
        let native = site(catalogPath: "catalog.yml", catalog: Data(yaml.utf8), storekit: storekit).build()
        #expect(original.diagnostics.errors.isEmpty, "\(name): \(original.diagnostics.errors.prefix(2))")
        #expect(native.diagnostics.errors.isEmpty, "\(name) imported: \(native.diagnostics.errors.prefix(2))")
        #expect(original.files.count > 2, "\(name) builds pages")
        #expect(original.files.map(\.path) == native.files.map(\.path), "\(name): the same files")
        for (a, b) in zip(original.files, native.files) where a.path == b.path && a.data != b.data {
            Issue.record("\(name): \(a.path) differs after import")
        }
    }

    @Test(arguments: own)
    func ownFixtureRoundTrips(_ name: String) throws {
        try Self.roundTrip(try Data(contentsOf: Self.ownFixtures.appendingPathComponent(name)), name: name)
    }

    @Test(.enabled(if: StoreKitFixtures.available, StoreKitFixtures.skipMessage), arguments: StoreKitFixtures.files)
    func realFixtureRoundTrips(_ name: String) throws {
        try Self.roundTrip(try StoreKitFixtures.data(name), name: name)
    }
}
