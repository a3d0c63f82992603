import Foundation
import Testing
@testable import PaywallCLI

/// Every command's help lists exactly the options it takes, every one of them parses, and every other option is a
/// usage error (exit 64), so the parser, the usage lines and `--help` cannot drift apart again.
@Suite struct CLIOptionTableTests {
    /// The options each command takes: the contract, written out by hand.
    static let accepted: [String: Set<String>] = {
        let help: Set = ["-h", "--help"], reporting: Set = ["--diagnostics", "-q", "--quiet"], verbose: Set = ["-v", "--verbose"]
        let jobs: Set = ["-j", "--jobs", "--base-url"], output: Set = ["-o", "--output"], listen: Set = ["--port", "--host"], timings: Set = ["--timings"]
        return [
            "build": help.union(reporting).union(verbose).union(jobs).union(output).union(timings),
            "check": help.union(reporting).union(verbose).union(jobs).union(timings),
            "serve": help.union(reporting).union(verbose).union(jobs).union(output).union(listen),
            "init": help.union(reporting),
            "schema": help,
            "hosting": help.union(reporting).union(verbose).union(jobs).union(output).union(listen),
            "catalog": help.union(reporting).union(verbose).union(output).union(["--force"]),
        ]
    }()

    /// A valid value of each option that takes one.
    static let values = ["--output": "out", "--port": "8081", "--host": "::1", "--jobs": "3", "--diagnostics": "json",
                         "--base-url": "https://preview.example.org/"]
    static let longNames = ["-o": "--output", "-j": "--jobs", "-q": "--quiet", "-v": "--verbose", "-h": "--help"]
    /// The arguments a command needs before any option.
    static let required = ["schema": ["page"], "hosting": ["nginx"], "catalog": ["import", "Products.storekit"]]

    static var everyOption: [String] { accepted.values.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted() }

    /// The option names in the first column of help's OPTIONS section.
    func listedOptions(_ help: String) -> Set<String> {
        let section = help.components(separatedBy: "\nOPTIONS:\n").last ?? ""
        return Set(section.split(separator: "\n").flatMap { line in
            line.dropFirst(2).prefix(22).split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("-") }.map(String.init)
        })
    }

    @Test(arguments: Command.allCases.map(\.rawValue))
    func helpListsExactlyTheOptionsTheCommandTakes(_ command: String) throws {
        let (status, output) = paywall("help", command)
        #expect(status == 0)
        let expected = try #require(Self.accepted[command])
        #expect(listedOptions(output.stdout) == expected, "\(output.stdout)")
        // The usage line names each option by its long name, --help aside.
        let usage = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
        let inUsage = Set(usage.split(separator: " ").filter { $0.hasPrefix("[--") }.map { String($0.dropFirst().prefix { $0 != "]" }) })
        #expect(inUsage == Set(expected.filter { $0.hasPrefix("--") && $0 != "--help" }), "\(usage)")
        #expect(output.stdout == paywall(command, "--help").output.stdout, "`help \(command)` and `\(command) --help` agree")
    }

    @Test(arguments: Command.allCases)
    func everyOptionParsesWhereItIsTakenAndIsAUsageErrorElsewhere(_ command: Command) throws {
        let base = Self.required[command.rawValue] ?? []
        let accepted = try #require(Self.accepted[command.rawValue])
        let plain = String(reflecting: try Options.parse(base, for: command))
        for name in Self.everyOption where !["-h", "--help"].contains(name) {
            let long = Self.longNames[name] ?? name
            let value = Self.values[long]
            let arguments = base + [name] + (value.map { [$0] } ?? [])
            if accepted.contains(name) {
                let parsed = try Options.parse(arguments, for: command)
                #expect(String(reflecting: parsed) != plain, "\(command) \(name) changes nothing")
                if let value, name == long {
                    #expect(String(reflecting: try Options.parse(base + ["\(name)=\(value)"], for: command)) == String(reflecting: parsed))
                }
            } else {
                let (status, output) = paywall([command.rawValue] + arguments)
                #expect(status == 64, "\(command) \(name)")
                #expect(output.stderrLines.first == "Error: Unknown option '\(name)'", "\(output.stderr)")
                #expect(output.stderr.contains("Usage: paywall \(command.rawValue) "), "\(output.stderr)")
                #expect(output.stdout.isEmpty)
            }
        }
    }

    /// The report of the issue: `schema page -j 4` was taken while `--jobs 4` was refused.
    @Test func schemaTakesNeitherSpellingOfJobs() {
        #expect(paywall("schema", "page", "-j", "4").status == 64)
        #expect(paywall("schema", "page", "--jobs", "4").status == 64)
    }

    @Test func aFlagGivenAValueIsAUsageError() {
        let (status, output) = paywall("build", "--quiet=yes")
        #expect(status == 64)
        #expect(output.stderrLines.first == "Error: Unexpected value 'yes' for '--quiet'")
    }

    /// README's table of options says which commands take each option, as the parser does.
    @Test func readmeListsEveryOptionWithTheCommandsThatTakeIt() throws {
        let readme = try String(contentsOf: CLIExampleSiteTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Commands\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        var rows: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `-") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let commands = cells[1] == "every command" ? Command.allCases.map(\.rawValue) : cells[1].components(separatedBy: ", ")
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Set(commands)
        }
        var expected: [String: Set<String>] = [:]
        for option in CommandOption.table {
            expected[option.names] = Set(Command.allCases.filter { option.use(for: $0) != nil }.map(\.rawValue))
        }
        #expect(rows == expected)
    }
}
