import Mustache

/// Text that fell back to another language (a page's default-locale body, a catalog name in the default
/// locale) carries that language, so a screen reader reads it in the right voice, and is isolated, so the
/// bidi algorithm of a right-to-left page leaves its punctuation where it was written.
enum FallbackLanguage {
    /// `{ lang, dir }` for templates (`<bdi{{#textLang}} lang="{{lang}}" dir="{{dir}}"{{/textLang}}>`), or null
    /// when `source` is the page's language or not known.
    static func value(_ source: String?, on page: String) -> MustacheValue {
        guard let source, isForeign(source, on: page) else { return .null }
        return .object(["lang": .string(source), "dir": .string(direction(source))])
    }

    /// Whether text in `source` is in another language than a page in `page`.
    static func isForeign(_ source: String, on page: String) -> Bool {
        LocaleID.language(source) != LocaleID.language(page)
    }

    /// HTML in another language, wrapped in a block with its `lang` and `dir` (a block with `dir` is a bidi isolate).
    static func wrap(_ html: String, _ source: String?, on page: String) -> String {
        guard let source, isForeign(source, on: page), !html.isEmpty else { return html }
        return "<div lang=\"\(htmlEscaped(source))\" dir=\"\(direction(source))\">\n\(html)</div>\n"
    }

    /// The direction of text in `locale`, from ICU; for a page's own language its ``Strings/direction`` says it.
    static func direction(_ locale: String) -> String { ICU.isRightToLeft(locale) ? "rtl" : "ltr" }

    /// The words for a table's check marks in the page's language (that of `strings`), marked as such inside text in
    /// another language.
    static func tableWords(_ strings: Strings, markdownLocale: String?) -> Markdown.TableWords {
        let foreign = markdownLocale.map { isForeign($0, on: strings.locale) } ?? false
        return Markdown.TableWords(included: strings["included"], notIncluded: strings["notIncluded"],
                                   lang: foreign ? strings.locale : nil, dir: foreign ? strings.direction : nil)
    }
}
