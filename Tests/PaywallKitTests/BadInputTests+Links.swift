import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// Bad input, continued: unsafe links (javascript: and friends) wherever a URL is read.
extension BadInputTests {
    // MARK: 10. Unsafe links

    /// (URL as a YAML double-quoted scalar, the text the message must contain).
    static let unsafeURLs: [(String, String)] = [
        ("javascript:alert(1)", "'javascript:'"),
        ("JaVaScRiPt:alert(1)", "'javascript:'"),
        ("java\\tscript:alert(1)", "control character"),
        ("java\\nscript:alert(1)", "control character"),
        (" javascript:alert(1)", "'javascript:'"),
        ("data:text/html,<script>alert(1)</script>", "'data:'"),
        ("http://pay.example.com/checkout", "'http:'"),
        ("//pay.example.com/checkout", "has no scheme"),
        ("vbscript:msgbox(1)", "'vbscript:'"),
        ("\\u0001javascript:alert(1)", "control character"),
        ("\\\\\\\\evil.example/x", "has no scheme"),
    ]

    @Test(arguments: unsafeURLs)
    func unsafeActionURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.config(replacing: "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}",
                                 with: "subscribe: \"\(url)\"").errors
        expectError(errors, fragment, file: config, line: TestSite.line(of: "subscribe:", in: TestSite.defaultConfig),
                    column: TestSite.column(of: "https://pay", in: TestSite.defaultConfig))
        #expect(errors.first?.message.contains("actions.subscribe") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafeSitePolicyURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.config(replacing: "termsOfService: https://example.com/terms", with: "termsOfService: \"\(url)\"").errors
        expectError(errors, fragment, file: config, line: TestSite.line(of: "termsOfService", in: TestSite.defaultConfig),
                    column: TestSite.column(of: "https://example.com/terms", in: TestSite.defaultConfig))
        #expect(errors.first?.message.contains("policies.termsOfService") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafePagePolicyURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\npolicies:\n  privacyPolicy: \"\(url)\"").errors
        expectError(errors, fragment, file: page, line: 4, column: 18)
        #expect(errors.first?.message.contains("policies.privacyPolicy") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafeCatalogPolicyURLIsRejected(_ url: String, _ fragment: String) {
        let text = TestSite.defaultCatalog + "appPolicies:\n  privacyPolicy: \"\(url)\"\n"
        let errors = site.with { $0.catalogText = text }.errors
        expectError(errors, fragment, file: catalog, line: TestSite.line(of: "privacyPolicy", in: text), column: 18)
    }

    @Test(arguments: [
        ("javascript:alert(1)", "'javascript:'"),
        ("JaVaScRiPt:alert(1)", "'javascript:'"),
        ("data:text/html,hi", "'data:'"),
        ("http://example.com/", "'http:'"),
        ("//example.com/", "has no scheme"),
    ])
    func unsafeLinkInMarkdownBodyIsReportedAtTheBodyLine(_ url: String, _ fragment: String) {
        // "Identify every bird you hear." is on line 7 of the file.
        let errors = site.page(replacing: "Identify every bird you hear.", with: "Identify every bird [you hear](\(url)).").errors
        expectError(errors, fragment, file: page, line: 7, column: 21)
    }

    @Test func unsafeLinkInATranslationBodyIsReportedInTheTranslation() {
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.de.md"] = "---\ntitle: Pro\n---\n# Pro\n\nMehr [hier](javascript:alert(1)).\n" }.errors
        expectError(errors, "'javascript:'", file: "site/content/pro.de.md", line: 6, column: 6)
    }

    @Test(arguments: ["subscribe", "restorePurchases", "redeemCode", "signIn", "cancellation"])
    func everyActionRejectsJavascriptURLs(_ action: String) {
        let errors = site.config(replacing: "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}",
                                 with: action == "subscribe" ? "subscribe: \"javascript:alert(1)\""
                                     : "subscribe: https://pay.example.com/checkout\n  \(action): \"javascript:alert(1)\"").errors
        expectError(errors, "actions.\(action) uses the 'javascript:' scheme", file: config,
                    line: action == "subscribe" ? 8 : 9, column: action.count + 5)
    }

    @Test func unsafeImageInMarkdownBodyIsReported() {
        let errors = site.page(replacing: "Identify every bird you hear.", with: "Birds:\n\n![a bird](data:image/png;base64,AAAA)").errors
        expectError(errors, "'data:'", file: page, line: 9, column: 1)
    }

    @Test func safeLinksAreAccepted() {
        let result = site.page(replacing: "Identify every bird you hear.",
                               with: "See [terms](https://example.com/terms), [help](help/) and [top](#top).").build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
    }

    @Test func baseURLMustBeHTTPS() {
        let errors = site.config(replacing: "baseURL: https://example.com/subscribe/", with: "baseURL: http://example.com/subscribe/").errors
        expectError(errors, "'http:'", file: config, line: 1, column: 10)
    }
}

@Suite("Inputs that would write outside the output, or link unsafely from other Markdown")
struct OutputSafetyTests {
    @Test("a product ID that is a path is rejected where it is written", arguments: ["../../escaped", "a b", "x/y", "..", "pro#1"])
    func productIDs(_ id: String) {
        let site = TestSite().catalog(replacing: "- id: pro.monthly", with: "- id: \"\(id)\"")
        let errors = site.errors
        #expect(errors.contains { $0.message.contains("has characters an ID cannot have") && $0.location.file == "site/catalog.yml" }, "\(errors)")
    }

    @Test("the writer refuses paths that leave the output folder")
    func writer() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = try SiteWriter(output: folder.path("out"))
        defer { writer.discard() }
        for path in ["../escaped.html", "/escaped.html", "en-US/../../escaped.html", "./index.html", "en-US//index.html", "en-US/", "", "..", "en-US/."] {
            #expect(throws: Diagnostic.self, "\(path)") { try writer.write(OutputFile(path, "x")) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("escaped.html")))
        // Dots are only a part's whole name when it is one or two of them.
        for path in [".well-known/apple-app-site-association", "en-US/..pro/index.html", "notes.../a.txt", "..."] {
            #expect(throws: Never.self, "\(path)") { try writer.write(OutputFile(path, "x")) }
        }
    }

    @Test("an option group's Markdown may not link to http")
    func groupMarketing() {
        let site = TestSite().page(replacing: "groupID: birdwatch.pro", with: """
            groupID: birdwatch.pro
            optionGroups:
              style: sections
              groups:
                - { label: All, productIDs: [pro.monthly, pro.yearly], marketing: "See [x](http://evil.example/)" }
            """)
        #expect(site.errors.contains { $0.message.contains("'http:'") && $0.location.file == "site/content/pro.md" }, "\(site.errors)")
    }

    @Test("raw HTML that hides a scheme in character references, or refreshes, is rejected", arguments: [
        (#"<a href="java&#x73;cript:alert(1)">x</a>"#, "'javascript:'"),
        (#"<a href="http&#58;//evil.example">x</a>"#, "'http:'"),
        (#"<meta http-equiv="refresh" content="0; url=http://evil.example">"#, "<meta> element"),
        (#"<svg><a xlink:href="http://evil.example">x</a></svg>"#, "'http:'"),
    ])
    func encodedRawHTML(_ html: String, _ message: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains(message) }, "\(errors)")
    }

    @Test("a bare www. address links with https, an email address stays text")
    func autolinks() {
        let html = Markdown.render("Visit www.example.com or write to a@example.com.").html
        #expect(html.contains(#"<a href="https://www.example.com">www.example.com</a>"#))
        #expect(!html.contains("mailto:"))
    }
}
