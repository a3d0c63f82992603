import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// Markdown on which libcmark-gfm 0.29 would take time growing with the square of its size is refused before it is
/// parsed, at the place that crossed a limit, in well under a second; text within the limits renders as before.
@Suite struct MarkdownLimitsTests {
    let site = TestSite()
    let page = "site/content/pro.md"
    /// The line of the page body's first line (after the front matter and "# Birdwatch Pro" and a blank line).
    let bodyLine = 7

    /// Runs `body` and expects it to be quick: the unbounded inputs took 15 s to minutes; bounded, a release build takes
    /// well under a second, a debug build longer. Counted in the thread's processor time, which a busy machine does not
    /// stretch (`ThreadTime`).
    func quickly<T>(_ body: () -> T, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> T {
        let (result, time) = ThreadTime.measure(body)
        #expect(time < .seconds(5), "took \(time) of processor time", sourceLocation: sourceLocation)
        return result
    }

    func errors(body: String) -> [Diagnostic] {
        quickly { site.page(replacing: "Identify every bird you hear.", with: body).errors }
    }

    @Test func imagesInsideLinksAreBoundedPerParagraph() {
        // 300 KB of `![[]()` took 28 s in `check`; the 101st bracket of the paragraph is the error.
        let body = "Intro.\n\n" + String(repeating: "![[]()", count: 50_000)
        let limit = Markdown.Limits.maximumBracketsPerParagraph
        expectError(errors(body: body), "a paragraph holds more than \(limit) brackets", file: page, line: bodyLine + 2,
                    column: (limit / 2) * 6 + 2, hint: "split it up")
    }

    @Test func inlineDeclarationsAreBoundedPerParagraph() {
        let body = String(repeating: "a<![CDATA[", count: 40_000)
        let limit = Markdown.Limits.maximumDeclarationsPerParagraph
        expectError(errors(body: body), "more than \(limit) inline <! or <? openers", file: page, line: bodyLine, column: limit * 10 + 2)
        expectError(errors(body: String(repeating: "a<?", count: 100_000)), "inline <! or <? openers", file: page, line: bodyLine)
    }

    @Test func atSignsAreBoundedPerParagraph() {
        expectError(errors(body: String(repeating: "a@", count: 200_000)), "more than \(Markdown.Limits.maximumAtSignsPerParagraph) @ signs",
                    file: page, line: bodyLine)
    }

    @Test func aTextLargerThanTheLimitIsRefused() {
        // 1 MB of `a<![CDATA[` took more than a minute; just over the limit is refused before parsing.
        let body = String(repeating: "a<![CDATA[\n\n", count: 50_000)
        // The whole text is at fault: the error is at its first line, the page's heading.
        expectError(errors(body: body), "larger than \(Markdown.Limits.maximumTextBytes >> 10) KB", file: page, line: 5)
    }

    @Test func blankLinesHeadingsAndBulletsEndTheCount() {
        let links = String(repeating: "[a](b) ", count: Markdown.Limits.maximumBracketsPerParagraph)
        let paragraphs = Array(repeating: links, count: 30).joined(separator: "\n\n")
        let list = (0..<300).map { "- [Item \($0)](item\($0)/) and <!-- a --> and a@b" }.joined(separator: "\n")
        let headings = (0..<300).map { "## [Part \($0)](p\($0)/)" }.joined(separator: "\n")
        let quoted = (0..<300).map { "> - [Item \($0)](q\($0)/)" }.joined(separator: "\n")
        for body in [paragraphs, list, headings, quoted] {
            let result = quickly { site.page(replacing: "Identify every bird you hear.", with: body).build() }
            #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        }
    }

    @Test func linesThatContinueAParagraphStillCount() {
        // Neither a hashtag, an indented dash nor "2." starts a block: these lines are one paragraph.
        for prefix in ["#tag ", "    - ", "2. "] {
            let body = "Start\n" + (0..<60).map { _ in prefix + "[a](b) [c](d)" }.joined(separator: "\n")
            #expect(theError(errors(body: body), containing: "brackets") != nil, "\(prefix)")
        }
    }

    @Test func aLargeEULAIsRefusedAtItsPlaceQuickly() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/offers.storekit")
        let json = try String(contentsOf: fixture, encoding: .utf8)
        let eula = String(repeating: "![[]()", count: 85_000)   // 500 KB; took 15 s
        #expect(json.contains("\"eula\" : \""))
        let storekit = json.replacingOccurrences(of: "\"eula\" : \"", with: "\"eula\" : \"" + eula)
        let result = quickly {
            TestSite().with { site in
                site.config = "catalog: Products.storekit\nactions: { subscribe: \"https://pay.example.com/{productID}\" }\n"
                site.catalogPath = "Products.storekit"
                site.catalogText = storekit
                site.content = ["atlas.md": "---\ngroupID: \"21000001\"\n---\n"]
            }.build()
        }
        let error = theError(result.diagnostics.errors, containing: "brackets")
        #expect(error?.location.file == "site/Products.storekit")
    }
}
