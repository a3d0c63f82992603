import Mustache

/// What one rendering thread keeps for one build: its own copy of the templates and of each locale's strings as a
/// template value, so that threads never share the reference counts that rendering changes on every tag (copies:
/// each is the same value as the one it was copied from), and, with memos, the option lists it rendered.
struct RenderState {
    let library: TemplateLibrary
    /// The `options` and `alternates` sections this thread rendered, written again where the same list renders in the
    /// same context (``SectionMemo``: by the list's bytes and every name the rendering looked up outside it); nil
    /// without memos.
    let sections: SectionMemo?
    private var texts: [String: MustacheValue] = [:]
    /// The largest page this thread rendered, and room to spare: the bytes the next page reserves.
    var pageCapacity = 0

    private let isolated: Bool

    init(library: TemplateLibrary, isolated: Bool, memos: Bool) {
        self.library = isolated ? library.isolatedCopy() : library
        self.isolated = isolated
        sections = memos ? SectionMemo(sections: ["options", "alternates"]) : nil
    }

    /// The locale's strings as a template value, copied for this thread.
    mutating func texts(_ locale: PageUnits.Locale) -> MustacheValue {
        if let known = texts[locale.locale] { return known }
        let copy = isolated ? locale.texts.isolatedCopy() : locale.texts
        texts[locale.locale] = copy
        return copy
    }
}
