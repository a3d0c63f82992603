import PaywallKit

/// One option of the command line, declared once: its names, its value, what it means for each command that
/// takes it, and how it is stored. The parser (`Options.parse`), the usage lines and `--help` all read
/// `CommandOption.table`, as swift-argument-parser reads a command's `@Option` and `@Flag` properties.
struct CommandOption: Sendable {
    /// What the option does for some commands: `--output` is a folder for `build`, a file for `catalog import`.
    struct Use: Sendable {
        var commands: [Command]
        var help: String
        /// Shown as `(default: …)`; the command applies it when the option is not given.
        var defaultValue: String?

        init(_ commands: [Command], _ help: String, default defaultValue: String? = nil) {
            self.commands = commands
            self.help = help
            self.defaultValue = defaultValue
        }
    }

    enum Kind: Sendable {
        /// An option without a value (`--quiet`).
        case flag(@Sendable (inout Options) -> Void)
        /// An option with a value (`--jobs 4`, `--jobs=4`), named in help as `<name>`; throws for a bad value.
        case value(String, @Sendable (inout Options, String) throws(Options.UsageError) -> Void)
    }

    var long: String
    var short: Character?
    var kind: Kind
    var uses: [Use]

    /// `--jobs <jobs>`, as usage lines and error messages name the option.
    var synopsis: String {
        guard case .value(let name, _) = kind else { return "--\(long)" }
        return "--\(long) <\(name)>"
    }

    /// `-j, --jobs <jobs>`, as help lists it.
    var names: String { (short.map { "-\($0), " } ?? "") + synopsis }

    /// What the option does for `command`, nil when the command does not take it.
    func use(for command: Command) -> Use? { uses.first { $0.commands.contains(command) } }

    func matches(_ argument: String) -> Bool { argument == "--\(long)" || short.map { argument == "-\($0)" } == true }

    /// The option `argument` (`-j` or `--jobs`) names, when `command` takes it.
    static func named(_ argument: String, for command: Command) -> CommandOption? {
        table.first { $0.matches(argument) && $0.use(for: command) != nil }
    }

    /// The options `command` takes, in the order help lists them.
    static func options(of command: Command) -> [CommandOption] { table.filter { $0.use(for: command) != nil } }

    /// `-h, --help`: answered before the other options are parsed (`PaywallCLI.main`), so it never fails.
    static let help = CommandOption(long: "help", short: "h", kind: .flag { _ in },
                                    uses: [Use(Command.allCases, "Show help information.")])

    /// Commands that report diagnostics, and those that build the site.
    private static let reporting: [Command] = [.build, .check, .serve, .`init`, .hosting, .catalog]
    private static let building: [Command] = [.build, .check, .serve, .hosting]

    static let table: [CommandOption] = [
        CommandOption(long: "output", short: "o", kind: .value("output") { $0.output = $1 }, uses: [
            Use([.build, .serve], "The output folder.", default: "<site>/public"),
            Use([.hosting], "The built folder nginx serves.", default: "<site>/public"),
            Use([.catalog], "The catalog file to write; - for standard output.", default: "standard output"),
        ]),
        CommandOption(long: "force", kind: .flag { $0.force = true }, uses: [
            Use([.catalog], "Replace the output file when it exists."),
        ]),
        CommandOption(long: "port", kind: .value("port") { options, text throws(Options.UsageError) in
            guard let port = Int(text), (0...65535).contains(port) else {
                throw .init("Invalid value '\(text)' for '--port <port>'")
            }
            options.port = port
        }, uses: [
            Use([.serve], "The port to listen on; 0 picks a free one.", default: "\(Serve.defaultPort)"),
            Use([.hosting], "The port nginx listens on.", default: "\(HostingCommand.defaultPort)"),
        ]),
        CommandOption(long: "host", kind: .value("host") { $0.host = $1 }, uses: [
            Use([.serve], "The address to listen on.", default: Serve.defaultHost),
            Use([.hosting], "The address nginx listens on.", default: "every address"),
        ]),
        CommandOption(long: "jobs", short: "j", kind: .value("jobs") { options, text throws(Options.UsageError) in
            guard let jobs = Int(text), (1...1024).contains(jobs) else {
                throw .init("Invalid value '\(text)' for '--jobs <jobs>'; use a number from 1 to 1024")
            }
            options.jobs = jobs
        }, uses: [Use(building, "Pages rendered at once; the output is the same.", default: "every core")]),
        CommandOption(long: "base-url", kind: .value("url") { $0.baseURL = $1 }, uses: [
            Use(building, "Replaces paywall.yml's baseURL (a preview deploy's address): canonical and hreflang links, "
                    + "the sitemap and the host files follow it.", default: "baseURL"),
        ]),
        CommandOption(long: "diagnostics", kind: .value("format") { options, text throws(Options.UsageError) in
            options.diagnosticsFormat = try Options.choice(text, for: "--diagnostics <format>")
        }, uses: [Use(reporting, "text or json (one JSON object per line).", default: "text")]),
        CommandOption(long: "quiet", short: "q", kind: .flag { $0.quiet = true }, uses: [
            Use(reporting, "Print errors only."),
        ]),
        CommandOption(long: "verbose", short: "v", kind: .flag { $0.verbose = true }, uses: [
            Use([.build], "Print every file written, and every repeated warning on its own line."),
            Use([.check, .serve, .hosting, .catalog], "Print every repeated warning on its own line."),
        ]),
        CommandOption(long: "timings", kind: .flag { $0.timings = true }, uses: [
            Use([.build, .check], "Print the time each stage took (load, resolve, render, write)."),
        ]),
        help,
    ]
}
