import PaywallKit

/// The subcommands, each with its abstract and its positional arguments; its options are in `CommandOption.table`.
enum Command: String, CaseIterable, Sendable {
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

    /// The positional arguments, in order.
    var arguments: [CommandArgument] {
        switch self {
        case .build, .check, .serve, .`init`: [.site]
        case .schema:
            [CommandArgument(name: "format", help: Options.choices(JSONSchema.Format.self) + ".") {
                options, text throws(Options.UsageError) in
                options.schema = try Options.choice(text, for: "<format>")
            }]
        case .hosting:
            [CommandArgument(name: "host", help: "nginx: a server block for nginx's http context.") {
                options, text throws(Options.UsageError) in
                options.server = try Options.choice(text, for: "<host>")
            }, .site]
        case .catalog:
            [CommandArgument(name: "action", word: "import"),
             CommandArgument(name: "file",
                             help: "The .storekit file to write as a native catalog (YAML).") { $0.file = $1 }]
        }
    }
}

/// A positional argument of a command.
struct CommandArgument: Sendable {
    var name: String
    /// What help says of it; nil for a fixed word, which help does not list.
    var help: String?
    /// What an optional argument is when not given, shown as `(default: …)`.
    var defaultValue: String?
    /// The one value a fixed word (`catalog import`) takes, shown as itself in the usage line.
    var word: String?
    var apply: @Sendable (inout Options, String) throws(Options.UsageError) -> Void

    init(name: String, help: String?, default defaultValue: String? = nil,
         apply: @escaping @Sendable (inout Options, String) throws(Options.UsageError) -> Void) {
        self.name = name
        self.help = help
        self.defaultValue = defaultValue
        self.apply = apply
    }

    init(name: String, word: String) {
        self.init(name: name, help: nil) { _, text throws(Options.UsageError) in
            guard text == word else { throw .init("The value '\(text)' is invalid for '<\(name)>'; use \(word)") }
        }
        self.word = word
    }

    /// `[<site>]`, `<format>` or `import`, as the usage line shows it.
    var synopsis: String { word ?? (defaultValue == nil ? "<\(name)>" : "[<\(name)>]") }

    static let site = CommandArgument(name: "site", help: "The site folder, holding paywall.yml.",
                                      default: Options().site) { $0.site = $1 }
}
