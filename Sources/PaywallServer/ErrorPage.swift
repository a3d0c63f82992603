#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import PaywallKit

/// The pages `serve` makes itself: a failed build's diagnostics, and the 404 page when the site has none.
public enum ErrorPage {
    /// Every diagnostic of a failed build as a page (file:line:column, severity, message, hint; all escaped).
    /// The server injects the live-reload script, so the next good build replaces it.
    public static func buildFailed(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let fix = "Fix \(EnglishPlural.choose(errors, one: "it", many: "them")) and save"
        let items = diagnostics.map { diagnostic in
            var item = "<li class=\"\(diagnostic.severity.rawValue)\">"
                + "<code>\(htmlEscaped(diagnostic.location.description))</code> "
                + "<strong>\(diagnostic.severity.rawValue)</strong>: \(htmlEscaped(diagnostic.message))"
            if let hint = diagnostic.hint { item += "<br><span class=\"hint\">\(htmlEscaped(hint))</span>" }
            return item + "</li>"
        }
        let body = """
            <h1>The build failed</h1>
            <p>\(EnglishPlural.count(errors, "error")). \(fix): this page reloads by itself.</p>
            <ol>
            \(items.joined(separator: "\n"))
            </ol>
            """
        return page(title: "Build failed – paywall", body: body)
    }

    /// The built-in 404 page, for output folders without a 404.html.
    public static func notFound(_ path: String) -> String {
        page(title: "Not found – paywall",
             body: "<h1>Not found</h1>\n<p><code>\(htmlEscaped(path))</code> is not in the built site. "
                 + "<a href=\"/\">Go to the start page</a>.</p>")
    }

    static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(htmlEscaped(title))</title>
        <style>
        body { font: 16px/1.5 system-ui, -apple-system, sans-serif; \
        margin: 0 auto; max-width: 52rem; padding: 2rem 1rem; }
        h1 { font-size: 1.5rem; }
        ol { padding-inline-start: 1.25rem; }
        li { margin-block: 0.75rem; }
        code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, monospace; }
        li.error strong { color: #d70015; }
        li.warning strong { color: #a05a00; }
        .hint { color: GrayText; }
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

}
