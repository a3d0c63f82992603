import Foundation
import Testing
@testable import PaywallKit

/// Copy that falls back to another language carries that language and is isolated, on a page that keeps its own.
@Suite("Fallback copy in its own language")
struct FallbackLanguageTests {
    /// The default site in English and Arabic; the catalog and the page have only English text.
    static let site = TestSite()
        .config(replacing: "locales: [en-US]", with: "locales: [en-US, ar-SA]")
        .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA, ar-SA: USA }")
        .page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\nbadges: { pro.yearly: Best value }")
        .page(replacing: "Identify every bird you hear.",
              with: "Identify every bird in seconds. Only {{products.pro.yearly.pricePerMonth}} a month.\n\n| | Yearly |\n|---|---|\n| Maps | ✓ |")

    static func arabicPage(_ site: TestSite) throws -> String {
        try #require(TestSite.file("ar-SA/pro/index.html", of: site.build()))
    }

    @Test("the default locale's body is wrapped in its language and direction; the page keeps its own")
    func body() throws {
        let html = try Self.arabicPage(Self.site)
        #expect(html.contains(#"<html lang="ar-SA" dir="rtl">"#))
        #expect(html.contains("<div class=\"prose\">\n<div lang=\"en-US\" dir=\"ltr\">\n<h1>Birdwatch Pro</h1>"))
        #expect(html.contains("Identify every bird in seconds."))
    }

    @Test("a value in the page's language inside the other-language body is a bidi isolate")
    func placeholders() throws {
        let html = try Self.arabicPage(Self.site)
        #expect(html.contains("Only \u{2068}"), "the price opens an isolate")
        #expect(html.contains("\u{2069} a month."), "and closes it")
        let english = try #require(TestSite.file("en-US/pro/index.html", of: Self.site.build()))
        #expect(!english.contains("\u{2068}"), "copy in the page's own language is left alone")
    }

    @Test("check marks in the fallback body are read in the page's language, marked as such")
    func tableWords() throws {
        let html = try Self.arabicPage(Self.site)
        #expect(html.contains(#"<span class="vh" lang="ar-SA" dir="rtl">مضمّن</span>"#))
    }

    @Test("catalog names, descriptions and the group's text that fell back carry their language")
    func catalogText() throws {
        let automatic = Self.site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nmarketing: automatic")
        let html = try Self.arabicPage(automatic)
        #expect(html.contains(#"<span class="option-name"><bdi lang="en-US" dir="ltr">Yearly</bdi></span>"#))
        #expect(html.contains(#"<span class="option-description"><bdi lang="en-US" dir="ltr">Billed every year.</bdi></span>"#))
        #expect(html.contains(#"<h1><bdi lang="en-US" dir="ltr">Birdwatch Pro</bdi></h1>"#))
        #expect(html.contains(#"<p class="lede"><bdi lang="en-US" dir="ltr">Every bird, everywhere.</bdi></p>"#))
        #expect(html.contains(#"<span class="badge" lang="en-US" dir="ltr">Best value</span>"#))
    }

    @Test("a translation's own text is not wrapped; base-file keys it does not repeat still are")
    func translation() throws {
        let translated = Self.site
            .catalog(replacing: "en-US: { displayName: Yearly, description: Billed every year. }",
                     with: "en-US: { displayName: Yearly, description: Billed every year. }\n          ar-SA: { displayName: سنوي, description: يُدفع سنويًا. }")
            .with { $0.content["pro.ar.md"] = "---\ntitle: برو\n---\nتعرّف على كل طائر.\n" }
        let html = try Self.arabicPage(translated)
        #expect(!html.contains(#"<div lang="en-US""#), "the body is the translation's")
        #expect(html.contains("<h1>برو</h1>"), "the title is the translation's")
        #expect(html.contains(#"<bdi>سنوي</bdi>"#), "a localized name has no language of its own")
        #expect(html.contains(#"<span class="badge" lang="en-US" dir="ltr">Best value</span>"#), "badges come from pro.md")
        #expect(html.contains(#"<bdi lang="en-US" dir="ltr">Monthly</bdi>"#), "pro.monthly has no Arabic name")
    }

    @Test("a translation's title over a base body: the h1 made from the title carries the base language when it falls back")
    func title() throws {
        let noHeading = Self.site.page(replacing: "# Birdwatch Pro\n", with: "")
        let html = try Self.arabicPage(noHeading)
        #expect(html.contains(#"<h1><bdi lang="en-US" dir="ltr">Birdwatch Pro</bdi></h1>"#))
    }

    @Test("the same language in another region is not a fallback")
    func sameLanguage() throws {
        let british = TestSite().config(replacing: "locales: [en-US]", with: "locales: [en-US, en-GB]")
        let html = try #require(TestSite.file("en-GB/pro/index.html", of: british.build()))
        #expect(!html.contains(#"<div lang="#) && !html.contains(#"<bdi lang="#))
    }

    @Test("a .storekit that localizes only en_US: an Arabic page's names carry English")
    func storeKit() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/offers.storekit")
        let site = TestSite()
            .config(replacing: "catalog: catalog.yml", with: "catalog: Products.storekit")
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, ar-SA]")
            .with {
                $0.catalogPath = "Products.storekit"
                $0.catalog = try? Data(contentsOf: fixture)
                $0.content = ["plus.md": "---\ngroupID: \"21000001\"\nmarketing: automatic\n---\n"]
            }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file("ar-SA/plus/index.html", of: result))
        #expect(html.contains(#"<html lang="ar-SA" dir="rtl">"#))
        #expect(html.contains(#"<span class="option-name"><bdi lang="en-US" dir="ltr">Plus Yearly</bdi></span>"#))
        #expect(html.contains(#"<h1><bdi lang="en-US" dir="ltr">Atlas Plus</bdi></h1>"#))
        #expect(result.diagnostics.warnings.contains { $0.message.contains("has no ar-SA text; using en-US") })
    }
}
