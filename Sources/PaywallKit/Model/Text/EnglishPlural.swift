/// Singular or plural wording in paywall's own English messages ("1 error", "2 errors"; "it bills", "they bill").
/// Not for a page's text: that is localized, and `Strings` picks its forms by the locale's CLDR plural rules.
public enum EnglishPlural {
    /// `one` for a count of 1, else `many`.
    public static func choose<Wording>(_ count: Int, one: Wording, many: Wording) -> Wording {
        count == 1 ? one : many
    }

    /// The count and the noun: "1 page", "3 pages" (`plural`, when given, for a noun that does not take an "s").
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(choose(count, one: noun, many: plural ?? self.plural(of: noun)))"
    }

    /// The plural of a noun of paywall's messages, which all take an "s": "subscriptions", "non-consumables".
    public static func plural(of noun: String) -> String {
        noun + "s"
    }
}
