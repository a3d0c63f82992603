import Foundation
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
    paywall(arguments, environment: environment)
}

func paywall(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: Captured) {
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
