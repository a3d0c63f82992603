import Foundation
import Testing
@testable import PaywallKit

/// Prices, per-month equivalents, offer sentences and period plurals, as a reader of each locale sees them.
@Suite("Localization: exact strings in many locales")
struct LocalizationTests {
    static let theme = try! Theme.load(overrides: [:])

    static func text(_ locale: String, _ currency: String) -> PriceText {
        PriceText(locale: locale, currency: currency, strings: theme.strings(for: locale, fallback: "en-US").strings)
    }

    static func d(_ text: String) -> Money { .of(text) }

    /// (locale, currency, yearly price, its per-month text, the yearly price per period)
    @Test("billed price per period and the per-month equivalent", arguments: [
        ("en-US", "USD", "49.99", "$4.16/month", "$49.99/year"),
        ("de-DE", "EUR", "54.99", "4,58\u{A0}€/Monat", "54,99\u{A0}€/Jahr"),
        ("fr-FR", "EUR", "54.99", "4,58\u{A0}€/mois", "54,99\u{A0}€/an"),
        ("ja-JP", "JPY", "7800", "\u{FFE5}650/月", "\u{FFE5}7,800/年"),
        ("ru-RU", "RUB", "2990", "249,16\u{A0}₽/мес.", "2\u{A0}990,00\u{A0}₽/год"),
        ("pl-PL", "PLN", "219.99", "18,33\u{A0}zł/miesiąc", "219,99\u{A0}zł/rok"),
        ("ar-SA", "SAR", "189.99", "\u{200F}١٥٫٨٣\u{A0}ر.س.\u{200F}/شهر", "\u{200F}١٨٩٫٩٩\u{A0}ر.س.\u{200F}/سنة"),
        ("he-IL", "ILS", "179.90", "\u{200F}14.99\u{A0}\u{200F}₪ לחודש", "\u{200F}179.90\u{A0}\u{200F}₪ לשנה"),
        ("zh-Hans-CN", "CNY", "328", "¥27.33/月", "¥328.00/年"),
        ("pt-BR", "BRL", "249.90", "R$\u{A0}20,82/mês", "R$\u{A0}249,90/ano"),
        ("ko-KR", "KRW", "69000", "₩5,750/월", "₩69,000/년"),
        ("tr-TR", "TRY", "999.99", "₺83,33/ay", "₺999,99/yıl"),
        ("es-ES", "EUR", "54.99", "4,58\u{A0}€/mes", "54,99\u{A0}€/año"),
    ])
    func prices(_ locale: String, _ currency: String, _ yearly: String, _ perMonth: String, _ perYear: String) {
        let text = Self.text(locale, currency)
        let monthly = PriceMath.price(Self.d(yearly), per: .month, for: Period(1, .year), fractionDigits: ICU.fractionDigits(currency: currency))
        #expect(text.perPeriod(monthly, Period(1, .month)) == perMonth)
        #expect(text.perPeriod(Self.d(yearly), Period(1, .year)) == perYear)
    }

    @Test("period plurals", arguments: [
        ("en-US", 1, Period.Unit.week, "1 week"), ("en-US", 3, .month, "3 months"),
        ("ru-RU", 1, .month, "1 месяц"), ("ru-RU", 3, .month, "3 месяца"), ("ru-RU", 6, .month, "6 месяцев"),
        ("pl-PL", 1, .year, "1 rok"), ("pl-PL", 2, .year, "2 lata"), ("pl-PL", 5, .year, "5 lat"),
        ("ar-SA", 1, .month, "شهر"), ("ar-SA", 2, .month, "شهران"), ("ar-SA", 3, .month, "٣ أشهر"),
        ("ja-JP", 1, .week, "1 週間"), ("de-DE", 6, .month, "6 Monate"), ("fr-FR", 2, .year, "2 ans"),
        ("he-IL", 2, .month, "חודשיים"), ("zh-Hans-CN", 3, .month, "3个月"),
    ])
    func plurals(_ locale: String, _ count: Int, _ unit: Period.Unit, _ expected: String) {
        #expect(Self.text(locale, "USD").duration(Period(count, unit)) == expected)
    }

    static let trial = AppliedOffer(offer: Offer(id: nil, kind: .introductory, paymentMode: .freeTrial, period: Period(1, .week),
                                                 price: nil, location: SourceLocation(file: "c")), price: nil)
    static func payAsYouGo(_ price: String) -> AppliedOffer {
        AppliedOffer(offer: Offer(id: "p", kind: .promotional, paymentMode: .payAsYouGo, period: Period(1, .month), periodCount: 3,
                                  price: nil, location: SourceLocation(file: "c")), price: d(price))
    }
    static func upFront(_ price: String) -> AppliedOffer {
        AppliedOffer(offer: Offer(id: "u", kind: .winBack, paymentMode: .payUpFront, period: Period(3, .month),
                                  price: nil, location: SourceLocation(file: "c")), price: d(price))
    }

    @Test("offer sentences built from parts", arguments: [
        ("en-US", "USD", "1 week free, then $49.99/year", "$2.99/month for 3 months, then $49.99/year", "$19.99 for 3 months, then $49.99/year"),
        ("de-DE", "EUR", "1 Woche gratis, danach 49,99\u{A0}€/Jahr", "2,99\u{A0}€/Monat für 3 Monate, danach 49,99\u{A0}€/Jahr",
         "19,99\u{A0}€ für 3 Monate, danach 49,99\u{A0}€/Jahr"),
        ("ja-JP", "JPY", "1 週間無料、その後\u{FFE5}50/年", "最初の3 か月は\u{FFE5}3/月、その後\u{FFE5}50/年", "3 か月分で\u{FFE5}20、その後\u{FFE5}50/年"),
    ])
    func offers(_ locale: String, _ currency: String, _ trial: String, _ asYouGo: String, _ upFront: String) {
        let text = Self.text(locale, currency)
        let yearly = Period(1, .year)
        #expect(text.offerThen(Self.trial, regular: Self.d("49.99"), yearly) == trial)
        #expect(text.offerThen(Self.payAsYouGo("2.99"), regular: Self.d("49.99"), yearly) == asYouGo)
        #expect(text.offerThen(Self.upFront("19.99"), regular: Self.d("49.99"), yearly) == upFront)
    }

    @Test("a price of zero is Free in every language, with no period", arguments: ["en-US", "de-DE", "ja-JP", "ar-SA"])
    func free(_ locale: String) {
        let text = Self.text(locale, "USD")
        #expect(text.price(.of("0")) == text.strings["free"])
        #expect(text.perPeriod(.of("0"), Period(1, .month)) == text.strings["free"])
        #expect(text.price(.of("0")) != "free")
        #expect(text.money(.of("0")) != text.strings["free"], "an amount that rounds to zero is still a number")
    }

    @Test("a value ending in a full stop stands for the one after it: Russian monthly terms end 'мес.', not 'мес..'")
    func fullStopAfterAnAbbreviation() {
        let strings = Strings(locale: "ru-RU", values: ["renewsAfter": .text("{terms}. Продлевается.")], sources: [])
        #expect(strings.format("renewsAfter", ["terms": "9,99 $/мес."]) == "9,99 $/мес. Продлевается.")
        #expect(strings.format("renewsAfter", ["terms": "49,99 $/год"]) == "49,99 $/год. Продлевается.")
        #expect(strings.format("renewsAfter", ["terms": "…"]) == "…. Продлевается.", "only a full stop")
    }

    @Test("an Arabic dual after 'every' or 'for' is in the genitive: 'كل شهرين', not CLDR's nominative 'كل شهران'")
    func arabicDualAfterAPreposition() {
        let values: [String: Strings.Value] = ["every": .text("{price} كل {duration}"),
                                               "offerPayAsYouGo": .text("{price} لمدة {duration}"),
                                               "offerPayUpFront": .text("{duration} مقابل {price}")]
        let arabic = Strings(locale: "ar-SA", values: values, sources: [])
        #expect(arabic.format("every", ["price": "١٩", "duration": "شهران"]) == "١٩ كل شهرين")
        #expect(arabic.format("offerPayAsYouGo", ["price": "١", "duration": "أسبوعان"]) == "١ لمدة أسبوعين")
        #expect(arabic.format("every", ["price": "١٩", "duration": "٣ أشهر"]) == "١٩ كل ٣ أشهر", "only the dual changes")
        #expect(arabic.format("offerPayUpFront", ["price": "١", "duration": "شهران"]) == "شهران مقابل ١", "the subject stays")
        #expect(Strings(locale: "fa-IR", values: values, sources: []).format("every", ["price": "1", "duration": "شهران"])
            == "1 كل شهران", "Arabic only")
    }

    @Test("strings fall back by language, script and region", arguments: [
        ("de-AT", ["de-AT", "de"]), ("pt", ["pt", "pt-BR"]), ("pt-AO", ["pt-AO", "pt", "pt-PT"]),
        ("zh-TW", ["zh-TW", "zh-Hant", "zh"]), ("zh-Hans-CN", ["zh-Hans-CN", "zh-Hans", "zh"]), ("zh-CN", ["zh-CN", "zh-Hans", "zh"]),
        ("en-GB", ["en-GB", "en-001", "en"]), ("en-AU", ["en-AU", "en-001", "en"]), ("en-US", ["en-US", "en"]), ("en-PR", ["en-PR", "en"]),
        ("en", ["en", "en-US"]),
    ])
    func fallbacks(_ locale: String, _ expected: [String]) {
        #expect(Strings.candidates(for: locale) == expected)
    }

    @Test("every translation has every key of en.json, and each placeholder of it")
    func completeTranslations() throws {
        let english = try #require(Self.theme.strings["en"])
        // en-001 holds only the British spellings; every key it has is one of en.json's.
        #expect(Set(try #require(Self.theme.strings["en-001"]).keys).isSubset(of: english.keys))
        for (language, values) in Self.theme.strings where language != "en" && language != "en-001" {
            #expect(Set(values.keys) == Set(english.keys), "\(language): \(Set(english.keys).symmetricDifference(values.keys))")
            for (key, value) in english {
                guard case .text(let source) = value, case .text(let translated)? = values[key] else { continue }
                for placeholder in source.matches(of: /\{[a-z]+\}/).map({ String($0.output) }) {
                    #expect(translated.contains(placeholder), "\(language).\(key) lacks \(placeholder)")
                }
            }
        }
        #expect(Self.theme.strings.count >= 22)
    }

    @Test("American English spells canceled; British, Australian and other English cancelled", arguments: [
        ("en-US", "canceled"), ("en", "canceled"), ("en-GB", "cancelled"), ("en-AU", "cancelled"), ("en-CA", "cancelled"),
    ])
    func englishSpelling(_ locale: String, _ word: String) {
        let strings = Self.theme.strings(for: locale, fallback: "en-US").strings
        for key in ["autoRenew", "autoRenewWeb", "renewsAt", "renewsAfter", "renewsCommitment", "autoRenewCommitment", "autoRenewCommitmentWeb"] {
            #expect(strings[key].contains(" \(word)"), "\(locale).\(key): \(strings[key])")
            #expect(!strings[key].contains(word == "canceled" ? "cancelled" : "canceled"), "\(locale).\(key)")
        }
    }
}
