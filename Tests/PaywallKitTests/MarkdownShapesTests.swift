import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// The worst shapes of Markdown within the size limit: each page is refused at its line with the limit it crosses,
/// or checks in linear time. The bounds here are loose on purpose (a debug build): they catch the quadratic shapes
/// (81 s and 32 s before the nesting count), not a slow second, which `make bench` measures. Times are the test
/// thread's processor time (the build has one job), which other suites and processes on a busy machine do not
/// stretch as they do the wall clock. One at a time, so that the times printed are each shape's own.
@Suite(.serialized) struct MarkdownShapesTests {
    let site = TestSite()
    let page = "site/content/pro.md"
    /// The line of the page body's first line (as in MarkdownLimitsTests).
    let bodyLine = 7

    /// `unit` repeated after `prefix` until the body nearly reaches the limit (the page's own lines take the rest).
    static func fill(_ unit: String, after prefix: String = "") -> String {
        let room = Markdown.Limits.maximumTextBytes - 1024 - prefix.utf8.count
        return prefix + String(repeating: unit, count: room / unit.utf8.count)
    }

    /// Checks the page with `body`: the errors, and the processor time the check took.
    func check(_ body: String) -> (errors: [Diagnostic], time: Duration) {
        let (errors, time) = ThreadTime.measure { site.page(replacing: "Identify every bird you hear.", with: body).errors }
        return (errors, time)
    }

    static let containers = [
        ("- ×25,000 then _a×120,000",
         String(repeating: "- ", count: 25_000) + String(repeating: "_a", count: 120_000)),
        ("> ×25,000 then _a", fill("_a", after: String(repeating: ">", count: 25_000))),
        ("> ×N", fill("> ")), ("- ×N", fill("- ")), ("1. ×N", fill("1. ")), ("> - ×N", fill("> - ")),
        ("a list item indented 200 columns", fill("_a", after: String(repeating: " ", count: 200) + "- ")),
    ]

    /// Containers opened on one line are counted before parsing: the first shape took 81 s to be refused.
    @Test(arguments: containers) func deepContainersAreRefusedAtTheirLine(_ name: String, _ body: String) {
        let (errors, time) = check(body)
        print("\(name): \(body.utf8.count) bytes, refused in \(time)")
        #expect(time < .seconds(10), "\(name) took \(time)")
        expectError(errors, "levels deep (the limit)", file: page, line: bodyLine)
    }

    /// A table row of 99 columns (100 pipes, the most a table may have).
    static let row = "|" + String(repeating: "a|", count: 99) + "\n"
    static let shapes = [
        ("- ×50 then _a", fill("_a", after: String(repeating: "- ", count: 50))),
        ("> ×100 then _a", fill("_a", after: String(repeating: ">", count: 100))),
        ("- ×49 _a on every line", fill(String(repeating: "- ", count: 49) + "_a\n")),
        ("> ×99 _a on every line", fill(String(repeating: ">", count: 99) + "_a\n")),
        ("lists nested by indentation", (0..<480).map { String(repeating: " ", count: $0 * 2) + "- x\n" }.joined()),
        ("*a", fill("*a")), ("_a", fill("_a")), ("**a", fill("**a")), ("*a **b ", fill("*a **b ")), ("*", fill("*")),
        ("~~a", fill("~~a")), ("*a _", fill("*a _")), ("*\\n", fill("*\n")), ("- a\\n", fill("- a\n")),
        ("[ ×100 per paragraph", fill(String(repeating: "[", count: 100) + "\n\n")),
        ("[a]( ×25 per paragraph", fill(String(repeating: "[a](", count: 25) + "\n\n")),
        ("`", fill("`")), ("`a", fill("`a")),
        ("growing backtick runs", (1..<1000).map { String(repeating: "`", count: $0) + "a" }.joined()),
        ("a table of 99 columns", fill(row, after: row + "|" + String(repeating: "-|", count: 99) + "\n")),
        ("link reference definitions", (0..<25_000).map { "[r\($0)]: /x\n\n" }.joined()
            + (0..<5_000).map { "[r\($0)]\n\n" }.joined()),
        ("<div>", fill("<div>")), ("<div> lines", fill("<div>\n")), ("<a", fill("<a")), ("&a", fill("&a")),
        ("www.a", fill("www.a")),
    ]

    /// Markdown's check (parsing, limits, links, raw HTML) and the whole page's check, which renders the page around the
    /// body's 500 KB of HTML too, stay far from the minute the quadratic shapes took (about 2 s and 4 s at most seen).
    @Test(arguments: shapes) func otherShapesCheckQuickly(_ name: String, _ body: String) {
        #expect(body.utf8.count < Markdown.Limits.maximumTextBytes)
        let ((), markdownTime) = ThreadTime.measure {
            let rendered = Markdown.render(body, allowRawHTML: true)
            _ = RawHTMLCheck.problems(rendered.rawHTML.map(\.url).joined(), at: SourceLocation(file: page))
        }
        let (errors, time) = check(body)
        let limit = errors.first { $0.message.contains("(the limit)") }
        print("\(name): \(body.utf8.count) bytes, \(limit.map { "refused (\($0.message))" } ?? "checked"): "
              + "Markdown in \(markdownTime), the page in \(time)")
        #expect(markdownTime < .seconds(10), "\(name) took \(markdownTime)")
        #expect(time < .seconds(20), "\(name) took \(time)")
        if let limit { #expect(limit.location.file == page && limit.location.line >= bodyLine, "\(limit)") }
    }
}
