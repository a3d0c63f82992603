import Foundation

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
    /// ranges with `q=0` and malformed ones are left out.
    public static func ranges(_ header: String) -> [Range] {
        var ranges: [(range: Range, index: Int)] = []
        for (index, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag.count <= 64,
                  tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "*") }) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0, quality <= 1 else { continue }
            ranges.append((Range(tag: tag.replacingOccurrences(of: "_", with: "-"), quality: quality), index))
        }
        return ranges.sorted { $0.range.quality != $1.range.quality ? $0.range.quality > $1.range.quality : $0.index < $1.index }.map(\.range)
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
        if LocaleID.language(defaultLocale).lowercased() == language, locales.contains(defaultLocale) { return defaultLocale }
        return locales.first { LocaleID.language($0).lowercased() == language }
    }
}
