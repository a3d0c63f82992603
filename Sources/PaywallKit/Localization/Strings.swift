#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The theme's UI strings for one locale (`templates/strings/LANG.json`), with the site's overrides.
public struct Strings: Sendable {
    /// A string, or CLDR plural forms chosen by `{count}`.
    public enum Value: Sendable, Equatable {
        case text(String)
        case plural([String: String])
    }

    public let locale: String
    public var values: [String: Value]
    /// The file each language came from, in the order they were tried.
    public var sources: [String]
    /// How `locale` is written, as HTML's `dir` says it: "rtl" or "ltr". Asked of ICU when the strings are made, which
    /// a build does once per locale, so that its pages need not ask.
    public let direction: String

    public init(locale: String, values: [String: Value], sources: [String]) {
        self.locale = locale
        self.values = values
        self.sources = sources
        direction = ICU.isRightToLeft(locale) ? "rtl" : "ltr"
    }

    /// The file names to try for a locale, most specific first: `pt` → `pt`, `pt-BR`; `zh-TW` → `zh-TW`, `zh-Hant`,
    /// `zh`.
    public static func candidates(for locale: String) -> [String] {
        var result = LocaleID.fallbacks(locale)
        let parts = locale.split(separator: "-").map(String.init)
        let language = parts[0]
        if language == "zh" {
            let traditional = parts.contains("Hant") || parts.contains { ["TW", "HK", "MO"].contains($0) }
            result.insert(traditional ? "zh-Hant" : "zh-Hans", at: result.count - 1)
        } else if let region = parts.count == 1 ? ICU.likelyRegion(locale) : nil {
            result.append("\(language)-\(region)")
        } else if language == "pt" {
            result.append(parts.contains("BR") ? "pt-BR" : "pt-PT")
        }
        // English outside the US and its territories spells "cancelled": CLDR's en-001, before en (American).
        if language == "en",
           let region = parts.dropFirst().first(where: { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }),
           !Self.americanEnglishRegions.contains(region.uppercased()) {
            result.insert("en-001", at: result.count - 1)
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Regions whose English is American (CLDR: en-US and the locales that do not inherit from en-001).
    static let americanEnglishRegions: Set<String> = ["US", "AS", "GU", "MH", "MP", "PR", "UM", "VI"]

    /// The text for `key` with `{name}` arguments filled; `count` picks a plural form. A value that ends with a full
    /// stop stands for the one that follows it in the text: "{terms}." with "9,99 $/мес." ends "мес.", not "мес..".
    public func format(_ key: String, _ arguments: [String: String] = [:], count: Int? = nil) -> String {
        var template: String
        switch values[key] {
        case .text(let text): template = text
        case .plural(let forms):
            let category = ICU.pluralCategory(count ?? 0, locale: locale).rawValue
            template = forms[category] ?? forms["other"] ?? key
        case nil: template = key
        }
        let isArabic = locale == "ar" || locale.hasPrefix("ar-")
        // Braces are ASCII: the UTF-8 is scanned in place, without walking grapheme clusters, and the text is
        // written into one buffer.
        let filled = template.withUTF8 { bytes -> [UInt8]? in
            guard bytes.contains(UInt8(ascii: "{")) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 32)
            var rest = 0
            while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")),
                  let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) {
                result += bytes[rest..<open]
                let name = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
                var value = arguments[name] ?? (name == "count" ? count.map(String.init) ?? "" : "{\(name)}")
                if isArabic { value = Self.arabicDualAfterPreposition(value, after: result) }
                result += value.utf8
                rest = close + 1
                let stop = UInt8(ascii: ".")
                if value.utf8.last == stop, rest < bytes.count, bytes[rest] == stop { rest += 1 }
            }
            result += bytes[rest...]
            return result
        }
        return filled.map { String(decoding: $0, as: UTF8.self) } ?? template
    }

    public subscript(key: String) -> String { format(key) }

    /// Arabic's dual after "كل" (every) or "لمدة" (for), which take the genitive: CLDR writes two months "شهران",
    /// the nominative, and "كل شهران" is wrong; "كل شهرين" is right. A dual is one word ending in "ان".
    static func arabicDualAfterPreposition(_ value: String, after text: [UInt8]) -> String {
        guard value.hasSuffix("ان"), !value.contains(" "),
              ["كل ", "لمدة "].contains(where: { text.suffix($0.utf8.count).elementsEqual($0.utf8) })
        else { return value }
        return String(value.dropLast(2)) + "ين"
    }

    /// Every string without arguments, for templates (`{{t.subscribe}}`).
    public var all: [String: String] { values.keys.reduce(into: [:]) { $0[$1] = format($1) } }
}
