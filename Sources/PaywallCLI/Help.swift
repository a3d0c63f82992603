/// Help text in swift-argument-parser's layout.
enum Help {
    static let overview = """
        OVERVIEW: Turn a subscription catalog and Markdown copy into a static subscription page.

        paywall is the web counterpart of StoreKit's SubscriptionStoreView: it reads paywall.yml, a catalog
        (YAML, JSON or an Xcode .storekit file) and content/*.md, and writes HTML and one stylesheet.

        USAGE: paywall <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
        \(Command.allCases.map { "  " + $0.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

          See 'paywall help <subcommand>' for detailed help.
        """

    static func usageLine(_ command: Command) -> String {
        switch command {
        case .build: "paywall build [<site>] [--output <output>] [--jobs <jobs>] [--diagnostics <format>] [--quiet] [--verbose] [--timings]"
        case .check: "paywall check [<site>] [--jobs <jobs>] [--diagnostics <format>] [--quiet] [--verbose] [--timings]"
        case .serve: "paywall serve [<site>] [--port <port>] [--host <host>] [--output <output>]"
        case .`init`: "paywall init [<site>]"
        case .schema: "paywall schema <format>"
        case .hosting: "paywall hosting <host> [<site>] [--output <output>] [--port <port>] [--host <host>]"
        case .catalog: "paywall catalog import <file> [--output <output>]"
        }
    }

    static func usage(_ command: Command) -> String {
        var lines = ["OVERVIEW: \(command.abstract)", "", "USAGE: \(usageLine(command))", "", "ARGUMENTS:"]
        switch command {
        case .schema: lines.append("  <format>                catalog, page or site.")
        case .hosting:
            lines.append("  <host>                  nginx: a server block for nginx's http context.")
            lines.append("  <site>                  The site folder, holding paywall.yml. (default: .)")
        case .catalog: lines.append("  import <file>           The .storekit file to write as a native catalog (YAML).")
        default: lines.append("  <site>                  The site folder, holding paywall.yml. (default: .)")
        }
        lines += ["", "OPTIONS:"]
        func option(_ names: String, _ text: String) {
            lines.append("  " + names.padding(toLength: 22, withPad: " ", startingAt: 0) + "  " + text)
        }
        switch command {
        case .build:
            option("-o, --output <output>", "The output folder. (default: <site>/public)")
        case .catalog:
            option("-o, --output <output>", "The catalog file to write. (default: standard output)")
        case .serve:
            option("--port <port>", "The port to listen on; 0 picks a free one. (default: 8080)")
            option("--host <host>", "The address to listen on. (default: 127.0.0.1)")
            option("-o, --output <output>", "The output folder. (default: <site>/public)")
        case .hosting:
            option("-o, --output <output>", "The built folder nginx serves. (default: <site>/public)")
            option("--port <port>", "The port nginx listens on. (default: 80)")
            option("--host <host>", "The address nginx listens on. (default: every address)")
        default: break
        }
        if command == .build || command == .check || command == .serve {
            option("-j, --jobs <jobs>", "Pages rendered at once; the output is the same. (default: every core)")
            option("--diagnostics <format>", "text or json (one JSON object per line). (default: text)")
            option("-q, --quiet", "Print errors only.")
            option("-v, --verbose", "Print every file written, and every repeated warning on its own line.")
        }
        if command == .build || command == .check {
            option("--timings", "Print the time each stage took (load, resolve, render, write).")
        }
        option("-h, --help", "Show help information.")
        return lines.joined(separator: "\n")
    }
}
