import Foundation

/// The subcommands.
enum Command: String, CaseIterable {
    case build, check, serve, `init`, schema, hosting, catalog

    var abstract: String {
        switch self {
        case .build: "Build the site into static HTML and CSS."
        case .check: "Check the site for errors without writing anything."
        case .serve: "Build, serve on 127.0.0.1 and rebuild on every change."
        case .`init`: "Create a new site that builds as it is."
        case .schema: "Print the JSON Schema of a file format, for editors."
        case .hosting: "Print a host's configuration for the built site (nginx)."
        case .catalog: "Import an Xcode .storekit file as a native catalog (catalog import)."
        }
    }
}

/// Parsed options of a subcommand.
struct Options {
    enum DiagnosticsFormat: String { case text, json }

    var site = "."
    var output: String?
    var port = 8080
    var host = "127.0.0.1"
    var schema: String?
    /// `hosting`'s host (nginx), and whether --port / --host were given.
    var hostingTarget: String?
    var portGiven = false
    var hostGiven = false
    var diagnosticsFormat = DiagnosticsFormat.text
    var quiet = false
    var verbose = false
    var timings = false
    /// Threads that render pages.
    var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)

    struct UsageError: Error { var message: String }

    static func parse(_ arguments: [String], for command: Command) throws(UsageError) -> Options {
        var options = Options()
        var positional: [String] = []
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" || Int(arguments[index]) != nil else {
                throw UsageError(message: "Missing value for '\(name)'")
            }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func next(_ name: String) throws(UsageError) -> String { if let inline { return inline }; return try value(name) }
            switch argument {
            case "-o", "--output":
                guard command == .build || command == .serve || command == .hosting || command == .catalog else { throw UsageError(message: "Unknown option '\(argument)'") }
                options.output = try next(argument)
            case "--port" where command == .serve || command == .hosting:
                let text = try next(argument)
                guard let port = Int(text), (0...65535).contains(port) else { throw UsageError(message: "Invalid value '\(text)' for '--port <port>'") }
                options.port = port
                options.portGiven = true
            case "--host" where command == .serve || command == .hosting:
                options.host = try next(argument)
                options.hostGiven = true
            case "--diagnostics":
                let text = try next(argument)
                guard let format = DiagnosticsFormat(rawValue: text) else {
                    throw UsageError(message: "The value '\(text)' is invalid for '--diagnostics <format>'; use text or json")
                }
                options.diagnosticsFormat = format
            case "-j", "--jobs" where command != .`init` && command != .schema && command != .catalog:
                let text = try next(argument)
                guard let jobs = Int(text), (1...1024).contains(jobs) else { throw UsageError(message: "Invalid value '\(text)' for '--jobs <jobs>'; use a number from 1 to 1024") }
                options.jobs = jobs
            case "--timings" where command == .build || command == .check: options.timings = true
            case "-q", "--quiet": options.quiet = true
            case "-v", "--verbose": options.verbose = true
            default:
                if argument.hasPrefix("-") && argument != "-" { throw UsageError(message: "Unknown option '\(argument)'") }
                positional.append(argument)
            }
            index += 1
        }
        if command == .schema {
            guard positional.count == 1 else {
                throw UsageError(message: positional.isEmpty ? "Missing expected argument '<format>'" : "Unexpected argument '\(positional[1])'")
            }
            guard ["catalog", "page", "site"].contains(positional[0]) else {
                throw UsageError(message: "The value '\(positional[0])' is invalid for '<format>'; use catalog, page or site")
            }
            options.schema = positional[0]
        } else if command == .hosting {
            guard let target = positional.first else { throw UsageError(message: "Missing expected argument '<host>'") }
            guard target == "nginx" else { throw UsageError(message: "The value '\(target)' is invalid for '<host>'; use nginx") }
            guard positional.count <= 2 else { throw UsageError(message: "Unexpected argument '\(positional[2])'") }
            options.hostingTarget = target
            options.site = positional.count > 1 ? positional[1] : "."
        } else if command == .catalog {
            guard positional.first == "import" else {
                throw UsageError(message: positional.isEmpty ? "Missing expected argument '<action>'" : "The value '\(positional[0])' is invalid for '<action>'; use import")
            }
            guard positional.count == 2 else {
                throw UsageError(message: positional.count < 2 ? "Missing expected argument '<file>'" : "Unexpected argument '\(positional[2])'")
            }
            options.site = positional[1]
        } else {
            guard positional.count <= 1 else { throw UsageError(message: "Unexpected argument '\(positional[1])'") }
            options.site = positional.first ?? "."
        }
        return options
    }
}
