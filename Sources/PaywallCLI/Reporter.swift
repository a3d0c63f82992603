#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit

/// Prints diagnostics as the compiler does (`path:line:column: error: message`), as JSON lines, and as
/// GitHub Actions annotations when `GITHUB_ACTIONS=true`.
struct Reporter {
    var console: Console
    var format: Options.DiagnosticsFormat
    var quiet: Bool
    /// Every repeated warning on its own line; otherwise each kind is counted into one (`Diagnostics.counted`).
    var verbose: Bool

    /// Every diagnostic passes here, escaped (``Diagnostic/escapedForLog``) before any format sees it, so that
    /// no input prints a line break, a terminal escape or a workflow command.
    ///
    /// Text lines and GitHub annotations count repeated warnings into one line each ("30 subscriptions have no text
    /// in 19 locales …") unless `verbose`; JSON lines, read by tools, keep every diagnostic.
    func report(_ diagnostics: [Diagnostic]) {
        let shown = diagnostics.filter { !(quiet && $0.severity == .warning) }.map(\.escapedForLog)
        let counted = verbose ? shown : Diagnostics.counted(shown)
        for diagnostic in format == .json ? shown : counted {
            switch format {
            case .text: console.err(text(diagnostic))
            case .json: console.err(json(diagnostic))
            }
        }
        if console.environment["GITHUB_ACTIONS"] == "true" {
            for diagnostic in counted { console.err(annotation(diagnostic)) }
        }
    }

    func text(_ diagnostic: Diagnostic) -> String {
        guard console.colors else { return diagnostic.description }
        let color = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m"
        var line = "\u{1B}[1m\(diagnostic.location):\u{1B}[0m \(color)\(diagnostic.severity.rawValue):\u{1B}[0m "
            + "\u{1B}[1m\(diagnostic.message)\u{1B}[0m"
        if let hint = diagnostic.hint { line += "; \(hint)" }
        return line
    }

    func json(_ diagnostic: Diagnostic) -> String {
        struct Line: Encodable { var severity, file: String, line, column: Int, message: String, hint: String? }
        let location = diagnostic.location
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Line(severity: diagnostic.severity.rawValue, file: location.file,
                                             line: location.line, column: location.column,
                                             message: diagnostic.message, hint: diagnostic.hint))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `::error file=…,line=…,col=…::message`, with GitHub's escaping.
    func annotation(_ diagnostic: Diagnostic) -> String {
        func escape(_ text: String, property: Bool) -> String {
            var text = text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D")
                .replacingEvery("\n", with: "%0A")
            if property {
                text = text.replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
            }
            return text
        }
        let message = diagnostic.hint.map { "\(diagnostic.message); \($0)" } ?? diagnostic.message
        let location = diagnostic.location
        return "::\(diagnostic.severity.rawValue) file=\(escape(location.file, property: true)),"
            + "line=\(location.line),col=\(location.column)::\(escape(message, property: false))"
    }

    /// A status line on stdout (unless `quiet`), escaped as a diagnostic is: it may name a path or a page.
    func status(_ line: String) {
        if !quiet { console.out(LogText.line(line)) }
    }

    /// A line on stderr that is not a diagnostic (a summary, timings), escaped as a diagnostic is.
    func err(_ line: String) {
        console.err(LogText.line(line))
    }
}
