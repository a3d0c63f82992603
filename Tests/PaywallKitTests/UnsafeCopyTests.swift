import Testing
@testable import PaywallKit

/// Catalog text and raw HTML never make an unsafe page: links and raw HTML are checked again once placeholders are
/// filled, the body is read as one document the way a browser tokenizes it, and copy cannot insert unescaped text.
@Suite struct UnsafeCopyTests {
    static let rawHTML = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\nallowRawHTML: true")

    /// A site whose monthly plan's display name is `name`, and whose page body is `body`.
    static func site(displayName name: String, body: String, rawHTML: Bool = false) -> TestSite {
        (rawHTML ? Self.rawHTML : TestSite())
            .catalog(replacing: "en-US: { displayName: Monthly,", with: "en-US: { displayName: \"\(name)\",")
            .page(replacing: "Identify every bird you hear.", with: body)
    }

    @Test("a link target made by a placeholder is checked with the catalog's text in it", arguments: [false, true])
    func placeholderLinkTarget(_ rawHTML: Bool) {
        let result = Self.site(displayName: "http://evil.example/", body: "[Start]({{products.pro.monthly.displayName}})", rawHTML: rawHTML).build()
        let error = theError(result.diagnostics.errors, containing: "once its placeholders are filled")
        #expect(error?.message.contains("'http:' scheme") == true, "\(String(describing: error))")
        #expect(error?.location.file == "site/content/pro.md")
        #expect(error?.location.line == TestSite.line(of: "Identify every bird", in: TestSite.defaultPage))
        #expect(result.files.isEmpty)
    }

    @Test func aJavascriptTargetFromTheCatalogIsRefusedWithRawHTMLOn() {
        let errors = Self.site(displayName: "javascript:alert(1)", body: "[Start]({{products.pro.monthly.displayName}})", rawHTML: true).errors
        #expect(errors.contains { $0.message.contains("'javascript:' scheme") }, "\(errors)")
    }

    @Test func aPlaceholderInAnUnquotedAttributeCannotAddAHandler() {
        let errors = Self.site(displayName: "x onerror=alert(1)", body: "<img alt={{products.pro.monthly.displayName}} src=a.png>",
                               rawHTML: true).errors
        let error = theError(errors, containing: "event handler (onerror)")
        #expect(error?.message.contains("once its placeholders are filled") == true, "\(errors)")
    }

    @Test func aSafePlaceholderLinkStillBuilds() {
        let result = Self.site(displayName: "Monthly", body: "[Subscribe]({{products.pro.monthly.subscribeURL}}) for {{products.pro.monthly.displayName}}").build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.all)")
        let page = TestSite.file("en-US/pro/index.html", of: result) ?? ""
        #expect(page.contains(#"href="https://pay.example.com/checkout?product=pro.monthly&amp;locale=en-US""#), "\(page)")
    }

    @Test("unescaped placeholders are refused in copy, at their place", arguments: ["{{{products.pro.monthly.displayName}}}", "{{& title}}"])
    func unescapedPlaceholder(_ tag: String) {
        let errors = TestSite().page(replacing: "Identify every bird you hear.", with: "Hello \(tag).").errors
        expectError(errors, "is written unescaped", file: "site/content/pro.md",
                    line: TestSite.line(of: "Identify every bird", in: TestSite.defaultPage), column: 7, hint: "write {{")
    }

    @Test("comments end where browsers end them", arguments: [
        "<!--> <img src=x onerror=alert(1)> -->",
        "<!---> <img src=x onerror=alert(1)> -->",
        "<!-- a --!> <img src=x onerror=alert(1)> -->",
    ])
    func commentsEndAsInBrowsers(_ html: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains("event handler (onerror)") }, "\(errors)")
    }

    @Test("meta, form and base are never allowed, whatever hides them", arguments: [
        #"<!--> <meta http-equiv="refresh" content="0;url=https://evil.example/"> -->"#,
        #"<!--> <form action="https://evil.example/"><button>Go</button></form> -->"#,
        #"<base href="https://evil.example/">"#,
    ])
    func neverMetaFormOrBase(_ html: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains("<meta> element") || $0.message.contains("<form> element") || $0.message.contains("<base> element") },
                "\(errors)")
    }

    @Test func aQuoteLeftOpenInOneBlockIsSeenInTheNext() {
        let errors = RawHTMLTests.errors("<details title='\n\nx' open ontoggle=alert(1)>\n\nText")
        #expect(errors.contains { $0.message.contains("event handler (ontoggle)") }, "\(errors)")
        #expect(errors.allSatisfy { $0.location.file == "site/content/pro.md" && $0.location.line > 0 }, "\(errors)")
    }

    @Test("what is left open at the end would swallow the page's own HTML", arguments: ["<div title='x", "<!-- note", "<details title=\"a"])
    func leftOpenAtTheEnd(_ html: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains("never closed") }, "\(errors)")
    }

    @Test func aTaskListAndATableStillPassTheWholeDocumentCheck() {
        let errors = RawHTMLTests.errors("- [x] Offline maps\n- [ ] Ads\n\n| Plan | Maps |\n|:--|:-:|\n| Pro | ✓ |\n\n<p class=\"note\">Hi</p>")
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theTokenizerFollowsTheStandard() {
        let tags = HTMLTokenizer.tokenize(#"<a href="x"title='y'>t</a><!--> <b/onclick=1></b><?x><p =a>"#).tags
        #expect(tags.map { $0.name ?? "?" } == ["a", "a", "b", "b", "?", "p"])
        #expect(tags[0].attributes.map(\.name) == ["href", "title"])
        #expect(tags[2].attributes.map(\.name) == ["onclick"])
        #expect(tags[5].attributes.map(\.name) == ["=a"])
        #expect(HTMLTokenizer.tokenize("a < b <3 </ x>").tags.map(\.name) == [nil])
    }
}
