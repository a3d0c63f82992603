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

    @Test("content files read before are used again only for the same text, raw HTML setting and folder")
    func parsedAgain() {
        let text = "---\ntitle: A\ngroupID: g\n---\n# Hi\n\n<script>alert(1)</script>\n"
        var diagnostics = Diagnostics()
        let first = ContentFiles(["pro.md": text, "other.md": "---\ngroupID: g\n---\n# Other\n"], folder: "site", diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "raw HTML is escaped when not allowed")
        var allowed = Diagnostics()
        _ = ContentFiles(["pro.md": text], folder: "site", allowRawHTML: true, previous: first, diagnostics: &allowed)
        #expect(allowed.hasErrors, "allowed raw HTML is checked, not taken from the first read")
        var edited = Diagnostics()
        let again = ContentFiles(["pro.md": text.replacingOccurrences(of: "# Hi", with: "# Hello"), "other.md": "---\ngroupID: g\n---\n# Other\n"],
                                 folder: "site", previous: first, diagnostics: &edited)
        #expect(again.file("pro", locale: "en-US")?.body.hasPrefix("# Hello") == true)
        #expect(again.file("other", locale: "en-US")?.body == "# Other\n")
        let moved = ContentFiles(["pro.md": text], folder: "elsewhere", previous: first, diagnostics: &edited)
        #expect(moved.file("pro", locale: "en-US")?.path == "elsewhere/content/pro.md")
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
