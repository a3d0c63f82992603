import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit

/// `paywall catalog import FILE.storekit [-o catalog.yml]`.
@Suite struct CatalogImportCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaywallKitTests/Fixtures/storekit/commitment-v5.storekit").path

    @Test func importWritesANativeCatalogThatBuilds() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (status, output) = paywall("catalog", "import", Self.fixture, "-o", folder.path("catalog.yml"))
        #expect(status == 0, "\(output.stderr)")
        let yaml = try String(contentsOfFile: folder.path("catalog.yml"), encoding: .utf8)
        #expect(yaml.contains("storefront: GBR"))
        #expect(yaml.contains("              GBR: \"5.49\"\n              # each further storefront's price here, such as DEU: \"…\""), "\(yaml)")
        #expect(yaml.contains("billingPlan: monthly"))
        #expect(output.stdout.contains("Wrote"))
        // The file is a catalog the loader reads without a problem.
        _ = try NativeCatalogLoader.load(try YAML.parse(yaml, file: "catalog.yml"), file: "catalog.yml")
    }

    @Test func withoutOutputTheCatalogGoesToStandardOutput() {
        let (status, output) = paywall("catalog", "import", Self.fixture)
        #expect(status == 0)
        #expect(output.stdout.hasPrefix("# The native catalog of commitment-v5.storekit"))
    }

    @Test func aBrokenFileIsAnErrorAtItsLineAndWritesNothing() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.write(["Broken.storekit": "{\n  \"subscriptionGroups\": [ { \"name\": \"G\", \"subscriptions\": [ { \"productID\": \"a\" } ] } ]\n}\n",
                          "catalog.yml": "previous\n"])
        let (status, output) = paywall("catalog", "import", folder.path("Broken.storekit"), "-o", folder.path("catalog.yml"))
        #expect(status == 1)
        #expect(output.stderr.contains("Broken.storekit:2:"), "\(output.stderr)")
        #expect(try String(contentsOfFile: folder.path("catalog.yml"), encoding: .utf8) == "previous\n", "the previous output is untouched")
    }

    @Test func badCommandLinesAreUsageErrors() {
        #expect(paywall("catalog").status == 64)
        #expect(paywall("catalog", "export", Self.fixture).status == 64)
        #expect(paywall("catalog", "import").status == 64)
        #expect(paywall("catalog", "import", Self.fixture, "--jobs", "2").status == 64)
        #expect(paywall("help", "catalog").output.stdout.contains("paywall catalog import <file> [--output <output>]"))
    }
}
