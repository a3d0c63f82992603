import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallPlatform
import PaywallTestSupport

/// `paywall catalog import FILE.storekit [-o catalog.yml]`.
@Suite struct CatalogImportCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaywallKitTests/Fixtures/storekit/commitment-v5.storekit").path

    @Test func importWritesANativeCatalogThatBuilds() throws {
        let folder = try TemporaryFolder()
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
        let folder = try TemporaryFolder()
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

/// Where `catalog import -o` writes: never over an existing file without `--force`, never through a link onto its
/// own input, never reading an input past the size limit.
@Suite struct CatalogImportOutputTests {
    @Test func anExistingOutputIsReplacedOnlyWithForce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(["catalog.yml": "mine\n"])
        let refused = paywall("catalog", "import", CatalogImportCommandTests.fixture, "-o", folder.path("catalog.yml"))
        #expect(refused.status == 1)
        #expect(refused.output.stderr.contains("catalog.yml already exists"), "\(refused.output.stderr)")
        #expect(refused.output.stderr.contains("--force"))
        #expect(try String(contentsOfFile: folder.path("catalog.yml"), encoding: .utf8) == "mine\n")
        let forced = paywall("catalog", "import", CatalogImportCommandTests.fixture, "-o", folder.path("catalog.yml"), "--force")
        #expect(forced.status == 0, "\(forced.output.stderr)")
        #expect(try String(contentsOfFile: folder.path("catalog.yml"), encoding: .utf8).hasPrefix("# The native catalog"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["catalog.yml"], "no temporary file is left beside it")
    }

    @Test func aLinkToTheInputIsRefusedEvenWithForce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try Data(contentsOf: URL(fileURLWithPath: CatalogImportCommandTests.fixture))
        try input.write(to: URL(fileURLWithPath: folder.path("Products.storekit")))
        try FileManager.default.createSymbolicLink(atPath: folder.path("catalog.yml"), withDestinationPath: "Products.storekit")
        let (status, output) = paywall("catalog", "import", folder.path("Products.storekit"), "-o", folder.path("catalog.yml"),
                                       "--force")
        #expect(status == 1)
        #expect(output.stderr.contains("would replace the .storekit file it is read from"), "\(output.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("Products.storekit"))) == input)
    }

    @Test func withForceALinkIsReplacedAndItsTargetUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(["other.txt": "keep me\n"])
        try FileManager.default.createSymbolicLink(atPath: folder.path("catalog.yml"), withDestinationPath: "other.txt")
        let (status, output) = paywall("catalog", "import", CatalogImportCommandTests.fixture, "-o", folder.path("catalog.yml"),
                                       "--force")
        #expect(status == 0, "\(output.stderr)")
        #expect(try String(contentsOfFile: folder.path("other.txt"), encoding: .utf8) == "keep me\n")
        let type = try FileManager.default.attributesOfItem(atPath: folder.path("catalog.yml"))[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }

    @Test func anInputPastTheSizeLimitIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("Huge.storekit")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(FileSystem.maximumFileBytes) + 1)   // sparse: no disk used
        try handle.close()
        let (status, output) = paywall("catalog", "import", path, "-o", folder.path("catalog.yml"))
        #expect(status == 1)
        #expect(output.stderr.contains("Huge.storekit:1:1: error: cannot read the file: the file is larger than 64 MB"),
                "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("catalog.yml")))
    }
}
