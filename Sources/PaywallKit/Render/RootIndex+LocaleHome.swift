import Mustache

extension RootIndex.Chooser {
    /// `LOCALE/index.html`: the locale's home (the `home:` page, else its first store page) as the root index of one
    /// locale, in its own language: a redirect to the page, its canonical link, and a link to each of its pages for
    /// a reader the redirect does not move (links within the locale's folder; assets one folder up). nil when the
    /// locale has no page.
    func render(localeHome locale: String, diagnostics: inout Diagnostics) -> String? {
        let own = pages[locale] ?? []
        guard let home = Page.home(among: own, named: config.home) else { return nil }
        let target = "\(locale)/\(home.name)/"
        let strings = theme.strings(for: locale, fallback: defaultLocale).strings
        let entry: MustacheObject = [
            "locale": .string(locale),
            "name": .string(names[locale]?.name ?? locale),
            "dir": .string(names[locale]?.dir ?? "ltr"),
            "isDefault": .bool(locale == defaultLocale),
            "href": .string("\(home.name)/"),
            "absoluteHref": .string((config.baseURL ?? "../") + target),
            "pages": .list(own.map { page in
                .object(["title": .string(page.title.isEmpty ? page.name : page.title),
                         "href": .string("\(page.name)/")])
            }),
            "hasSeveralPages": .bool(own.count > 1),
        ]
        let context: MustacheObject = [
            "title": .string(home.title.isEmpty ? config.appName ?? home.name : home.title),
            "lang": .string(locale),
            "dir": .string(names[locale]?.dir ?? "ltr"),
            "stylesheet": .string("../" + stylesheet),
            "root": .string("../"),
            "locales": .list([.object(entry)]),
            "canonicalURL": config.baseURL.map { .string($0 + target) } ?? .null,
            "defaultHref": .string((config.baseURL ?? "../") + target),
            "redirect": .string("\(home.name)/"),
            "isLocaleHome": true,
        ]
        return RootIndex.render("index", context, theme: theme, config: config, texts: strings.templateValue,
                                root: "../", diagnostics: &diagnostics)
    }
}
