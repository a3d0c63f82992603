import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// No input prints a line break, a terminal escape or a GitHub workflow command into a log: every diagnostic and
/// status line is one line in the text format, as a GitHub annotation and as JSON.
@Suite struct LogInjectionTests {
    static let mask = "\n::add-mask::x"
    static let clear = "\u{1B}[2J"

    /// A `.storekit` catalog whose win-back offer has no offer ID and `referenceName` as its reference name (a
    /// warning quotes it).
    static func storeKit(referenceName: String) -> String {
        let name = String(decoding: try! JSONEncoder().encode(referenceName), as: UTF8.self)
        return """
            { "settings": { "_storefront": "USA" },
              "subscriptionGroups": [ { "id": "G1", "name": "Pro",
                "localizations": [ { "locale": "en_US", "displayName": "Pro", "description": "" } ],
                "subscriptions": [ { "productID": "pro.monthly", "referenceName": "Pro Monthly", "groupNumber": 1,
                  "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", "familyShareable": false,
                  "localizations": [ { "locale": "en_US", "displayName": "Monthly", "description": "Every month" } ],
                  "winbackOffers": [ { "referenceName": \(name), "paymentMode": "payUpFront",
                    "subscriptionPeriod": "P3M", "displayPrice": "9.99" } ] } ] } ] }
            """
    }

    /// Runs `paywall check` on the site in the three formats and expects every line safe, and `escaped` (the input
    /// as the log shows it) on a diagnostic line of each.
    func expectSafeLogs(_ temp: TemporaryFolder, showing escaped: String,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let site = temp.path("site")
        for (arguments, environment) in [([String](), [String: String]()), ([], ["GITHUB_ACTIONS": "true"]),
                                         (["--diagnostics", "json"], [:])] {
            let (_, output) = paywall(["check", site] + arguments, environment: environment)
            let lines = (output.stderr + "\n" + output.stdout).split(separator: "\n").map(String.init)
            // A JSON line holds the text JSON-escaped: compared once decoded.
            let texts = lines.map { line in
                guard line.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
                      let fields = object as? [String: Any] else { return line }
                return fields.values.map { "\($0)" }.joined(separator: " ")
            }
            #expect(texts.contains { $0.contains(escaped) }, "\(arguments) \(environment): \(lines)",
                    sourceLocation: sourceLocation)
            for line in lines {
                #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x2028 },
                        "\(line.debugDescription)",
                        sourceLocation: sourceLocation)
                #expect(!line.hasPrefix("::") || line.hasPrefix("::error file=") || line.hasPrefix("::warning file="),
                        "a workflow command from input: \(line.debugDescription)", sourceLocation: sourceLocation)
                if arguments == ["--diagnostics", "json"], line.hasPrefix("{") {
                    #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test(arguments: [mask, clear])
    func aReferenceNameIsEscaped(_ name: String) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let config = BirdwatchSite.cliConfig.replacingOccurrences(of: "catalog.yml", with: "catalog.storekit")
        let page = BirdwatchSite.defaultPage.replacingOccurrences(of: "birdwatch.pro", with: "G1")
        try temp.write(["paywall.yml": config, "catalog.storekit": Self.storeKit(referenceName: "Back" + name),
                        "content/pro.md": page], under: "site")
        // The catalog refuses the control character at its place, so the name itself is never printed.
        expectSafeLogs(temp, showing: "referenceName has the control character U+00")
    }

    @Test func aContentFileNamedWithALineBreakIsEscaped() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        try temp.write(["content/pro\(Self.mask)\(Self.clear).md": BirdwatchSite.defaultPage], under: "site")
        expectSafeLogs(temp, showing: "pro\\n::add-mask::x\\u{1B}[2J")
    }

    @Test func aCarryNameWithALineBreakIsEscaped() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try BirdwatchSite.cli.write(to: temp.path("site"))
        let config = BirdwatchSite.cliConfig.replacingOccurrences(
            of: "{locale}\n", with: "{locale}\n  carry: [\"utm\\n::add-mask::x\\e[2J\"]\n")
        try temp.write(["paywall.yml": config], under: "site")
        expectSafeLogs(temp, showing: "utm\\n::add-mask::x\\u{1B}[2J")
    }

    /// A site given as a relative path starting with `::` (`paywall check ::stop-commands::x`) names files that do.
    @Test func aPathStartingWithTwoColonsPrintsNoWorkflowCommand() {
        let captured = Captured()
        let console = Console(out: { captured.out($0) }, err: { captured.err($0) },
                              environment: ["GITHUB_ACTIONS": "true"])
        let reporter = Reporter(console: console, format: .text, quiet: false, verbose: false)
        reporter.report([.error(PaywallKit.SourceLocation(file: "::stop-commands::x/catalog.yml", line: 2, column: 3), "bad")])
        reporter.status("Built 1 page into ::stop-commands::x/public/")
        #expect(captured.stderrLines == ["./::stop-commands::x/catalog.yml:2:3: error: bad",
                                         "::error file=./%3A%3Astop-commands%3A%3Ax/catalog.yml,line=2,col=3::bad"])
        #expect(captured.stdout == "Built 1 page into ::stop-commands::x/public/")
    }

    @Test func escapesAreOneLineAndKeepOtherText() {
        #expect(LogText.escaped("a\r\n\tb\u{7F}\u{9B}31m\u{2028}\u{202E}é €")
                == "a\\r\\n\\tb\\u{7F}\\u{9B}31m\\u{2028}\\u{202E}é €")
        #expect(LogText.escaped("plain text: 'pro.yearly'") == "plain text: 'pro.yearly'")
    }
}
