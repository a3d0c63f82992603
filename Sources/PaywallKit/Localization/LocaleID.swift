/// BCP 47 locale identifiers and their fallback chain.
public enum LocaleID {
    /// `en_US` → `en-US`; nil when it is not a well-formed tag.
    public static func canonical(_ identifier: String) -> String? {
        ICU.canonicalLanguageTag(identifier)
    }

    /// `de-AT` → [`de-AT`, `de`]; `zh-Hans-CN` → [`zh-Hans-CN`, `zh-Hans`, `zh`].
    public static func fallbacks(_ locale: String) -> [String] {
        var parts = locale.split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// The language subtag: `pt-BR` → `pt`.
    public static func language(_ locale: String) -> String {
        // A tag is ASCII (checked when read): its bytes are its characters, found without grapheme breaking.
        guard locale.utf8.allSatisfy({ $0 < 0x80 }) else { return String(locale.prefix { $0 != "-" }) }
        guard let dash = locale.utf8.firstIndex(of: UInt8(ascii: "-")) else { return locale }
        return String(locale[..<dash])
    }
}
