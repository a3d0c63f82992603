extension LoadedSite {
    /// What paywall writes at the output's top besides the locales' folders and the pages' own: a page of that name
    /// would be written over it, or into a file as if it were a folder (`offers.json/index.html`). Named here, not by
    /// the types that write them (which come after loading); a test holds the two to each other.
    static let reservedPageNames = Hosting.rootFiles.union([
        "assets", "index.html", "404.html", "sitemap.xml", "robots.txt", "offers.json", "experiments.json",
        "paywall-manifest.json",
    ])

    /// Pages become folders, at the output's top (`NAME/`) and in each locale's (`LOCALE/NAME/`): a name must be a
    /// URL path segment, differ from the others by more than case (a Mac's disk takes `Pro` and `pro` for one), and
    /// from what the top holds already: a locale's folder (whose home hosts send `LOCALE/` to) and paywall's own files
    /// (a policy page is written under `LOCALE/policies/` only). Returns the names refused, which make no page: each
    /// is one error, not also the collisions its files would have. `folder`: the place named when a name has no file.
    static func checkPageNames(_ content: ContentFiles, locales: [String], policyNames: Set<String>, folder: String,
                               diagnostics: inout Diagnostics) -> Set<String> {
        var refused = Set<String>()
        func place(_ name: String) -> SourceLocation {
            SourceLocation(file: content.files[name]?.values.map(\.path).min() ?? folder)
        }
        var folded: [String: String] = [:]
        for name in content.names {
            guard let first = folded.updateValue(name, forKey: name.lowercased()) else { continue }
            diagnostics.error(place(name),
                              "the pages '\(first)' and '\(name)' differ only in case: "
                                  + "on a case-insensitive disk (a Mac's default) one replaces the other",
                              hint: "rename one of the two files")
        }
        for name in content.names where !Identifier.isValid(name) && Experiment.split(pageName: name) == nil {
            refused.insert(name)
            diagnostics.error(place(name), "the page name '\(name)' has characters a URL path should not have",
                              hint: "rename the file with letters, digits, '.', '_' and '-' only")
        }
        let localesByFolded = Dictionary(locales.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for name in content.names where !policyNames.contains(name) {
            let locale = localesByFolded[name.lowercased()]
            guard locale != nil || reservedPageNames.contains(name.lowercased()) else { continue }
            refused.insert(name)
            diagnostics.error(place(name), "the page '\(name)' would be written at \(name)/, where the output holds "
                                  + (locale.map { "the \($0) locale's pages" } ?? "paywall's own \(name)"),
                              hint: "rename the file; a page's name is its address")
        }
        return refused
    }
}
