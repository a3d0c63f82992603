import CBuildInfo
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// The command line: `paywall build | check | serve | init | schema | hosting | catalog`, as swift-argument-parser
/// would print it.
public enum PaywallCLI {
    /// The release version the Makefile built (`make build VERSION=1.2.0`, or the v* tag at HEAD), else the sources'.
    public static let version: String = {
        let release = String(cString: pwl_build_version())
        return release.isEmpty ? "0.1.0" : release
    }()
    /// The commit the binary was built from (written in by the Makefile), nil when it was built otherwise.
    public static let commit: String? = {
        let text = String(cString: pwl_build_commit())
        return text.isEmpty ? nil : text
    }()
    /// What `--version` prints: "0.1.0 (1a2b3c4d5e6f)".
    public static var versionLine: String { "\(version) (\(commit ?? "commit unknown: not built by make"))" }

    /// Runs with the process's arguments and exits with the command's status.
    public static func run() -> Never {
        let console = Console.standard
        Platform.exit(main(Array(CommandLine.arguments.dropFirst()), console: console))
    }

    /// The testable entry point: arguments without the program name; returns the exit status.
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        var arguments = arguments
        guard let first = arguments.first else {
            console.out(Help.overview)
            return 0
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1, let command = Command(rawValue: arguments[1]) {
                console.out(Help.usage(command))
            } else {
                console.out(Help.overview)
            }
            return 0
        case "--version":
            console.out(versionLine)
            return 0
        default:
            break
        }
        guard let command = Command(rawValue: first) else {
            return usageError(first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unexpected argument '\(first)'",
                              nil, console)
        }
        arguments.removeFirst()
        if arguments.contains(where: CommandOption.help.matches) {
            console.out(Help.usage(command))
            return 0
        }
        let options: Options
        do { options = try Options.parse(arguments, for: command) } catch {
            return usageError(error.message, command, console)
        }
        let reporter = Reporter(console: console, format: options.diagnosticsFormat, quiet: options.quiet,
                                verbose: options.verbose)
        switch command {
        case .build, .check:
            return Build.run(options, write: command == .build, reporter: reporter)
        case .serve:
            return Serve.run(options, reporter: reporter)
        case .`init`:
            return InitCommand.run(options, reporter: reporter)
        case .hosting:
            return HostingCommand.run(options, reporter: reporter)
        case .catalog:
            return ImportCommand.run(options, reporter: reporter)
        case .schema:
            console.out(String(JSONSchema.text(options.schema).dropLast()))
            return 0
        }
    }

    static func usageError(_ message: String, _ command: Command?, _ console: Console) -> Int32 {
        console.err(LogText.line("Error: \(message)"))
        if let command {
            console.err("Usage: \(Help.usageLine(command))")
            console.err("  See 'paywall \(command.rawValue) --help' for more information.")
        } else {
            console.err("Usage: paywall <subcommand>")
            console.err("  See 'paywall --help' for more information.")
        }
        return 64
    }
}

/// Where output goes: closures, so tests capture it.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal that may show colour.
    public var colors: Bool
    /// The environment variables the command line reads (`NO_COLOR`, `TERM`, `GITHUB_ACTIONS`).
    public var environment: [String: String]

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                colors: Bool = false, environment: [String: String] = [:]) {
        self.out = out
        self.err = err
        self.colors = colors
        self.environment = environment
    }

    public static var standard: Console {
        // Only the variables read: Foundation's whole environment dictionary would be built at every start, for
        // three names.
        let names: [String] = ["NO_COLOR", "TERM", "GITHUB_ACTIONS"]
        let environment = Dictionary(uniqueKeysWithValues: names.compactMap { name in
            Platform.environment(name).map { (name, $0) }
        })
        return Console(out: { print($0) },
                       err: { Platform.writeToStandardError($0 + "\n") },
                       colors: Platform.standardErrorIsTerminal && environment["NO_COLOR"] == nil
                           && environment["TERM"] != "dumb",
                       environment: environment)
    }
}
