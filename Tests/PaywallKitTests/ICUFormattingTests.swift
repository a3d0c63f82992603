import Testing
@testable import PaywallKit

/// Prices, numbers, durations and plurals, checked against ICU 72 (CLDR 42) output.
/// Invisible characters are escaped: U+00A0 no-break space, U+202F narrow no-break space,
/// U+200F right-to-left mark, U+061C Arabic letter mark; U+FFE5 is the fullwidth yen sign.
@Suite struct ICUFormattingTests {
    @Test(arguments: [
        ("49.99", "USD", "en-US", "$49.99"),
        ("54.99", "EUR", "de-DE", "54,99\u{A0}€"),
        ("54.99", "EUR", "fr-FR", "54,99\u{A0}€"),
        ("7800", "JPY", "ja-JP", "\u{FFE5}7,800"),
        ("7800", "JPY", "en-US", "¥7,800"),
        ("499", "RUB", "ru-RU", "499,00\u{A0}₽"),
        ("1234.5", "PLN", "pl-PL", "1234,50\u{A0}zł"),
        ("54.99", "SAR", "ar-SA", "\u{200F}٥٤٫٩٩\u{A0}ر.س.\u{200F}"),
        ("54.99", "ILS", "he-IL", "\u{200F}54.99\u{A0}\u{200F}₪"),
        ("348", "CNY", "zh-Hans", "¥348.00"),
        ("54.9", "BRL", "pt-BR", "R$\u{A0}54,90"),
        ("8900", "KRW", "ko-KR", "₩8,900"),
        ("54.99", "TRY", "tr-TR", "₺54,99"),
        ("1.25", "KWD", "en-US", "KWD\u{A0}1.250"),
        ("1.25", "KWD", "ar-KW", "\u{200F}١٫٢٥٠\u{A0}د.ك.\u{200F}"),
        ("49.99", "USD", "es-AR", "US$\u{A0}49,99"),
        ("1234567.89", "USD", "en-US", "$1,234,567.89"),
        ("49.999", "USD", "en-US", "$50.00"),
        ("49.99", "usd", "en-US", "$49.99"),
    ])
    func currency(amount: String, currency: String, locale: String, expected: String) {
        #expect(ICU.formatCurrency(amount, currency: currency, locale: locale) == expected)
    }

    @Test(arguments: [
        ("1e3", "USD", "en-US", "USD 1e3"),
        ("49,99", "EUR", "de-DE", "EUR 49,99"),
        ("1", "ABC", "en-US", "ABC 1"),
        ("1", "US", "en-US", "US 1"),
        ("1", "USD", "!!", "USD 1"),
    ])
    func currencyFallsBack(amount: String, currency: String, locale: String, expected: String) {
        #expect(ICU.formatCurrency(amount, currency: currency, locale: locale) == expected)
    }

    @Test func embeddedNULFallsBack() {
        #expect(ICU.formatCurrency("1", currency: "USD", locale: "en-US\0ar") == "USD 1")
        #expect(ICU.formatNumber("1\02", locale: "en-US") == "1\02")
    }

    @Test(arguments: [
        ("1234.5", "en-US", "1,234.5"),
        ("1234.5", "de-DE", "1.234,5"),
        ("1234.5", "fr-FR", "1\u{202F}234,5"),
        ("1234.5", "ru-RU", "1\u{A0}234,5"),
        ("1234.5", "ar-SA", "١٬٢٣٤٫٥"),
        ("1234567.123456789", "en-US", "1,234,567.123456789"),
        ("-0.5", "de-DE", "-0,5"),
        ("NaN", "en-US", "NaN"),
    ])
    func number(number: String, locale: String, expected: String) {
        #expect(ICU.formatNumber(number, locale: locale) == expected)
    }

    @Test(arguments: [
        (35, "en-US", "35%"),
        (35, "de-DE", "35\u{A0}%"),
        (35, "fr-FR", "35\u{A0}%"),
        (35, "tr-TR", "%35"),
        (35, "ar-SA", "٣٥٪\u{61C}"),
        (35, "!!", "35%"),
    ])
    func percent(percent: Int, locale: String, expected: String) {
        #expect(ICU.formatPercent(percent, locale: locale) == expected)
    }

    @Test(arguments: [
        (1, ICU.DurationUnit.month, ICU.UnitWidth.wide, "ru-RU", "1 месяц"),
        (3, .month, .wide, "ru-RU", "3 месяца"),
        (5, .month, .wide, "ru-RU", "5 месяцев"),
        (21, .month, .wide, "ru-RU", "21 месяц"),
        (3, .month, .short, "ru-RU", "3 мес."),
        (1, .year, .wide, "pl-PL", "1 rok"),
        (2, .year, .wide, "pl-PL", "2 lata"),
        (5, .year, .wide, "pl-PL", "5 lat"),
        (22, .year, .wide, "pl-PL", "22 lata"),
        (1, .month, .wide, "ar-SA", "شهر"),
        (2, .month, .wide, "ar-SA", "شهران"),
        (3, .month, .wide, "ar-SA", "٣ أشهر"),
        (11, .month, .wide, "ar-SA", "١١ شهرًا"),
        (1, .week, .wide, "ja-JP", "1 週間"),
        (3, .month, .wide, "ja-JP", "3 か月"),
        (1, .year, .narrow, "ja-JP", "1y"),
        (1, .week, .wide, "en-US", "1 week"),
        (2, .week, .wide, "en-US", "2 weeks"),
        (3, .month, .short, "en-US", "3 mths"),
        (3, .month, .narrow, "en-US", "3m"),
        (7, .day, .wide, "de-DE", "7 Tage"),
        (2, .year, .wide, "fr-FR", "2 ans"),
        (6, .month, .wide, "fr-FR", "6\u{A0}mois"),
        (2, .month, .wide, "he-IL", "חודשיים"),
        (3, .month, .wide, "!!", "3 month"),
    ])
    func duration(count: Int, unit: ICU.DurationUnit, width: ICU.UnitWidth, locale: String,
                  expected: String) {
        #expect(ICU.formatDuration(count, unit, width: width, locale: locale) == expected)
    }

    @Test(arguments: [
        ("ar-SA", [0: .zero, 1: .one, 2: .two, 3: .few, 10: .few, 11: .many, 99: .many,
                   100: .other, 102: .other] as [Int: ICU.PluralCategory]),
        ("ru-RU", [0: .many, 1: .one, 2: .few, 4: .few, 5: .many, 11: .many, 21: .one, 22: .few]),
        ("pl-PL", [1: .one, 2: .few, 5: .many, 12: .many, 21: .many, 22: .few]),
        ("ja-JP", [0: .other, 1: .other, 2: .other, 100: .other]),
        ("en-US", [0: .other, 1: .one, 2: .other]),
        ("fr-FR", [0: .one, 1: .one, 2: .other]),
        ("!!", [1: .other]),
    ])
    func pluralCategory(locale: String, categories: [Int: ICU.PluralCategory]) {
        for (count, category) in categories {
            #expect(ICU.pluralCategory(count, locale: locale) == category, "\(count)")
        }
    }
}
