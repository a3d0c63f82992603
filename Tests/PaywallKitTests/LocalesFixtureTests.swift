import Foundation
import Testing
@testable import PaywallKit

/// `Fixtures/locales`: one page in six locales, two right to left, each in its storefront's currency.
@Suite("A site in six locales")
struct LocalesFixtureTests {
    static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/locales").path
    static let result = SiteBuilder.build(SiteInputs.load(site))

    @Test("it builds without warnings: every text is translated")
    func builds() {
        #expect(Self.result.diagnostics.all.isEmpty, "\(Self.result.diagnostics.all.map(\.description))")
    }

    @Test("each page speaks its language", arguments: [
        ("en-US", "ltr", "3 months free, then $19.99/year", "$1.66"),
        ("de-DE", "ltr", "3 Monate gratis, danach 21,99\u{A0}€/Jahr", "1,83\u{A0}€"),
        ("ja-JP", "ltr", "3 か月無料、その後\u{FFE5}3,000/年", "\u{FFE5}250"),
        ("ru-RU", "ltr", "3 месяца бесплатно, затем 1\u{A0}490,00\u{A0}₽/год", "124,16\u{A0}₽"),
        ("ar-SA", "rtl", "٣ أشهر مجانًا، ثم \u{200F}٧٤٫٩٩\u{A0}ر.س.\u{200F}/سنة", "\u{200F}٦٫٢٤\u{A0}ر.س.\u{200F}"),
        ("he-IL", "rtl", "3 חודשים בחינם, ולאחר מכן \u{200F}79.90\u{A0}\u{200F}₪ לשנה", "\u{200F}6.65\u{A0}\u{200F}₪"),
    ])
    func page(_ locale: String, _ dir: String, _ offer: String, _ perMonth: String) throws {
        let html = try #require(TestSite.file("\(locale)/forecast/index.html", of: Self.result))
        #expect(html.contains(#"<html lang="\#(locale)" dir="\#(dir)">"#))
        #expect(html.contains(#"<span class="option-offer">\#(htmlEscaped(offer))</span>"#), "offer")
        #expect(html.contains("<strong>\(htmlEscaped(perMonth))</strong>"), "the per-month price in the copy")
        #expect(html.contains(#"<link rel="alternate" hreflang="ar-SA" href="https://example.com/weather/ar-SA/forecast/">"#))
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/weather/\#(locale)/forecast/">"#))
    }

    @Test("the root page names every locale in its own language")
    func root() throws {
        let html = try #require(TestSite.file("index.html", of: Self.result))
        for name in ["English (United States)", "Deutsch (Deutschland)", "日本語 (日本)", "Русский (Россия)", "العربية (المملكة العربية السعودية)", "עברית (ישראל)"] {
            #expect(html.contains(">\(name)</a>"), "\(name)")
        }
        #expect(html.contains(#"<link rel="alternate" hreflang="x-default" href="https://example.com/weather/en-US/forecast/">"#))
    }
}
