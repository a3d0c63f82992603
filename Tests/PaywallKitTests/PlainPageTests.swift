import Foundation
import Testing
@testable import PaywallKit

/// A page with neither `groupID` nor `productIDs`: the checkout's success page (issue 19 §3).
@Suite struct PlainPageTests {
    static let welcome = """
        ---
        title: Welcome
        ---
        # You're all set

        Open the app: [{{app.name}}]({{app.openURL}}), or [the App Store]({{app.appStoreURL}}).

        """

    let site = TestSite()
        .config(replacing: "app: { name: Birdwatch }",
                with: "app: { name: Birdwatch, icon: assets/icon.svg, openURL: \"birdwatch://open\", appStoreURL: \"https://apps.apple.com/app/id1\" }")
        .with { $0.content["welcome.md"] = PlainPageTests.welcome; $0.assets["icon.svg"] = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8) }

    func html(_ site: TestSite, _ path: String = "en-US/welcome/index.html") throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return try #require(TestSite.file(path, of: result))
    }

    @Test func showsTheBodyTheAppAndItsLinksAndNoOptions() throws {
        let page = try html(site)
        #expect(page.contains("<h1>You’re all set</h1>") || page.contains("<h1>You're all set</h1>"))
        #expect(page.contains(#"<img class="app-icon" src="../../assets/icon.svg""#))
        #expect(page.contains(#"<p class="app-name">Birdwatch</p>"#))
        #expect(page.contains(#"<a class="open-app" href="birdwatch://open">Open Birdwatch</a>"#))
        #expect(page.contains(#"<a class="app-store" href="https://apps.apple.com/app/id1">Get Birdwatch on the App Store</a>"#))
        #expect(page.contains(#"<a href="birdwatch://open">Birdwatch</a>"#), "{{app.openURL}} in copy")
        #expect(page.contains(#"<a href="https://apps.apple.com/app/id1">the App Store</a>"#), "{{app.appStoreURL}} in copy")
        #expect(page.contains(#"data-policy="termsOfService""#) && page.contains(#"data-policy="privacyPolicy""#))
        for absent in ["class=\"subscribe\"", "type=\"radio\"", "auto-renew", "renewal", "<script", "Subscribe"] {
            #expect(!page.contains(absent), "a plain page has no \(absent)")
        }
        #expect(page.contains(#"<meta name="description" content="Birdwatch">"#))
    }

    @Test func withoutAppLinksThereAreNoButtons() throws {
        let page = try html(site.config(replacing: ", openURL: \"birdwatch://open\", appStoreURL: \"https://apps.apple.com/app/id1\"", with: "")
            .with { $0.content["welcome.md"] = "---\ntitle: Thanks\n---\nThank you.\n" })
        #expect(page.contains("<h1>Thanks</h1>"))
        #expect(!page.contains("open-app") && !page.contains("app-store"))
    }

    @Test func carryAddsNoScriptToAPlainPage() throws {
        let withCarry = site.config(replacing: "&locale={locale}", with: "&locale={locale}\n  carry: [app_user_id]")
        #expect(!(try html(withCarry)).contains("<script"))
        #expect(try html(withCarry, "en-US/pro/index.html").contains("<script>"))
    }

    @Test func isLocalized() throws {
        let arabic = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, ar-SA]")
            .catalog(replacing: "en-US: { displayName: Birdwatch Pro", with: "ar-SA: { displayName: برو }\n      en-US: { displayName: Birdwatch Pro")
        let page = try html(arabic, "ar-SA/welcome/index.html")
        #expect(page.contains(#"<html lang="ar-SA" dir="rtl">"#))
        #expect(page.contains("فتح Birdwatch"))
        #expect(page.contains("احصل على Birdwatch من App Store"))
    }

    @Test func theRootSendsVisitorsToAStorePage() throws {
        let index = try html(site.with { $0.content["aaa.md"] = "---\ntitle: A\n---\nHi.\n" }, "index.html")
        #expect(index.contains("url=en-US/pro/"))
    }

    @Test(arguments: ["controlStyle: buttons", "features:\n  rows: [{ label: A, products: [pro.yearly] }]", "selected: pro.yearly", "offer: { promotional: x }"])
    func optionKeysOnAPlainPageAreErrors(_ key: String) {
        let errors = site.with { $0.content["welcome.md"] = "---\ntitle: Welcome\n\(key)\n---\nHi.\n" }.errors
        let name = String(key.prefix { $0 != ":" })
        expectError(errors, "'\(name)' is about options, and this page has none", file: "site/content/welcome.md", line: 3, column: 1,
                    hint: "groupID")
    }

    @Test(arguments: [("\"javascript:alert(1)\"", "'javascript:'"), ("\"http://example.com/open\"", "'http:'"),
                      ("\"data:text/html,x\"", "'data:'"), ("\"intent://x#Intent;end\"", "'intent:'"), ("\"my app://x\"", "space")])
    func openURLIsAUniversalLinkOrAnAppScheme(_ url: String, _ fragment: String) {
        let errors = site.config(replacing: "openURL: \"birdwatch://open\"", with: "openURL: \(url)").errors
        expectError(errors, fragment, file: "site/paywall.yml", line: 6, hint: "universal link")
    }

    @Test func appStoreURLIsHTTPS() {
        let errors = site.config(replacing: "appStoreURL: \"https://apps.apple.com/app/id1\"", with: "appStoreURL: \"itms-apps://x\"").errors
        expectError(errors, "app.appStoreURL uses the 'itms-apps:' scheme", file: "site/paywall.yml", line: 6)
    }
}
