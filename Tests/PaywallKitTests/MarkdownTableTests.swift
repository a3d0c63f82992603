import Foundation
import Testing
@testable import PaywallKit

/// Tables in marketing Markdown: a scrolling region of their own, header cells a screen reader can use,
/// check marks read as words.
@Suite("Markdown tables")
struct MarkdownTableTests {
    static let comparison = """
        ## Compare plans

        |  | Free | Plus | Premium |
        |---|:-:|:-:|--:|
        | Song ID | 5 a day | ✓ | ✔ |
        | **Offline** maps | — | ✗ | ✅ |
        |  | ✓ extra | – | ✔\u{FE0F} |
        """

    static let html = Markdown.render(comparison).html

    @Test("a cell of plain text holds what cmark writes for that text in a paragraph",
          arguments: ["5 a day", "Tom & Jerry's \"best\" 1 < 2 > 0 a/b", "Prix : 4,99 €", "&amp; &copy; &#35;"])
    func plainCells(text: String) throws {
        let paragraph = Markdown.render(text).html
        let inner = String(paragraph.dropFirst(3).dropLast(5))   // <p>…</p>\n
        #expect(paragraph.hasPrefix("<p>") && paragraph.hasSuffix("</p>\n"))
        let table = Markdown.render("| h |\n|---|\n| \(text) |").html
        #expect(table.contains("<td>\(inner)</td>"), "\(table)")
    }

    @Test("a table scrolls inside a focusable region named by the nearest heading")
    func region() {
        #expect(Self.html.contains(#"<div class="table-scroll" role="region" tabindex="0" aria-label="Compare plans">"#))
        #expect(Self.html.hasSuffix("</table>\n</div>\n"))
        #expect(Self.html.components(separatedBy: "role=\"region\"").count == 2, "one region")
    }

    @Test("an empty header cell is a td, and then the first column labels the rows")
    func headers() {
        #expect(Self.html.contains("<thead>\n<tr>\n<td></td>\n<th scope=\"col\" class=\"align-center\">Free</th>"))
        #expect(!Self.html.contains("<th></th>") && !Self.html.contains("<th>"), "no empty or scope-less th")
        #expect(Self.html.contains(#"<th scope="row">Song ID</th>"#))
        #expect(Self.html.contains(#"<th scope="row"><strong>Offline</strong> maps</th>"#), "inline Markdown kept in a row header")
        #expect(Self.html.contains("<tr>\n<td></td>\n"), "an empty row label stays a td")
    }

    @Test("alignment is a class, never the obsolete align attribute")
    func alignment() {
        #expect(!Self.html.contains("align=\""))
        #expect(Self.html.contains(#"<th scope="col" class="align-end">Premium</th>"#))
    }

    @Test("a cell holding only a mark keeps it and says what it means", arguments: [
        ("✓", "Included"), ("✔", "Included"), ("✅", "Included"), ("✔\u{FE0F}", "Included"),
        ("—", "Not included"), ("✗", "Not included"), ("–", "Not included"),
    ])
    func marks(_ mark: String, _ words: String) {
        #expect(Self.html.contains(#"<span aria-hidden="true">\#(mark)</span><span class="vh">\#(words)</span></td>"#), "\(mark)")
    }

    @Test("other cells are left alone")
    func otherCells() {
        #expect(Self.html.contains(#"<td class="align-center">5 a day</td>"#))
        #expect(Self.html.contains(#"<td class="align-center">✓ extra</td>"#))
        #expect(MarkdownTable.mark("✓ extra") == nil && MarkdownTable.mark("") == nil && MarkdownTable.mark("x") == nil)
    }

    @Test("a table with a full header row has no row headers")
    func noRowHeaders() {
        let html = Markdown.render("| Plan | Price |\n|---|---|\n| Plus | 5 |\n").html
        #expect(html.contains(#"<th scope="col">Plan</th>"#))
        #expect(html.contains("<td>Plus</td>") && !html.contains("scope=\"row\""))
    }

    @Test("without a heading the region is named by the column headers")
    func labelWithoutHeading() {
        let html = Markdown.render("| | Free | Plus |\n|---|---|---|\n| a | ✓ | ✓ |\n").html
        #expect(html.contains(#"aria-label="Free, Plus""#))
        let named = Markdown.render("# A & B\n\n| x |\n|---|\n| 1 |\n").html
        #expect(named.contains(#"aria-label="A &amp; B""#), "the label is escaped")
    }

    @Test("links in cells are still found for checking, and raw HTML in cells is still dropped")
    func cellsKeepTheRules() {
        let rendered = Markdown.render("| a |\n|---|\n| [x](javascript:alert(1)) <b onclick=y>z</b> |\n")
        #expect(rendered.links.map(\.url) == ["javascript:alert(1)"])
        #expect(!rendered.html.contains("onclick"))
    }

    @Test("the words come from the page's strings, marked with the page's language inside other-language copy")
    func words() {
        let arabic = Markdown.TableWords(included: "مضمّن", notIncluded: "غير مضمّن", lang: "ar-SA", dir: "rtl")
        let html = Markdown.render("| | A |\n|---|---|\n| x | ✓ |\n| y | ✗ |\n", tableWords: arabic).html
        #expect(html.contains(#"<span class="vh" lang="ar-SA" dir="rtl">مضمّن</span>"#))
        #expect(html.contains(#"<span class="vh" lang="ar-SA" dir="rtl">غير مضمّن</span>"#))
    }

    @Test("a German page says Enthalten")
    func germanPage() throws {
        let site = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .catalog(replacing: "en-US: { displayName: Birdwatch Pro, description: \"Every bird, everywhere.\" }",
                     with: "en-US: { displayName: Birdwatch Pro, description: \"Every bird, everywhere.\" }\n      de-DE: { displayName: Birdwatch Pro, description: Jeder Vogel. }")
            .with { $0.content["pro.de.md"] = "---\ntitle: Birdwatch Pro\n---\n# Vergleich\n\n| | Pro |\n|---|---|\n| Karten | ✓ |\n" }
        let result = site.build()
        let html = try #require(TestSite.file("de-DE/pro/index.html", of: result))
        #expect(html.contains(#"<span class="vh">Enthalten</span>"#))
        #expect(html.contains(#"aria-label="Vergleich""#))
    }
}
