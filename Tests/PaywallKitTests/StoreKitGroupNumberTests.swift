import Foundation
import Testing
@testable import PaywallKit

/// A subscription's `groupNumber` is its level of service: Xcode writes one (1 or more) for every subscription, so a
/// missing, zero or negative one is an error at its place, not a silent level 1.
@Suite struct StoreKitGroupNumberTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/offers.storekit")

    func errors(_ change: (String) -> String) throws -> [Diagnostic] {
        let json = change(try String(contentsOf: Self.fixture, encoding: .utf8))
        return TestSite().with { site in
            site.config = "catalog: Products.storekit\nactions: { subscribe: \"https://pay.example.com/{productID}\" }\n"
            site.catalogPath = "Products.storekit"
            site.catalogText = json
            site.content = ["atlas.md": "---\ngroupID: \"21000001\"\n---\n"]
        }.build().diagnostics.errors
    }

    @Test func theFixtureBuilds() throws {
        #expect(try errors { $0 }.isEmpty)
    }

    @Test(arguments: ["0", "-1"])
    func aLevelBelowOneIsAnErrorAtIt(_ value: String) throws {
        let errors = try errors { $0.replacingOccurrences(of: "\"groupNumber\" : 2,", with: "\"groupNumber\" : \(value),") }
        expectError(errors, "groupNumber must be 1 or more", file: "site/Products.storekit", line: 83, column: 27)
    }

    @Test func aMissingGroupNumberIsAnErrorAtTheSubscription() throws {
        let errors = try errors { $0.replacingOccurrences(of: "\"groupNumber\" : 2,", with: "") }
        let error = expectError(errors, "has no 'groupNumber'", file: "site/Products.storekit", line: 78)
        #expect(error?.hint?.contains("Xcode") == true)
    }

    @Test(.enabled(if: StoreKitFixtures.available, StoreKitFixtures.skipMessage), arguments: StoreKitFixtures.files)
    func everyRealFixtureGivesEverySubscriptionALevel(_ name: String) throws {
        let catalog = try StoreKitFixtures.catalog(name)
        #expect(catalog.groups.flatMap(\.subscriptions).allSatisfy { $0.level >= 1 })
    }
}
