import Foundation
import Testing
@testable import PaywallKit

@Suite("JSON Schemas match what the loaders accept")
struct SchemaTests {
    static func properties(_ format: JSONSchema.Format, path: [String] = []) throws -> Set<String> {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(JSONSchema.text(format).utf8)) as? [String: Any])
        for key in path { object = try #require(object[key] as? [String: Any]) }
        return Set(try #require(object["properties"] as? [String: Any]).keys)
    }

    @Test func pageKeys() throws {
        #expect(try Self.properties(.page) == Set(PageLoader.keys))
    }

    @Test func siteKeys() throws {
        #expect(try Self.properties(.site) == Set(SiteConfig.keys))
        #expect(try Self.properties(.site, path: ["properties", "actions"]) == Set(SiteConfig.actionKeys))
        #expect(try Self.properties(.site, path: ["properties", "app"]) == Set(SiteConfig.appKeys))
    }

    @Test func productKeys() throws {
        let product = ["properties", "subscriptionGroups", "items", "properties", "subscriptions", "items"]
        #expect(try Self.properties(.catalog, path: product) == Set(NativeCatalogLoader.productKeys))
    }

    @Test func catalogKeys() throws {
        #expect(try Self.properties(.catalog) == Set(NativeCatalogLoader.topLevelKeys))
        #expect(NativeCatalogLoader.topLevelKeys.contains("subscriptionGroups") && NativeCatalogLoader.topLevelKeys.contains("appPolicies"))
    }

    @Test(arguments: NativeCatalogLoader.oneTimeLists.map(\.key))
    func oneTimeProductKeys(_ list: String) throws {
        let keys = try Self.properties(.catalog, path: ["properties", list, "items"])
        let expected = NativeCatalogLoader.oneTimeKeys + (list == "nonRenewingSubscriptions" ? ["period"] : [])
        #expect(keys == Set(expected))
    }
}
