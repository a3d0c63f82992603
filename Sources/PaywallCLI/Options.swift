#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// The parsed command line of a subcommand: its arguments and options, read through `Command.arguments` and
/// `CommandOption.table`.
struct Options {
    enum DiagnosticsFormat: String, CaseIterable { case text, json }

    var site = "."
    var output: String?
    /// nil when not given: each command has its own default (`Serve.defaultPort`, `HostingCommand.defaultPort`).
    var port: Int?
    var host: String?
    /// `schema`'s format and `hosting`'s host: required arguments, so the parser always sets them.
    var schema = JSONSchema.Format.site
    var server = HostingCommand.Server.nginx
    /// `catalog import`'s .storekit file.
    var file = ""
    var diagnosticsFormat = DiagnosticsFormat.text
    var quiet = false
    var verbose = false
    var timings = false
    /// `catalog import`: replace an existing output file.
    var force = false
    /// Threads that render pages.
    var jobs = Platform.cores
    /// `--base-url`: replaces paywall.yml's baseURL.
    var baseURL: String?

    /// A bad command line: printed as `Error: message` with the usage line, exit status 64.
    struct UsageError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func parse(_ arguments: [String], for command: Command) throws(UsageError) -> Options {
        var options = Options()
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                name = String(argument[..<equals])
            }
            guard let option = CommandOption.named(name, for: command) else {
                throw UsageError("Unknown option '\(name)'")
            }
            switch option.kind {
            case .flag(let set):
                if let inline { throw UsageError("Unexpected value '\(inline)' for '\(name)'") }
                set(&options)
            case .value(_, let store):
                if let inline {
                    try store(&options, inline)
                    break
                }
                // A value may be "-" (standard output) or a negative number (refused by the option with its own
                // message).
                guard index < arguments.count,
                      !arguments[index].hasPrefix("-") || arguments[index] == "-"
                          || Int(arguments[index]) != nil else {
                    throw UsageError("Missing value for '\(name)'")
                }
                try store(&options, arguments[index])
                index += 1
            }
        }
        let expected = command.arguments
        if positional.count > expected.count { throw UsageError("Unexpected argument '\(positional[expected.count])'") }
        for (position, argument) in expected.enumerated() {
            if position < positional.count {
                try argument.apply(&options, positional[position])
            } else if argument.defaultValue == nil {
                throw UsageError("Missing expected argument '<\(argument.name)>'")
            }
        }
        return options
    }

    /// The case of `Choice` spelled `text`, or a usage error that lists the choices.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String,
                                                                for name: String) throws(UsageError) -> Choice
        where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text) else {
            throw UsageError("The value '\(text)' is invalid for '\(name)'; use \(choices(Choice.self))")
        }
        return choice
    }

    /// `catalog, page, site or offers`.
    static func choices<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String
        where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return names.count < 2
            ? names.joined()
            : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
