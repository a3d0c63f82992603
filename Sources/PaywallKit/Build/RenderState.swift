import Mustache

/// What one rendering thread keeps for one build: its own copy of the templates and of each locale's strings as a
/// template value, so that threads never share the reference counts that rendering changes on every tag. Copies,
/// not memos: each is the same value as the one it was copied from (and the value itself when one thread renders).
struct RenderState {
    let library: TemplateLibrary
    private var texts: [String: MustacheValue] = [:]
    /// The largest page this thread rendered, and room to spare: the bytes the next page reserves.
    var pageCapacity = 0

    private let isolated: Bool

    init(library: TemplateLibrary, isolated: Bool) {
        self.library = isolated ? library.isolatedCopy() : library
        self.isolated = isolated
    }

    /// The locale's strings as a template value, copied for this thread.
    mutating func texts(_ locale: PageUnits.Locale) -> MustacheValue {
        if let known = texts[locale.locale] { return known }
        let copy = isolated ? locale.texts.isolatedCopy() : locale.texts
        texts[locale.locale] = copy
        return copy
    }
}
