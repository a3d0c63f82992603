import CLocale
import Synchronization

/// CLDR data from ICU, through the CLocale wrapper.
///
/// Locales are BCP 47 tags ("en-US", "pt-BR", "zh-Hans", "ar-SA"). Output keeps ICU's
/// non-breaking and narrow spaces (U+00A0, U+202F) and bidi marks (U+200F, U+061C).
/// Formatting never fails: when ICU rejects an input, each function documents its fallback.
///
/// Nothing here keeps results but a currency's digits and a locale's direction (ICU's data, not a site's): what a
/// build asks often is kept by the build (``BuildCache``, or a value made once per locale, like
/// ``Strings/direction``), and CLocale keeps the ICU formatters and plural rules it opened (a bounded number, shared
/// by all threads), so a call costs one format, not an open.
public enum ICU {
    /// The unit of a subscription or offer period.
    public enum DurationUnit: String, Sendable, CaseIterable {
        case day, week, month, year
    }

    /// How a duration unit is written: "3 months" (wide), "3 mths" (short), "3m" (narrow).
    public enum UnitWidth: String, Sendable, CaseIterable {
        case wide, short, narrow
    }

    /// A CLDR plural category, for choosing among our own strings.
    public enum PluralCategory: String, Sendable, CaseIterable {
        case zero, one, two, few, many, other
    }

    /// A price: "54,99 €" for ("54.99", "EUR", "de-DE"), "￥7,800" for ("7800", "JPY", "ja-JP").
    ///
    /// `amount` is a plain decimal string ("49.99", "7800"), never a `Double`; it is shown
    /// with the currency's default fraction digits (rounded half-even if it has more).
    /// Falls back to "EUR 54.99" when the amount, currency or locale is rejected.
    public static func formatCurrency(_ amount: String, currency: String,
                                      locale: String) -> String {
        text(amount, currency, locale) { pwl_format_currency(amount, currency, locale, $0, $1) }
            ?? "\(currency) \(amount)"
    }

    /// A count with a unit and the locale's plural form: "3 месяца", "5 lat", "1 週間", "1 week".
    /// Falls back to "3 month" when the locale is rejected.
    public static func formatDuration(_ count: Int, _ unit: DurationUnit, width: UnitWidth,
                                      locale: String) -> String {
        text(locale) { pwl_format_duration(Int64(count), unit.code, width.code, locale, $0, $1) }
            ?? "\(count) \(unit.rawValue)"
    }

    /// The plural category of `count` in `locale` (Arabic 3 is `.few`); `.other` if rejected.
    public static func pluralCategory(_ count: Int, locale: String) -> PluralCategory {
        text(locale) { pwl_plural_category(Int64(count), locale, $0, $1) }.flatMap(PluralCategory.init(rawValue:))
            ?? .other
    }

    /// A plain decimal string localized, every digit kept: "1234.5" is "1.234,5" in de-DE.
    /// Falls back to `number` itself.
    public static func formatNumber(_ number: String, locale: String) -> String {
        text(number, locale) { pwl_format_number(number, locale, $0, $1) } ?? number
    }

    /// A whole percentage localized: 35 is "35%" in en, "35 %" in de, "%35" in tr.
    /// Falls back to "35%".
    public static func formatPercent(_ wholePercent: Int, locale: String) -> String {
        text(locale) { pwl_format_percent(Int64(wholePercent), locale, $0, $1) } ?? "\(wholePercent)%"
    }

    /// An "and" list: "A, B, and C" in en, "A, B und C" in de, "A、B、C" in ja.
    /// Falls back to the items joined by ", ".
    public static func formatList(_ items: [String], locale: String) -> String {
        var bytes: [CChar] = []
        var offsets: [Int] = []
        for item in items {
            offsets.append(bytes.count)
            bytes.append(contentsOf: item.utf8CString)
        }
        let formatted = bytes.withUnsafeBufferPointer { base in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                base.baseAddress.map { $0 + offset }
            }
            return pointers.withUnsafeBufferPointer { list in
                text([locale] + items) {
                    pwl_format_list(list.baseAddress, Int32(clamping: items.count), locale, $0, $1)
                }
            }
        }
        return formatted ?? items.joined(separator: ", ")
    }

    /// The locale's name in its own language: "Deutsch (Deutschland)", "日本語 (日本)".
    /// Falls back to `locale` itself.
    public static func displayName(of locale: String) -> String {
        displayName(of: locale, in: locale)
    }

    /// The locale's name in `displayLocale`'s language: ("de-DE", "en") is "German (Germany)".
    /// Falls back to `locale` itself.
    public static func displayName(of locale: String, in displayLocale: String) -> String {
        text(locale, displayLocale) { pwl_display_name(locale, displayLocale, $0, $1) } ?? locale
    }

    /// `text` in upper case by the locale's rules: "i" is "İ" in tr, Greek drops its accents.
    /// Falls back to the rules of no language.
    public static func uppercased(_ text: String, locale: String) -> String {
        self.text(text, locale) { pwl_uppercase(text, locale, $0, $1) } ?? text.uppercased()
    }

    /// Whether the locale is written right to left: true for ar, he, fa, ur; false if rejected.
    public static func isRightToLeft(_ locale: String) -> Bool {
        directions.kept(locale) { hasNoNUL([locale]) && pwl_is_right_to_left(locale) == 1 }
    }

    /// The directions of the locales asked for so far: ICU's data, the same for every site (a page whose copy is in
    /// another language asks for that language's at every render).
    private static let directions = Mutex<[String: Bool]>([:])

    /// Default fraction digits of an ISO 4217 currency: JPY 0, USD 2, KWD 3; 2 if unknown. ICU looks a currency up
    /// anew at every call, and a catalog asks once per price: a known currency's digits are read once.
    public static func fractionDigits(currency: String) -> Int {
        if let known = currencyDigits.withLock({ $0[currency] }) { return known }
        let digits = hasNoNUL([currency]) ? pwl_currency_fraction_digits(currency) : -1
        guard digits >= 0 else { return 2 }
        currencyDigits.withLock { $0[currency] = Int(digits) }
        return Int(digits)
    }

    /// The digits of the known currencies asked for so far: ICU's data, the same for every site.
    private static let currencyDigits = Mutex<[String: Int]>([:])

    /// The canonical BCP 47 form: "en_US" is "en-US", "zh_Hans" "zh-Hans"; nil if not well-formed.
    public static func canonicalLanguageTag(_ identifier: String) -> String? {
        text(identifier) { pwl_canonical_language_tag(identifier, $0, $1) }
    }

    /// Whether ICU knows the locale's language, script and region: "pro" (Old Provençal) yes, "assets" or "zz-ZZ" no.
    public static func isKnown(_ locale: String) -> Bool {
        hasNoNUL([locale]) && pwl_is_known_locale(locale) == 1
    }

    /// The likely region of a locale: "de" is "DE", "ja" "JP", "en" "US"; nil if none.
    public static func likelyRegion(_ locale: String) -> String? {
        text(locale) { pwl_likely_region(locale, $0, $1) }
    }

    /// A host name's ASCII form by IDNA (UTS #46, as browsers): "bücher.example" is "xn--bcher-kva.example";
    /// nil when it is not a valid host name.
    public static func asciiHostName(_ name: String) -> String? {
        text(name) { pwl_idna_to_ascii(name, $0, $1) }
    }

    /// Runs a CLocale writer, growing the buffer once if needed; nil on failure.
    ///
    /// `inputs` with an embedded NUL would be cut short in C, so they fail here instead.
    private static func text(_ inputs: String...,
                             write: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String? {
        text(inputs, write: write)
    }

    /// `text` for an array of inputs.
    private static func text(_ inputs: [String],
                             write: (UnsafeMutablePointer<CChar>?, Int32) -> Int32) -> String? {
        guard hasNoNUL(inputs) else { return nil }
        var capacity = 256
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = Int(buffer.withUnsafeMutableBufferPointer {
                write($0.baseAddress, Int32(clamping: capacity))
            })
            guard length >= 0 else { return nil }
            if length < capacity {
                let bytes = buffer[..<length].map { UInt8(bitPattern: $0) }
                return String(decoding: bytes, as: UTF8.self)
            }
            capacity = length + 1
        }
        return nil
    }

    private static func hasNoNUL(_ strings: [String]) -> Bool {
        !strings.contains { $0.utf8.contains(0) }
    }
}

extension ICU.DurationUnit {
    fileprivate var code: Int32 {
        switch self {
        case .day: Int32(PWL_UNIT_DAY)
        case .week: Int32(PWL_UNIT_WEEK)
        case .month: Int32(PWL_UNIT_MONTH)
        case .year: Int32(PWL_UNIT_YEAR)
        }
    }
}

extension ICU.UnitWidth {
    fileprivate var code: Int32 {
        switch self {
        case .wide: Int32(PWL_WIDTH_WIDE)
        case .short: Int32(PWL_WIDTH_SHORT)
        case .narrow: Int32(PWL_WIDTH_NARROW)
        }
    }
}
