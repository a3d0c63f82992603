/// Help text in swift-argument-parser's layout, written from `Command` and `CommandOption.table`.
enum Help {
    static let overview = """
        OVERVIEW: Turn a subscription catalog and Markdown copy into a static subscription page.

        paywall is the web counterpart of StoreKit's SubscriptionStoreView: it reads paywall.yml, a catalog
        (YAML, JSON or an Xcode .storekit file) and content/*.md, and writes HTML and one stylesheet.

        USAGE: paywall <subcommand>

        OPTIONS:
        \(row("--version", "Show the version."))
        \(row(CommandOption.help.names, "Show help information."))

        SUBCOMMANDS:
        \(Command.allCases.map { row($0.rawValue, $0.abstract) }.joined(separator: "\n"))

          See 'paywall help <subcommand>' for detailed help.
        """

    /// `paywall build [<site>] [--output <output>] …`: every argument and option but `--help`.
    static func usageLine(_ command: Command) -> String {
        let options = CommandOption.options(of: command).filter { $0.long != CommandOption.help.long }
        return (["paywall", command.rawValue] + command.arguments.map(\.synopsis) + options.map { "[\($0.synopsis)]" })
            .joined(separator: " ")
    }

    static func usage(_ command: Command) -> String {
        var lines = ["OVERVIEW: \(command.abstract)", "", "USAGE: \(usageLine(command))", "", "ARGUMENTS:"]
        for argument in command.arguments {
            if let help = argument.help {
                lines.append(row("<\(argument.name)>", help, default: argument.defaultValue))
            }
        }
        lines += ["", "OPTIONS:"]
        for option in CommandOption.options(of: command) {
            guard let use = option.use(for: command) else { continue }
            lines.append(row(option.names, use.help, default: use.defaultValue))
        }
        return lines.joined(separator: "\n")
    }

    /// One line of a list: the name in a column of 22, then its text and default.
    private static func row(_ name: String, _ text: String, default defaultValue: String? = nil) -> String {
        "  " + String((name + String(repeating: " ", count: 22)).prefix(22)) + "  " + text
            + (defaultValue.map { " (default: \($0))" } ?? "")
    }
}
