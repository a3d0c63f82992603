extension Page {
    /// The page a locale's `/` and `LOCALE/` open: the one `home:` names, else the first store page (not a plain
    /// thank-you page, unless there are only those), never an experiment's variant. `pages`: one locale's, in the
    /// site's order (by name).
    static func home(among pages: [Page], named home: String?) -> Page? {
        let pages = pages.lazy.filter { !$0.isVariant }
        if let home, let named = pages.first(where: { $0.name == home }) { return named }
        return pages.first { !$0.isPlain } ?? pages.first
    }
}
