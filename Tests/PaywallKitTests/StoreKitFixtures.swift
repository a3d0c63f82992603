import Foundation
import Testing
@testable import PaywallKit

/// Real Xcode `.storekit` files from ../shared/fixtures/storekit (beside the package; present in CI).
/// They are read in place, never copied; when the folder is absent these tests are skipped.
enum StoreKitFixtures {
    /// `Tests/PaywallKitTests/StoreKitFixtureTests.swift` → package root → `../shared/fixtures/storekit`.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/storekit").standardizedFileURL

    static let available: Bool = {
        var isDirectory: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
        if !found { print("note: skipping the StoreKit fixture tests: no folder at \(folder.path)") }
        return found
    }()

    static let skipMessage: Comment = "the StoreKit fixtures folder ../shared/fixtures/storekit is absent"

    /// Every `.storekit` file of the folder, sorted; [] when the folder is absent.
    static let files: [String] = {
        guard available else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted()
    }()

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// Loads a fixture through YAML and the StoreKit loader, as a build does.
    static func load(_ name: String) throws -> (catalog: Catalog?, diagnostics: Diagnostics) {
        let text = try #require(String(validating: try data(name), as: UTF8.self))
        let root = try YAML.parse(text, file: name)
        var diagnostics = Diagnostics()
        let catalog = StoreKitLoader.load(root, file: name, diagnostics: &diagnostics)
        return (catalog, diagnostics)
    }

    static func catalog(_ name: String) throws -> Catalog {
        let (catalog, diagnostics) = try load(name)
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors.map(\.description))")
        return try #require(catalog)
    }

    /// What the raw JSON says, read independently of the loader: per group, each subscription's ID and the name
    /// a customer should see in en-US (the en_US display name, else the reference name).
    static func expectedNames(_ name: String) throws -> [(groupID: String, products: [(id: String, name: String)])] {
        let json = try #require(try JSONSerialization.jsonObject(with: try data(name)) as? [String: Any])
        let groups = json["subscriptionGroups"] as? [[String: Any]] ?? []
        return groups.map { group in
            let products = (group["subscriptions"] as? [[String: Any]] ?? []).map { product -> (id: String, name: String) in
                let localizations = product["localizations"] as? [[String: Any]] ?? []
                let english = localizations.first { $0["locale"] as? String == "en_US" }?["displayName"] as? String ?? ""
                let reference = product["referenceName"] as? String ?? ""
                let id = product["productID"] as? String ?? ""
                return (id, english.trimmingCharacters(in: .whitespaces).isEmpty ? (reference.isEmpty ? id : reference) : english)
            }
            return (group["id"] as? String ?? "", products)
        }
    }

    /// What the raw JSON says of its one-time products: ID, kind and the name a customer should see in en-US.
    static func expectedOneTime(_ name: String) throws -> [(id: String, kind: Product.Kind, name: String)] {
        let json = try #require(try JSONSerialization.jsonObject(with: try data(name)) as? [String: Any])
        let kinds: [String: Product.Kind] = ["NonConsumable": .nonConsumable, "Consumable": .consumable, "NonRenewingSubscription": .nonRenewing]
        let items = (json["products"] as? [[String: Any]] ?? []) + (json["nonRenewingSubscriptions"] as? [[String: Any]] ?? [])
        return try items.map { item in
            let localizations = item["localizations"] as? [[String: Any]] ?? []
            let english = localizations.first { $0["locale"] as? String == "en_US" }?["displayName"] as? String ?? ""
            let reference = item["referenceName"] as? String ?? ""
            let kind = try #require(kinds[item["type"] as? String ?? ""])
            return (item["productID"] as? String ?? "", kind, english.isEmpty ? reference : english)
        }
    }

    /// A site whose catalog is the fixture, with one page per subscription group (`group-0.md`, …).
    static func site(_ name: String) throws -> (site: TestSite, groupIDs: [String]) {
        let groupIDs = try expectedNames(name).map(\.groupID)
        var site = TestSite()
        site.config = """
            catalog: \(name)
            defaultLocale: en-US
            app: { name: Fixture }
            actions:
              subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}
            policies:
              termsOfService: https://example.com/terms
              privacyPolicy: https://example.com/privacy

            """
        site.catalogPath = name
        site.catalog = try data(name)
        site.content = [:]
        for (index, id) in groupIDs.enumerated() {
            site.content["group-\(index).md"] = "---\ntitle: Group \(index)\ngroupID: \"\(id)\"\n---\n"
        }
        return (site, groupIDs)
    }
}
