#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Picks the site locale for a visitor's `Accept-Language` (RFC 9110 §12.5.4, matched as RFC 4647 lookup):
/// the preferred ranges in order of their `q` weights, each matched exactly, then by dropping subtags from its end
/// (`de-CH-1996` → `de-CH` → `de`), then by its language alone (`de-AT` finds `de-DE`); else the default locale.
///
/// `serve` and the generated nginx block use the same order, so the preview redirects as the host does.
public enum LanguageNegotiation {
    /// One language range of the header with its weight, in the order written.
    public struct Range: Sendable, Equatable {
        public var tag: String
        public var quality: Double
    }

    /// The ranges of an `Accept-Language` value, most wanted first (equal weights keep the header's order);
    /// ranges with `q=0` and malformed ones are left out. Elements are read by RFC 9110's grammar exactly:
    /// `tag [OWS ";" OWS "q=" qvalue]` (OWS: spaces and tabs), a tag of letters, digits, `-` and `*`, a qvalue of at
    /// most three decimals; the nginx block's pattern reads them the same way (`NginxConfig.acceptLanguagePattern`).
    public static func ranges(_ header: String) -> [Range] {
        var ranges: [(range: Range, index: Int)] = []
        for (index, item) in header.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let parts = item.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let tag = trimmedOWS(parts[0])
            guard !tag.isEmpty,
                  tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "*") })
            else { continue }
            var quality = 1.0
            if parts.count == 2 {
                let weight = trimmedOWS(parts[1])
                guard weight.count > 2, weight.prefix(2).lowercased() == "q=",
                      let value = qvalue(String(weight.dropFirst(2))) else { continue }
                quality = value
            }
            guard quality > 0 else { continue }
            ranges.append((Range(tag: tag, quality: quality), index))
        }
        return ranges.sorted {
            $0.range.quality != $1.range.quality ? $0.range.quality > $1.range.quality : $0.index < $1.index
        }.map(\.range)
    }

    /// Without the spaces and tabs around it (RFC 9110's OWS).
    static func trimmedOWS(_ text: Substring) -> String {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(String(text.drop(while: space).reversed().drop(while: space)).reversed())
    }

    /// RFC 9110's qvalue: `0`, `0.` and up to three decimals, or `1` with up to three zeros; nil for anything else.
    static func qvalue(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let decimals = parts.count == 2 ? parts[1] : ""
        guard decimals.count <= 3, decimals.allSatisfy({ $0.isASCII && $0.isNumber }),
              whole == "0" || decimals.allSatisfy({ $0 == "0" }) else { return nil }
        return whole == "1" ? 1 : Double("0." + decimals + "0")
    }

    /// The best of `locales` (the site's, in its order) for the header; `defaultLocale` when none matches.
    public static func best(for header: String?, among locales: [String], defaultLocale: String) -> String {
        guard let header, !locales.isEmpty else { return defaultLocale }
        for range in ranges(header) {
            if let locale = match(range.tag, among: locales, defaultLocale: defaultLocale) { return locale }
        }
        return locales.contains(defaultLocale) ? defaultLocale : locales[0]
    }

    /// The locale one range selects, or nil. `*` selects nothing here: the default follows anyway.
    static func match(_ tag: String, among locales: [String], defaultLocale: String) -> String? {
        let lowered = locales.map { $0.lowercased() }
        for candidate in LocaleID.fallbacks(tag.lowercased()) {
            if let index = lowered.firstIndex(of: candidate) { return locales[index] }
        }
        return languageMatch(LocaleID.language(tag.lowercased()), among: locales, defaultLocale: defaultLocale)
    }

    /// The locale a bare language stands for: the default locale when it has that language, else the first that has.
    public static func languageMatch(_ language: String, among locales: [String], defaultLocale: String) -> String? {
        guard language != "*" else { return nil }
        if LocaleID.language(defaultLocale).lowercased() == language, locales.contains(defaultLocale) {
            return defaultLocale
        }
        return locales.first { LocaleID.language($0).lowercased() == language }
    }
}
