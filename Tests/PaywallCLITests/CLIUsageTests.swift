import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit

/// Help, version and bad command lines (exit 64).
@Suite struct CLIUsageTests {
    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func helpPrintsOverviewUsageOptionsAndSubcommands(_ arguments: [String]) {
        let (status, captured) = paywall(arguments)
        #expect(status == 0)
        let help = captured.stdout
        for heading in ["OVERVIEW:", "USAGE: paywall <subcommand>", "OPTIONS:", "SUBCOMMANDS:", "--version", "-h, --help"] {
            #expect(help.contains(heading), "no '\(heading)' in help")
        }
        for command in Command.allCases {
            #expect(help.contains("\n  \(command.rawValue) "), "no \(command) in SUBCOMMANDS")
        }
        #expect(captured.stderr.isEmpty)
    }

    @Test(arguments: [["build", "--help"], ["build", "-h"], ["help", "build"]])
    func buildHelpPrintsItsUsageAndOptions(_ arguments: [String]) {
        let (status, captured) = paywall(arguments)
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
        (["--frobnicate"], "Error: Unknown option '--frobnicate'", "Usage: paywall <subcommand>"),
        (["schema", "catalogue"], "Error: The value 'catalogue' is invalid for '<format>'", "Usage: paywall schema"),
        (["serve", "--port", "-1"], "Error: Invalid value '-1' for '--port <port>'", "Usage: paywall serve"),
        (["build", "--jobs", "0"], "Error: Invalid value '0' for '--jobs <jobs>'", "Usage: paywall build"),
    ])
    func badCommandLineExits64WithErrorAndUsage(_ arguments: [String], _ error: String, _ usage: String) {
        let (status, captured) = paywall(arguments)
        #expect(status == 64)
        #expect(captured.stderrLines.first?.hasPrefix(error) == true, "\(captured.stderr)")
        #expect(captured.stderr.contains(usage), "\(captured.stderr)")
        #expect(captured.stdout.isEmpty)
    }
}
