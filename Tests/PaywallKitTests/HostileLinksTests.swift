import Foundation
import Testing
@testable import PaywallKit

/// Links a hostile input could bend (issue "No input reaches an nginx config, a CI log, a catalog file or a page
/// unchecked"): placeholders in a Markdown link's host, and schemes the browser or the OS acts on in `app.openURL`.
@Suite struct HostileLinksTests {
    static let page = "site/content/pro.md"

    /// The default site with `app.name` set to `name` and `link` as the body's last paragraph.
    func site(link: String, name: String = "Birdwatch") -> TestSite {
        TestSite()
            .config(replacing: "app: { name: Birdwatch }", with: "app: { name: \"\(name)\" }")
            .page(replacing: "Identify every bird you hear.", with: "Identify every bird you hear.\n\nSee \(link) now.")
    }

    // MARK: placeholders before a link's path

    @Test(arguments: ["[the app](https://{{app.name}}.example/)", "[the app]({{app.name}})",
                      "[the app](https:{{app.name}})", "[the app](https://example.com{{app.name}})",
                      "[the app](/{{app.name}})", "[the app]({{group.displayName}}/x)"])
    func aPlaceholderThatCouldSetTheSchemeOrHostIsAnErrorAtTheLink(_ link: String) {
        // The value that would have sent the link elsewhere: "/" is no Markdown punctuation, so it stays.
        let site = site(link: link, name: "evil.com/x")
        let body = site.content["pro.md"] ?? ""
        let error = expectError(site.errors, "has a placeholder before its path", file: Self.page,
                                line: TestSite.line(of: link, in: body), column: TestSite.column(of: link, in: body),
                                hint: "write the scheme and host out")
        #expect(error?.message.contains("scheme or host") == true)
    }

    @Test func theSameErrorStandsWhateverTheValue() {
        // Structural: the check reads the link as written, so a harmless value does not hide it.
        let errors = site(link: "[the app](https://{{app.name}}.example/)").errors
        #expect(errors.contains { $0.message.contains("has a placeholder before its path") }, "\(errors)")
    }

    @Test(arguments: ["[help](https://example.com/help/{{app.name}})", "[help](https://example.com?app={{app.name}})",
                      "[help](/help/{{app.name}})", "[help](#{{app.name}})", "[help](../{{app.name}})"])
    func aPlaceholderAfterTheHostBuilds(_ link: String) throws {
        let result = site(link: link).build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(html.contains("Birdwatch\">help</a>"), "\(link)")
    }

    @Test func aLinkPlaceholderMayBeTheWholeTarget() throws {
        let result = site(link: "[buy]({{products.pro.yearly.subscribeURL}})").build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        let link = #"<a href="https://pay.example.com/checkout?product=pro.yearly&amp;locale=en-US">buy</a>"#
        #expect(html.contains(link))
    }

    @Test(arguments: [#"<p><a href="https://{{app.name}}.example/">the app</a></p>"#,
                      #"<p><a class="x" href='{{app.name}}'>the app</a></p>"#,
                      #"<p><img alt="" src=//{{app.name}}/i.png></p>"#])
    func aPlaceholderBeforeThePathOfARawHTMLLinkIsAnErrorAtIt(_ html: String) {
        let site = site(link: "\n\n" + html + "\n\n", name: "evil.com/x")
            .config(replacing: "app: {", with: "allowRawHTML: true\napp: {")
        let body = site.content["pro.md"] ?? ""
        expectError(site.errors, "has a placeholder before its path", file: Self.page,
                    line: TestSite.line(of: html, in: body), column: 1)
    }

    @Test func aPlaceholderAfterTheHostOfARawHTMLLinkBuilds() {
        let html = #"<p><a href="https://example.com/help/{{app.name}}">help</a></p>"#
        let site = site(link: "\n\n" + html + "\n\n").config(replacing: "app: {", with: "allowRawHTML: true\napp: {")
        #expect(site.errors.isEmpty, "\(site.errors)")
    }

    // MARK: app.openURL

    @Test(arguments: ["itms-services://?action=download-manifest&url=https://x.example/m.plist", "ms-settings:privacy",
                      "ms-msdt:/id%20PCWDiagnostic", "chrome-extension://abc/page.html", "moz-extension://abc/",
                      "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd",
                      "vbscript:msgbox", "blob:https://x.example/1", "about:blank", "intent://x#Intent;end",
                      "http://example.com/open", "search-ms:query=x", "smb://host/share", "prefs:root=General"])
    func openURLRefusesSchemesTheBrowserOrTheSystemActsOn(_ url: String) {
        let config = "app: { name: Birdwatch, openURL: \"\(url)\" }"
        let site = TestSite().config(replacing: "app: { name: Birdwatch }", with: config)
        let scheme = String(url.prefix { $0 != ":" }).lowercased()
        let text = site.config ?? ""
        expectError(site.errors, "app.openURL uses the '\(scheme):' scheme", file: "site/paywall.yml",
                    line: TestSite.line(of: "openURL", in: text), column: TestSite.column(of: "\"\(url)\"", in: text),
                    hint: "your app's own URL scheme")
    }

    @Test(arguments: ["birdwatch://open", "https://example.com/app/open", "/app/open", "rc-abc123://redeem",
                      "birdwatch+beta://open?x=1"])
    func openURLTakesHTTPSRelativeAndTheAppsOwnScheme(_ url: String) {
        let site = TestSite().config(replacing: "app: { name: Birdwatch }",
                                     with: "app: { name: Birdwatch, openURL: \"\(url)\" }")
        #expect(site.errors.isEmpty, "\(site.errors)")
    }
}
