import Foundation
import Synchronization
import Testing
@testable import PaywallCLI
import PaywallKit

/// What a command printed, captured through `Console`.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    func out(_ text: String) { lock.withLock { outLines.append(text) } }
    func err(_ text: String) { lock.withLock { errLines.append(text) } }

    var stdout: String { lock.withLock { outLines.joined(separator: "\n") } }
    var stderr: String { lock.withLock { errLines.joined(separator: "\n") } }
    /// Every printed line of stderr (a call may print several).
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Runs the CLI in-process; returns the exit status and what it printed.
func paywall(_ arguments: String..., environment: [String: String] = [:]) -> (status: Int32, output: Captured) {
    let captured = Captured()
    let console = Console(out: { captured.out($0) }, err: { captured.err($0) }, colors: false, environment: environment)
    return (PaywallCLI.main(arguments, console: console), captured)
}

/// A temporary folder, removed by `remove()`.
struct TempFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes text files below the folder.
    func write(_ files: [String: String], under folder: String = "") throws {
        for (relative, text) in files {
            let file = url.appendingPathComponent(folder).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// Every file below `relative` (hidden ones too), by path relative to it, with its bytes.
    func snapshot(_ relative: String = "") -> [String: Data] {
        let root = url.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = file.standardizedFileURL.resolvingSymlinksInPath().path
            files[String(path.dropFirst(root.path.count + 1))] = try? Data(contentsOf: file)
        }
        return files
    }

    /// Names directly inside `relative`, hidden ones too.
    func entries(_ relative: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }

    /// The entries once the folders a build set aside (`.NAME.paywall-trash-…`, deleted by a process of their own)
    /// are gone; waits up to 10 s.
    func settledEntries(_ relative: String = "") -> [String] {
        let deadline = ContinuousClock.now + .seconds(10)
        while entries(relative).contains(where: { $0.contains(".paywall-trash-") }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return entries(relative)
    }
}

/// A small valid site, written by hand.
enum CLISite {
    static let config = """
        baseURL: https://example.com/subscribe/
        catalog: catalog.yml
        defaultLocale: en-US
        locales: [en-US]
        actions:
          subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}
        policies:
          termsOfService: https://example.com/terms
          privacyPolicy: https://example.com/privacy

        """

    static let catalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            subscriptions:
              - id: pro.monthly
                level: 1
                period: P1M
                price: { USA: "4.99" }
                localizations:
                  en-US: { displayName: Monthly, description: Billed every month. }
              - id: pro.yearly
                level: 1
                period: P1Y
                price: { USA: "49.99" }
                localizations:
                  en-US: { displayName: Yearly, description: Billed every year. }

        """

    static let page = """
        ---
        title: Birdwatch Pro
        groupID: birdwatch.pro
        ---
        # Birdwatch Pro

        Identify every bird you hear.

        """

    static let files = ["paywall.yml": config, "catalog.yml": catalog, "content/pro.md": page]

    /// `catalog.yml` with the monthly period broken: line 7, column 17.
    static let brokenCatalog = catalog.replacingOccurrences(of: "period: P1M", with: "period: P1X")
}

@Suite struct CLITests {
    // MARK: build

    @Test func buildWritesTheSiteAndPrintsASummary() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
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
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        let (status, output) = paywall("build", temp.path("site"), "--output", temp.path("out/www"))
        #expect(status == 0, "\(output.stderr)")
        #expect(temp.snapshot("out/www")["en-US/pro/index.html"] != nil)
        #expect(!FileManager.default.fileExists(atPath: temp.path("site/public")))
    }

    @Test func theJobCountDoesNotChangeAByte() throws {
        let temp = try TempFolder()
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
        let temp = try TempFolder()
        defer { temp.remove() }
        // The catalog is broken too: an error about it would mean the site was read before the output was refused.
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
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
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
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
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
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
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try temp.write(["content/pro.de.md": "---\ntitle: Birdwatch Pro\nbadges: { pro.yearly: Bestes Angebot, pro.monthly: Flexibel }\n---\n# Pro\n"],
                       under: "site")
        try temp.write(["paywall.yml": CLISite.config.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE, fr-FR, ja-JP]\nstorefronts: { default: USA }")],
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
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try temp.write(["content/extra.md": CLISite.page], under: "site")
        #expect(paywall("build", temp.path("site")).status == 0)
        #expect(temp.snapshot("site/public")["en-US/extra/index.html"] != nil)
        try FileManager.default.removeItem(atPath: temp.path("site/content/extra.md"))
        #expect(paywall("build", temp.path("site")).status == 0)
        let files = temp.snapshot("site/public")
        #expect(files["en-US/extra/index.html"] == nil, "a page that no longer exists is gone")
        #expect(files["en-US/pro/index.html"] != nil)
    }

    @Test func failingBuildReturns1ReportsErrorsAndLeavesThePreviousOutputUntouched() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        let site = temp.path("site")
        #expect(paywall("build", site).status == 0)
        let before = temp.snapshot("site/public")
        #expect(!before.isEmpty)

        try temp.write(["catalog.yml": CLISite.brokenCatalog, "content/pro.md": CLISite.page.replacingOccurrences(of: "title:", with: "titel:")],
                       under: "site")
        let (status, output) = paywall("build", site)
        #expect(status == 1)
        let lines = output.stderrLines
        #expect(lines.contains { $0.hasPrefix("\(site)/catalog.yml:7:17: error: period 'P1X' is not an ISO 8601 period") }, "\(lines)")
        let diagnostics = lines.filter { $0.contains(": error: ") }
        #expect(!diagnostics.isEmpty)
        for line in diagnostics {
            #expect(line.range(of: #"^/.+:\d+:\d+: error: \S"#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(output.stderr.contains("build failed"))
        #expect(!output.stdout.contains("Built"))
        #expect(temp.snapshot("site/public") == before, "the previous output is byte-for-byte untouched")
        #expect(temp.settledEntries("site").filter { $0.hasPrefix(".") }.isEmpty, "the half-filled spare is deleted")
    }

    @Test func buildIntoANonEmptyFolderWithoutManifestIsRefused() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try temp.write(["keep.txt": "my own file\n", "docs/index.html": "<p>mine</p>\n"], under: "mine")
        let before = temp.snapshot("mine")
        let (status, output) = paywall("build", temp.path("site"), "-o", temp.path("mine"))
        #expect(status == 1)
        #expect(output.stderr.contains("paywall-manifest.json"), "\(output.stderr)")
        #expect(output.stderr.contains("error:"))
        #expect(temp.snapshot("mine") == before)
        #expect(temp.entries().sorted() == ["mine", "site"], "no staging folder is left behind")
    }

    @Test func buildIntoAFileIsRefused() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try temp.write(["out": "a file\n"])
        let (status, output) = paywall("build", temp.path("site"), "-o", temp.path("out"))
        #expect(status == 1)
        #expect(output.stderr.contains("not a folder"))
        #expect(temp.snapshot()["out"] == Data("a file\n".utf8))
    }

    @Test func buildIntoAnEmptyFolderIsAllowed() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try FileManager.default.createDirectory(atPath: temp.path("empty"), withIntermediateDirectories: true)
        #expect(paywall("build", temp.path("site"), "-o", temp.path("empty")).status == 0)
        #expect(temp.snapshot("empty")["paywall-manifest.json"] != nil)
    }

    @Test func quietBuildPrintsNothingOnSuccess() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        let (status, output) = paywall("build", temp.path("site"), "--quiet")
        #expect(status == 0)
        #expect(output.stdout.isEmpty && output.stderr.isEmpty)
    }

    // MARK: check

    @Test func checkWritesNothing() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        let before = temp.snapshot()
        let (status, output) = paywall("check", temp.path("site"))
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Checked 1 page in 1 locale"), "\(output.stdout)")
        #expect(temp.snapshot() == before)
        #expect(temp.entries("site") == ["catalog.yml", "content", "paywall.yml"])
    }

    @Test func checkOfABrokenSiteReturns1AndWritesNothing() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
        let before = temp.snapshot()
        let (status, output) = paywall("check", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("\(temp.path("site"))/catalog.yml:7:17: error:"))
        #expect(output.stderr.contains("check failed"))
        #expect(temp.snapshot() == before)
    }

    @Test func checkDoesNotAcceptOutput() {
        let (status, output) = paywall("check", "--output", "x")
        #expect(status == 64)
        #expect(output.stderr.contains("Error: Unknown option '--output'"))
    }

    // MARK: Diagnostics formats

    @Test func jsonDiagnosticsAreOneObjectPerLine() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
        let (status, output) = paywall("check", temp.path("site"), "--diagnostics", "json")
        #expect(status == 1)
        let objects = output.stderrLines.filter { $0.hasPrefix("{") }.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(objects.count == 1, "\(output.stderr)")
        let object = try #require(objects.first)
        #expect(object["severity"] as? String == "error")
        #expect(object["file"] as? String == "\(temp.path("site"))/catalog.yml")
        #expect(object["line"] as? Int == 7)
        #expect(object["column"] as? Int == 17)
        #expect((object["message"] as? String)?.contains("'P1X' is not an ISO 8601 period") == true)
        #expect((object["hint"] as? String)?.contains("P1M") == true)
        #expect(!output.stderr.contains(": error: "), "no compiler-format lines in JSON mode")
    }

    @Test func jsonDiagnosticsModePrintsOnlyJSONOnStderr() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
        let (status, output) = paywall("build", temp.path("site"), "--diagnostics=json")
        #expect(status == 1)
        for line in output.stderrLines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func githubActionsAddsAnnotations() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
        let (status, output) = paywall("check", temp.path("site"), environment: ["GITHUB_ACTIONS": "true"])
        #expect(status == 1)
        let annotation = "::error file=\(temp.path("site"))/catalog.yml,line=7,col=17::period 'P1X' is not an ISO 8601 period"
        #expect(output.stderrLines.contains { $0.hasPrefix(annotation) }, "\(output.stderr)")
        #expect(output.stderr.contains("\(temp.path("site"))/catalog.yml:7:17: error:"), "the compiler format is still printed")
    }

    @Test func noAnnotationsOutsideGitHubActions() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files.merging(["catalog.yml": CLISite.brokenCatalog]) { $1 }, under: "site")
        let (_, output) = paywall("check", temp.path("site"), environment: ["GITHUB_ACTIONS": "false"])
        #expect(!output.stderr.contains("::error"))
    }

    // MARK: Help, version and usage errors

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func helpPrintsOverviewUsageOptionsAndSubcommands(_ arguments: [String]) {
        let captured = Captured()
        let status = PaywallCLI.main(arguments, console: Console(out: { captured.out($0) }, err: { captured.err($0) }))
        #expect(status == 0)
        let help = captured.stdout
        for heading in ["OVERVIEW:", "USAGE: paywall <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "--version", "-h, --help"] {
            #expect(help.contains(heading), "no '\(heading)' in help")
        }
        for command in ["build", "check", "serve", "init", "schema"] {
            #expect(help.contains("\n  \(command) "), "no \(command) in SUBCOMMANDS")
        }
        #expect(captured.stderr.isEmpty)
    }

    @Test(arguments: [["build", "--help"], ["build", "-h"], ["help", "build"]])
    func buildHelpPrintsItsUsageAndOptions(_ arguments: [String]) {
        let captured = Captured()
        let status = PaywallCLI.main(arguments, console: Console(out: { captured.out($0) }, err: { captured.err($0) }))
        #expect(status == 0)
        let help = captured.stdout
        #expect(help.contains("OVERVIEW: Build the site"))
        #expect(help.contains("USAGE: paywall build [<site>]"))
        #expect(help.contains("ARGUMENTS:"))
        #expect(help.contains("OPTIONS:"))
        #expect(help.contains("-o, --output <output>"))
        #expect(help.contains("--diagnostics <format>"))
    }

    @Test func checkHelpHasNoOutputOption() {
        let (status, output) = paywall("check", "--help")
        #expect(status == 0)
        #expect(output.stdout.contains("USAGE: paywall check"))
        #expect(!output.stdout.contains("--output"))
    }

    @Test func versionPrintsTheVersion() {
        let (status, output) = paywall("--version")
        #expect(status == 0)
        #expect(output.stdout == PaywallCLI.versionLine)
        #expect(output.stdout.hasPrefix(PaywallCLI.version + " ("))
        #expect(output.stdout.range(of: #"^\d+\.\d+\.\d+"#, options: .regularExpression) != nil)
    }

    @Test(arguments: [
        (["build", "--frobnicate"], "Error: Unknown option '--frobnicate'", "Usage: paywall build"),
        (["check", "-x"], "Error: Unknown option '-x'", "Usage: paywall check"),
        (["build", "a", "b"], "Error: Unexpected argument 'b'", "Usage: paywall build"),
        (["build", "--output"], "Error: Missing value for '--output'", "Usage: paywall build"),
        (["build", "--diagnostics", "xml"], "Error: The value 'xml' is invalid for '--diagnostics <format>'", "Usage: paywall build"),
        (["frobnicate"], "Error: Unexpected argument 'frobnicate'", "Usage: paywall <subcommand>"),
        (["--frobnicate"], "Error:", "Usage: paywall <subcommand>"),
        (["schema", "catalogue"], "Error: The value 'catalogue' is invalid for '<format>'", "Usage: paywall schema"),
        (["serve", "--port", "-1"], "Error: Invalid value '-1' for '--port <port>'", "Usage: paywall serve"),
        (["build", "--jobs", "0"], "Error: Invalid value '0' for '--jobs <jobs>'", "Usage: paywall build"),
    ])
    func badCommandLineExits64WithErrorAndUsage(_ arguments: [String], _ error: String, _ usage: String) {
        let captured = Captured()
        let status = PaywallCLI.main(arguments, console: Console(out: { captured.out($0) }, err: { captured.err($0) }))
        #expect(status == 64)
        #expect(captured.stderrLines.first?.hasPrefix(error) == true, "\(captured.stderr)")
        #expect(captured.stderr.contains(usage), "\(captured.stderr)")
        #expect(captured.stdout.isEmpty)
    }

    // MARK: The bundled example site

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func exampleSiteOrdersMembershipOptionsAndLinksThemToCheckout() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        let site = temp.url.appendingPathComponent("example")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for item in ["paywall.yml", "catalog.yml", "content", "assets"] {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(item), to: site.appendingPathComponent(item))
        }
        let (status, output) = paywall("build", site.path, "--quiet")
        #expect(status == 0, "\(output.stderr)")
        let html = try String(contentsOf: site.appendingPathComponent("public/en-US/membership/index.html"), encoding: .utf8)

        // `.option` elements in document order.
        let options = matches(#"<[a-z]+ [^>]*class="option"[^>]*data-product-id="([^"]+)""#, in: html)
        #expect(options == ["pro.monthly", "pro.yearly", "plus.monthly", "plus.yearly", "lifetime"])

        // Each subscribe link goes to the checkout with its product and locale.
        let links = matches(#"(<a [^>]*data-action="subscribe"[^>]*>)"#, in: html)
        #expect(links.count == 4)
        for link in links {
            let id = try #require(matches(#"data-product-id="([^"]+)""#, in: link).first)
            let href = try #require(matches(#"href="([^"]+)""#, in: link).first).replacingOccurrences(of: "&amp;", with: "&")
            #expect(href == "https://pay.birdsong.example.com/checkout?product=\(id)&locale=en-US")
        }
        #expect(Set(links.compactMap { matches(#"data-product-id="([^"]+)""#, in: $0).first }) == Set(options.dropLast()))

        // The lifetime option is bought, not subscribed to: its link comes from actions.purchase.
        let buy = matches(#"(<a [^>]*data-action="purchase"[^>]*>)"#, in: html)
        #expect(buy.count == 1)
        #expect(buy.first?.contains(#"href="https://pay.birdsong.example.com/buy?product=lifetime&amp;locale=en-US""#) == true)
    }

    /// The first capture group of every match of `pattern`, in order.
    func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            Issue.record("bad pattern \(pattern)")
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

@Suite struct InitAndSchemaTests {
    @Test func initMakesASiteThatChecksAndBuilds() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        let site = temp.path("new")
        let (created, output) = paywall("init", site)
        #expect(created == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Next: paywall serve"))
        let (checked, checkOutput) = paywall("check", site)
        #expect(checked == 0, "placeholder links are warnings, not errors")
        // The scaffold's example.com links: one warning each, at its line, so CI does not ship them.
        for key in ["baseURL", "actions.subscribe", "actions.restorePurchases", "policies.termsOfService", "policies.privacyPolicy"] {
            #expect(checkOutput.stderr.contains(": warning: \(key) still points at the placeholder https://example.com/"), "\(key): \(checkOutput.stderr)")
        }
        #expect(!paywall("build", site).output.stderr.contains("placeholder"), "build itself stays quiet about them")
        let (built, buildOutput) = paywall("build", site)
        #expect(built == 0, "\(buildOutput.stderr)")
        #expect(temp.snapshot("new/public")["en-US/premium/index.html"] != nil)
    }

    @Test func initNeverOverwritesAFile() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(["site/paywall.yml": "mine"], under: "")
        let (status, output) = paywall("init", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("paywall.yml:1:1: error: the file already exists"))
        #expect(temp.snapshot("site").keys.sorted() == ["paywall.yml"], "nothing else was written")
        #expect(temp.snapshot("site")["paywall.yml"] == Data("mine".utf8))
    }

    @Test(arguments: ["catalog", "page", "site"])
    func schemaPrintsJSONSchema(_ format: String) throws {
        let (status, output) = paywall("schema", format)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(object["properties"] != nil)
    }

    @Test func schemaNeedsAKnownFormat() {
        #expect(paywall("schema", "nope").status == 64)
        #expect(paywall("schema").status == 64)
    }
}

@Suite struct WriterSafetyTests {
    @Test func filesAddedToTheOutputAreNeverDeleted() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        #expect(paywall("build", temp.path("site")).status == 0)
        try temp.write(["site/public/CNAME": "example.com"], under: "")
        let (status, output) = paywall("build", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("files paywall did not write: CNAME"), "\(output.stderr)")
        #expect(temp.snapshot("site/public")["CNAME"] == Data("example.com".utf8))
    }

    @Test func anOutputWhoseManifestCannotBeReadIsNotReplaced() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        #expect(paywall("build", temp.path("site")).status == 0)
        try temp.write(["site/public/paywall-manifest.json": "{ not json"], under: "")
        let before = temp.snapshot("site/public")
        let (status, output) = paywall("build", temp.path("site"))
        #expect(status == 1)
        #expect(output.stderr.contains("was not written by paywall (its paywall-manifest.json cannot be read)"), "\(output.stderr)")
        #expect(temp.snapshot("site/public") == before)
    }

    @Test func aSymlinkedOutputIsWrittenWhereItPoints() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        try FileManager.default.createDirectory(atPath: temp.path("www"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path("site/public"), withDestinationPath: temp.path("www"))
        #expect(paywall("build", temp.path("site")).status == 0)
        #expect(temp.snapshot("www")["en-US/pro/index.html"] != nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path("site/public"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link stays a link")
    }

    @Test func anInterruptedSwapIsRecovered() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        #expect(paywall("build", temp.path("site")).status == 0)
        // As if a build died between its two renames: the output is only in its previous copy.
        try FileManager.default.moveItem(atPath: temp.path("site/public"), toPath: temp.path("site/.public.paywall-old-99999"))
        try temp.write(["site/.public.paywall-new-99999/junk.html": "half"], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        // Leftovers are deleted by a process of their own; the previous output stays as the spare.
        #expect(temp.settledEntries("site").filter { $0.hasPrefix(".public") } == [".public.paywall-spare"], "leftovers are removed")
        #expect(temp.snapshot("site/public")["en-US/pro/index.html"] != nil)
    }

    @Test func aRebuildKeepsUnchangedPagesAndWritesChangedOnes() throws {
        let temp = try TempFolder()
        defer { temp.remove() }
        try temp.write(CLISite.files, under: "site")
        for _ in 0..<3 { #expect(paywall("build", temp.path("site")).status == 0) }
        var before = stat()
        #expect(stat(temp.path("site/public/en-US/pro/index.html"), &before) == 0)
        #expect(before.st_nlink == 2, "the unchanged page is one file shared by the output and its spare")
        let page = try #require(CLISite.files["content/pro.md"])
        try temp.write(["site/content/pro.md": page + "\nOne more line.\n"], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        let html = try #require(temp.snapshot("site/public")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(html.contains("One more line."))
        let spare = try #require(temp.snapshot("site/.public.paywall-spare")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!spare.contains("One more line."), "the previous output is kept whole as the spare")
        // A spare without its manifest (a build stopped while filling it) is not trusted.
        try FileManager.default.removeItem(atPath: temp.path("site/.public.paywall-spare/paywall-manifest.json"))
        try temp.write(["site/.public.paywall-spare/en-US/pro/index.html": "stale"], under: "")
        try temp.write(["site/content/pro.md": page], under: "")
        #expect(paywall("build", temp.path("site")).status == 0)
        let rebuilt = try #require(temp.snapshot("site/public")["en-US/pro/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!rebuilt.contains("One more line.") && rebuilt.contains("<!doctype html>"))
    }
}
