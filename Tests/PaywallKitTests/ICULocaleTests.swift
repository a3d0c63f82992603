import Testing
@testable import PaywallKit

/// Lists, locale names and tags, direction and currency digits, checked against ICU 72.
@Suite struct ICULocaleTests {
    @Test(arguments: [
        (["iPhone", "iPad", "Mac"], "en-US", "iPhone, iPad, and Mac"),
        (["iPhone", "iPad", "Mac"], "en-GB", "iPhone, iPad and Mac"),
        (["iPhone", "iPad", "Mac"], "de-DE", "iPhone, iPad und Mac"),
        (["iPhone", "iPad", "Mac"], "ja-JP", "iPhone、iPad、Mac"),
        (["iPhone", "iPad"], "en-US", "iPhone and iPad"),
        (["iPhone"], "en-US", "iPhone"),
        ([], "en-US", ""),
        (["iPhone", "iPad"], "!!", "iPhone, iPad"),
    ])
    func list(items: [String], locale: String, expected: String) {
        #expect(ICU.formatList(items, locale: locale) == expected)
    }

    @Test func longListGrowsTheBuffer() {
        let items = (1...100).map { "Item \($0)" }
        let list = ICU.formatList(items, locale: "en-US")
        #expect(list.utf8.count > 256)
        #expect(list.hasPrefix("Item 1, Item 2, "))
        #expect(list.hasSuffix(", Item 99, and Item 100"))
    }

    @Test(arguments: [
        ("de-DE", "Deutsch (Deutschland)"),
        ("ja-JP", "日本語 (日本)"),
        ("ja", "日本語"),
        ("ar-SA", "العربية (المملكة العربية السعودية)"),
        ("ar", "العربية"),
        ("fr-FR", "français (France)"),
        ("zh-Hans", "中文（简体）"),
        ("!!", "!!"),
    ])
    func displayNameInOwnLanguage(locale: String, expected: String) {
        #expect(ICU.displayName(of: locale) == expected)
    }

    @Test(arguments: [
        ("de-DE", "en", "German (Germany)"),
        ("ja-JP", "de", "Japanisch (Japan)"),
        ("pt-BR", "en-US", "Portuguese (Brazil)"),
    ])
    func displayNameInAnotherLanguage(locale: String, displayLocale: String, expected: String) {
        #expect(ICU.displayName(of: locale, in: displayLocale) == expected)
    }

    @Test(arguments: [
        ("ar", true), ("ar-SA", true), ("he", true), ("he-IL", true), ("fa", true), ("ur", true),
        ("en", false), ("en-US", false), ("ja-JP", false), ("de", false), ("!!", false),
    ])
    func rightToLeft(locale: String, expected: Bool) {
        #expect(ICU.isRightToLeft(locale) == expected)
    }

    @Test(arguments: [
        ("JPY", 0), ("USD", 2), ("KWD", 3), ("EUR", 2), ("KRW", 0), ("CLP", 0), ("BHD", 3),
        ("jpy", 0), ("XYZ", 2), ("US", 2),
    ])
    func fractionDigits(currency: String, expected: Int) {
        #expect(ICU.fractionDigits(currency: currency) == expected)
    }

    @Test(arguments: [
        ("en_US", "en-US"), ("zh_Hans", "zh-Hans"), ("pt-BR", "pt-BR"), ("en", "en"),
        ("EN-us", "en-US"), ("iw", "he"), ("in_ID", "id-ID"), ("zh-Hant-HK", "zh-Hant-HK"),
        ("sr_Latn_RS", "sr-Latn-RS"),
    ])
    func canonicalLanguageTag(identifier: String, expected: String) {
        #expect(ICU.canonicalLanguageTag(identifier) == expected)
    }

    @Test(arguments: ["!!", "", "x", "123", "en--US", "en-", "-en", "en US"])
    func malformedLanguageTag(identifier: String) {
        #expect(ICU.canonicalLanguageTag(identifier) == nil)
    }

    @Test func embeddedNULIsRejected() {
        #expect(ICU.canonicalLanguageTag("en\0US") == nil)
        #expect(ICU.isRightToLeft("ar\0") == false)
    }

    @Test(arguments: [
        ("de", "DE"), ("ja", "JP"), ("en", "US"), ("pt", "BR"), ("ar", "EG"),
        ("zh-Hans", "CN"), ("zh-Hant", "TW"), ("fr-CA", "CA"),
    ])
    func likelyRegion(locale: String, expected: String) {
        #expect(ICU.likelyRegion(locale) == expected)
    }

    @Test(arguments: ["zz", "!!", ""])
    func noLikelyRegion(locale: String) {
        #expect(ICU.likelyRegion(locale) == nil)
    }
}
