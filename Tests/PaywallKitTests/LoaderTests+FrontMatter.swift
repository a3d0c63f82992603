import Foundation
import Testing
@testable import PaywallKit

/// Front matter: splitting it from the body, its lines, and the name and locale a content file's name gives.
extension LoaderTests {
    // MARK: Front matter

    @Test func frontMatterSplitsYAMLAndBody() throws {
        let split = try FrontMatter(splitting: "---\ntitle: A\ngroupID: g\n---\n# Hi\n\nText\n", file: "p.md")
        #expect(split.yaml == "title: A\ngroupID: g")
        #expect(split.body == "# Hi\n\nText\n")
        #expect(split.bodyLine == 5)
    }

    @Test(arguments: [
        ("---\r\ntitle: A\r\n---\r\nBody\r\n", "title: A", "Body\n", 4),
        ("\u{FEFF}---\ntitle: A\n---\nBody", "title: A", "Body", 4),
        ("---\ntitle: A\n...\nBody", "title: A", "Body", 4),
        ("---\n---\nBody", "", "Body", 3),
        ("---\ntitle: A\n---\n", "title: A", "", 4),
        ("---\na: 1\nb: 2\nc: 3\n---\n\n\nBody", "a: 1\nb: 2\nc: 3", "\n\nBody", 6),
    ])
    func frontMatterSplitting(_ text: String, _ yaml: String, _ body: String, _ bodyLine: Int) throws {
        let split = try FrontMatter(splitting: text, file: "p.md")
        #expect(split.yaml == yaml)
        #expect(split.body == body)
        #expect(split.bodyLine == bodyLine)
    }

    @Test func pageWithCRLFLineEndingsBuilds() throws {
        let page = TestSite.defaultPage.replacingOccurrences(of: "\n", with: "\r\n")
        let result = TestSite().with { $0.content["pro.md"] = page }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(html.contains("Identify every bird you hear."))
    }

    @Test func frontMatterKeysAreAtTheirFileLines() throws {
        let parsed = try PageLoader.frontMatter("---\ntitle: A\n\ngroupID: g\n---\nBody\n", file: "p.md")
        #expect(parsed.pairs.map(\.key) == ["title", "groupID"])
        #expect(parsed.pairs.map(\.keyLocation.line) == [2, 4])
        #expect(parsed.split.bodyLine == 6)
    }

    @Test func pageKnowsItsBodyLine() {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": "---\ntitle: A\ngroupID: g\n---\n# Hi\n"], folder: "site", diagnostics: &diagnostics)
        let page = content.page("pro", locale: "en-US", diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        #expect(page?.bodyLine == 5)
        #expect(page?.body == "# Hi\n")
        #expect(page?.file == "site/content/pro.md")
        #expect(page?.selection == .group("g"))
        #expect(page?.selectionLocation.line == 3)
        #expect(page?.marketing == .markdown)
    }

    @Test("a content file is parsed again, not found in a memo, when its text, raw HTML setting or folder changed")
    func parsedAgain() {
        let text = "---\ntitle: A\ngroupID: g\n---\n# Hi\n\n<script>alert(1)</script>\n"
        let memo = Memo<Digest, ContentFiles.Parsed>()
        var parses = 0
        func read(_ content: [String: String], folder: String = "site", allowRawHTML: Bool = false,
                  diagnostics: inout Diagnostics) -> ContentFiles {
            ContentFiles(content, folder: folder, allowRawHTML: allowRawHTML, memo: { input, parse in
                memo.value(for: Digest(of: input)) { parses += 1; return parse() }
            }, diagnostics: &diagnostics)
        }
        let other = "---\ngroupID: g\n---\n# Other\n"
        var diagnostics = Diagnostics()
        _ = read(["pro.md": text, "other.md": other], diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "raw HTML is escaped when not allowed")
        #expect(parses == 2)
        var allowed = Diagnostics()
        _ = read(["pro.md": text], allowRawHTML: true, diagnostics: &allowed)
        #expect(allowed.hasErrors, "allowed raw HTML is checked, not taken from the first read")
        #expect(parses == 3)
        var edited = Diagnostics()
        let again = read(["pro.md": text.replacingOccurrences(of: "# Hi", with: "# Hello"), "other.md": other],
                         diagnostics: &edited)
        #expect(parses == 4, "only the edited file is parsed again")
        #expect(again.file("pro", locale: "en-US")?.body.hasPrefix("# Hello") == true)
        #expect(again.file("other", locale: "en-US")?.body == "# Other\n")
        let moved = read(["pro.md": text], folder: "elsewhere", diagnostics: &edited)
        #expect(moved.file("pro", locale: "en-US")?.path == "elsewhere/content/pro.md")
        // The same text in canonically equivalent Unicode is other bytes: parsed again, never taken for equal.
        _ = read(["pro.md": text.replacingOccurrences(of: "Hi", with: "Caf\u{E9}")], diagnostics: &edited)
        _ = read(["pro.md": text.replacingOccurrences(of: "Hi", with: "Cafe\u{301}")], diagnostics: &edited)
        #expect(parses == 7)
    }

    // MARK: Content file names

    @Test(arguments: [
        ("pro.md", "pro", nil),
        ("pro.de.md", "pro", "de"),
        ("pro.pt-BR.md", "pro", "pt-BR"),
        ("pro.de-AT.md", "pro", "de-AT"),
        ("pro.zh-Hans.md", "pro", "zh-Hans"),
        ("pro.yearly.md", "pro.yearly", nil),
        ("pro.v2.md", "pro.v2", nil),
        ("my.pro.de.md", "my.pro", "de"),
        ("terms.md", "terms", nil),
    ] as [(String, String, String?)])
    func contentFileNameGivesNameAndLocale(_ fileName: String, _ name: String, _ locale: String?) {
        let parsed = PageLoader.nameAndLocale(fileName)
        #expect(parsed.name == name)
        #expect(parsed.locale == locale)
    }
}
