import Foundation
import Testing
@testable import PaywallKit

/// Whole pages of a fixture site, compared byte for byte with reviewed files under `Golden/`.
/// After a deliberate change, rewrite them with `PAYWALL_UPDATE_GOLDEN=1 swift test --filter GoldenTests`
/// and review the diff before committing.
@Suite("Golden pages: every customer state, and a page of one-time products")
struct GoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let site = root.appendingPathComponent("Fixtures/golden").path
    static let golden = root.appendingPathComponent("Golden/golden")
    static let updating = ProcessInfo.processInfo.environment["PAYWALL_UPDATE_GOLDEN"] == "1"

    static let result = SiteBuilder.build(SiteInputs.load(site))

    @Test("the fixture builds without warnings")
    func builds() {
        #expect(Self.result.diagnostics.all.isEmpty, "\(Self.result.diagnostics.all)")
    }

    @Test("every page matches its golden file", arguments: [
        "index.html",
        "en-US/premium/index.html",
        "en-US/premium/current/max.yearly/index.html",
        "en-US/premium/current/max.monthly/index.html",
        "en-US/premium/current/lite.monthly/index.html",
        "en-US/premium/lapsed/max.yearly/index.html",
        "en-US/purchase/index.html",
    ])
    func page(_ path: String) throws {
        let file = try #require(Self.result.files.first { $0.path == path }, "not written: \(path)")
        let expected = Self.golden.appendingPathComponent(path)
        if Self.updating {
            try FileManager.default.createDirectory(at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: expected)
        }
        let golden = try String(contentsOf: expected, encoding: .utf8)
        let actual = String(decoding: file.data, as: UTF8.self)
        if actual != golden {
            let lines = zip(actual.split(separator: "\n", omittingEmptySubsequences: false),
                            golden.split(separator: "\n", omittingEmptySubsequences: false)).enumerated()
            let first = lines.first { $0.element.0 != $0.element.1 }
            Issue.record("\(path) differs from Golden/golden/\(path) at line \((first?.offset ?? 0) + 1): \(first.map { "got \($0.element.0)" } ?? "length")")
        }
    }

    @Test("the manifest lists every state of the page")
    func manifest() throws {
        let manifest = try #require(Self.result.manifest)
        #expect(manifest.pages.map(\.variant).sorted() == ["current", "current", "current", "lapsed", "new", "new"])
        #expect(manifest.pages.first { $0.variant == "lapsed" }?.productID == "max.yearly")
    }
}
