import Foundation
import Synchronization
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// `paywall build`: what it writes, where, and that the same inputs give the same bytes.
@Suite struct CLIBuildTests {
    @Test func buildWritesTheSiteAndPrintsASummary() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let site = temp.path("site")
        let (status, output) = paywall("build", site)
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Built 1 page in 1 locale into \(site)/public/"), "\(output.stdout)")
        let files = temp.snapshot("site/public")
        for path in ["index.html", "en-US/pro/index.html", "paywall-manifest.json"] {
            #expect(files[path] != nil, "no \(path) in \(files.keys.sorted())")
        }
        let stylesheets = files.keys.filter { $0.hasPrefix("assets/paywall.") && $0.hasSuffix(".css") }
        #expect(stylesheets.count == 1, "\(files.keys.sorted())")
        let manifest = try #require(files["paywall-manifest.json"].flatMap(Manifest.decode))
        #expect(manifest.pages.map(\.path) == ["en-US/pro/index.html"])
        #expect(Set(manifest.files) == Set(files.keys).subtracting(["paywall-manifest.json"]))
        let html = try #require(files["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(html.contains(stylesheets[0]))
        #expect(temp.entries("site").filter { $0.hasPrefix(".") }.isEmpty, "no staging folder is left behind")
    }

    @Test func buildWithOutputOptionWritesThere() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let (status, output) = paywall("build", temp.path("site"), "--output", temp.path("out/www"))
        #expect(status == 0, "\(output.stderr)")
        #expect(temp.snapshot("out/www")["en-US/pro/index.html"] != nil)
        #expect(!FileManager.default.fileExists(atPath: temp.path("site/public")))
    }

    @Test func theJobCountDoesNotChangeAByte() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(paywall("build", repo.path, "-o", temp.path("one"), "--jobs", "1", "--quiet").status == 0)
        #expect(paywall("build", repo.path, "-o", temp.path("four"), "--jobs", "4", "--quiet").status == 0)
        let one = temp.snapshot("one"), four = temp.snapshot("four")
        #expect(one.count > 30, "the example site has many pages")
        #expect(one.keys.sorted() == four.keys.sorted())
        for (path, data) in one { #expect(four[path] == data, "\(path) differs") }
    }

    @Test func aMissingSiteFolderIsOneError() {
        let (status, output) = paywall("build", "/nonexistent/site")
        #expect(status == 1)
        #expect(output.stderrLines.filter { $0.contains(": error: ") } == [
            "/nonexistent/site:1:1: error: the site folder does not exist; pass the folder that holds paywall.yml, or create a site with `paywall init /nonexistent/site`",
        ])
    }

    @Test func outputsThatWouldSwallowTheSiteAreRefusedAtOnce() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        // The catalog is broken too: an error about it would mean the site was read before the output was refused.
        try BirdwatchSite.cliWithBrokenCatalog.write(to: temp.path("site"))
        for (output, message) in [("/", "refusing to replace the root folder"), (temp.path(""), "holds the site itself"),
                                  (temp.path("site/assets/out"), "inside the site's assets/ folder")] {
            let (status, result) = paywall("build", temp.path("site"), "-o", output)
            #expect(status == 1)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stderr.contains("catalog.yml"), "refused before reading anything: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: temp.path("site/assets/out")))
    }

    @Test func concurrentBuildsOfOneOutputTakeTurns() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        #expect(paywall("build", temp.path("site"), "-o", temp.path("alone")).status == 0)
        let expected = temp.snapshot("alone")
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            let status = paywall("build", temp.path("site"), "-o", temp.path("shared"), "--quiet").status
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0 } == [0, 0, 0])
        let shared = temp.snapshot("shared")
        #expect(shared.keys.sorted() == expected.keys.sorted(), "every file is there, once")
        for (path, data) in expected { #expect(shared[path] == data, "\(path) differs") }
        #expect(temp.settledEntries().filter { $0.hasPrefix(".shared") && !$0.hasSuffix(".paywall-spare") }.isEmpty, "no lock or temporary folder is left")
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        #expect(paywall("build", temp.path("site"), "-o", temp.path("one")).status == 0)
        #expect(paywall("build", temp.path("site"), "-o", temp.path("two")).status == 0)
        let one = temp.snapshot("one"), two = temp.snapshot("two")
        #expect(!one.isEmpty)
        #expect(one.keys.sorted() == two.keys.sorted())
        for (path, data) in one { #expect(two[path] == data, "\(path) differs") }
        // A rebuild in place gives the same bytes too.
        #expect(paywall("build", temp.path("site"), "-o", temp.path("one")).status == 0)
        #expect(temp.snapshot("one") == one)
    }

    /// The `paywall` executable beside the test bundle, when the build made one.
    static let executable: URL? = {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        let candidate = runner.deletingLastPathComponent().appendingPathComponent("paywall")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            print("note: no paywall executable beside \(runner.path); skipping the separate-process test")
            return nil
        }
        return candidate
    }()

    /// Each process hashes with its own random seed, so this catches output that depends on dictionary order.
    @Test(.enabled(if: executable != nil, "the paywall executable was not built"))
    func buildsInSeparateProcessesAreByteIdentical() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["content/pro.de.md": "---\ntitle: Birdwatch Pro\nbadges: { pro.yearly: Bestes Angebot, pro.monthly: Flexibel }\n---\n# Pro\n"],
                       under: "site")
        try temp.write(["paywall.yml": BirdwatchSite.cliConfig.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE, fr-FR, ja-JP]\nstorefronts: { default: USA }")],
                       under: "site")
        var snapshots: [[String: Data]] = []
        for index in 0..<3 {
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["build", temp.path("site"), "-o", temp.path("out\(index)"), "--quiet"]
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(message)")
            snapshots.append(temp.snapshot("out\(index)"))
        }
        #expect(snapshots[0].count > 5)
        for snapshot in snapshots.dropFirst() {
            #expect(snapshot.keys.sorted() == snapshots[0].keys.sorted())
            for (path, data) in snapshots[0] { #expect(snapshot[path] == data, "\(path) differs between processes") }
        }
    }

    @Test func rebuildReplacesThePreviousOutput() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["content/extra.md": BirdwatchSite.defaultPage], under: "site")
        #expect(paywall("build", temp.path("site")).status == 0)
        #expect(temp.snapshot("site/public")["en-US/extra/index.html"] != nil)
        try FileManager.default.removeItem(atPath: temp.path("site/content/extra.md"))
        #expect(paywall("build", temp.path("site")).status == 0)
        let files = temp.snapshot("site/public")
        #expect(files["en-US/extra/index.html"] == nil, "a page that no longer exists is gone")
        #expect(files["en-US/pro/index.html"] != nil)
    }

    @Test func quietBuildPrintsNothingOnSuccess() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let (status, output) = paywall("build", temp.path("site"), "--quiet")
        #expect(status == 0)
        #expect(output.stdout.isEmpty && output.stderr.isEmpty)
    }
}
