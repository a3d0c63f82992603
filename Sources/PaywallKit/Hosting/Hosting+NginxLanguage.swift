/// The nginx block's `Accept-Language` pattern: the same choice as `LanguageNegotiation.best`, in one PCRE.
///
/// The header's element that wins is the first, in the header's order, of the elements with the highest weight
/// among those naming one of the site's languages. So the pattern matches the leftmost such element that no later
/// one outweighs: its weight's digits are captured into groups named by place and value (`pwq2_5`: the second
/// decimal is 5), and a negative lookahead looks for a later element whose weight is higher, by conditionals on
/// those groups. Elements follow RFC 9110's grammar exactly (`tag [OWS ";" OWS "q=" qvalue]`), as `ranges` reads
/// them; `q=0` and malformed elements count for nothing.
extension NginxConfig {
    /// The pattern whose first group is the alternative (a lowercased site tag or language) the header picks.
    static func acceptLanguagePattern(_ alternatives: [String]) -> String {
        let tag = "(?:-[a-z0-9*-]*)?[ \\t]*"
        let digits = (1...3).map { place in
            // A missing second or third decimal is a zero.
            let zero = "(?<\(group(place, 0))>0\(place == 1 ? "" : "|"))"
            let values = (1...9).reversed().map { "(?<\(group(place, $0))>\($0))" } + [zero]
            return "(?:" + values.joined(separator: "|") + ")"
        }.joined()
        let weight = "(?:;[ \\t]*q=(?:1(?:\\.0{0,3})?|0\\.(?=[0-9]{0,2}[1-9])(?<pwqf>)(?>\(digits))))?"
        let later = ".*,[ \\t]*(?:\(alternatives.joined(separator: "|")))\(tag)"
            + "(?(<pwqf>)(?:;[ \\t]*q=1(?:\\.0{0,3})?|;[ \\t]*q=0\\.\(greater(from: 1))|)|(?!))[ \\t]*(?:,|$)"
        return "(?:^|,)[ \\t]*(\(alternatives.joined(separator: "|")))\(tag)\(weight)[ \\t]*(?=,|$)(?!\(later))"
    }

    /// The group that says the candidate's weight has `value` at decimal `place`.
    static func group(_ place: Int, _ value: Int) -> String { "pwq\(place)_\(value)" }

    /// Decimals from `place` on that are greater than the candidate's (its missing decimals are zeros).
    static func greater(from place: Int) -> String {
        let higher = conditional(place) { $0 == 9 ? "(?!)" : "[\($0 + 1)-9]" }
        guard place < 3 else { return higher }
        let same = conditional(place) { "\($0)" }
        return "(?:\(higher)[0-9]{0,\(3 - place)}|\(same)\(greater(from: place + 1)))"
    }

    /// `(?(<pwqP_0>)A0|(?(<pwqP_1>)A1|…))`: the text for the candidate's decimal at `place`.
    static func conditional(_ place: Int, _ text: (Int) -> String) -> String {
        (0...9).reversed().reduce("(?!)") { rest, value in "(?(<\(group(place, value))>)\(text(value))|\(rest))" }
    }
}
