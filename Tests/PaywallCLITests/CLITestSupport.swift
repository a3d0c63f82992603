import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

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

extension BirdwatchSite {
    /// The Birdwatch site as the CLI tests build it: paywall.yml without `storefronts:` and `app:`, the catalog
    /// without the group's text and the reference names. The tests' lines and counted warnings are of this one
    /// (the monthly period on catalog.yml's line 7, `actions.subscribe` on paywall.yml's line 6; one English
    /// group text fewer to warn about), and their twenty-locale site adds `storefronts:` itself.
    static let cli = BirdwatchSite(config: cliConfig, catalog: Data(cliCatalog.utf8))

    static let cliConfig = ["storefronts: { default: USA }\n", "app: { name: Birdwatch }\n"].reduce(defaultConfig) {
        $0.replacingOccurrences(of: $1, with: "")
    }

    static let cliCatalog = ["    localizations:\n      en-US: { displayName: Birdwatch Pro, description: \"Every bird, everywhere.\" }\n",
                             "        referenceName: Pro Monthly\n", "        referenceName: Pro Yearly\n"].reduce(defaultCatalog) {
        $0.replacingOccurrences(of: $1, with: "")
    }

    /// `cli`'s catalog with the monthly period broken: line 7, column 17.
    static let brokenCatalog = cliCatalog.replacingOccurrences(of: "period: P1M", with: "period: P1X")

    /// `cli` with `brokenCatalog`.
    static let cliWithBrokenCatalog = cli.with { $0.catalogText = brokenCatalog }
}
