#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// The root `index.html`: every locale by its own name with its pages, and hreflang alternates.
enum RootIndex {
    /// CLDR writes some languages' names in lower case ("français"); a menu item starts with a capital.
    static func capitalizedFirst(_ name: String, _ locale: String) -> String {
        guard let first = name.first else { return name }
        return ICU.uppercased(String(first), locale: locale) + name.dropFirst()
    }

    /// A locale's name in its own language, as a menu item: "Deutsch", "Français".
    static func languageName(_ locale: String) -> String {
        capitalizedFirst(ICU.displayName(of: locale, in: locale), locale)
    }

    /// What every locale chooser of one build shares (the root index and each page's locale-less address): each
    /// locale's own name and direction and the default locale's UI strings, made once rather than per file.
    struct Chooser {
        let theme: Theme, config: SiteConfig, locales: [String], defaultLocale: String
        let pages: [String: [Page]], stylesheet: String
        let strings: Strings
        let texts: MustacheValue
        /// Each locale's name in itself ("Deutsch") and its writing direction.
        let names: [String: (name: String, dir: String)]
        /// The names of each locale's pages.
        let pageNames: [String: Set<String>]

        init(theme: Theme, config: SiteConfig, locales: [String], defaultLocale: String, pages: [String: [Page]],
             stylesheet: String) {
            (self.theme, self.config, self.locales, self.defaultLocale, self.pages, self.stylesheet) =
                (theme, config, locales, defaultLocale, pages, stylesheet)
            strings = theme.strings(for: defaultLocale, fallback: defaultLocale).strings
            texts = strings.templateValue
            var names: [String: (name: String, dir: String)] = [:]
            for locale in Set(locales + [defaultLocale]) {
                names[locale] = (languageName(locale),
                                 ICU.isRightToLeft(locale) ? "rtl" : "ltr")
            }
            self.names = names
            pageNames = pages.mapValues { Set($0.map(\.name)) }
        }

        /// `page`: the locale-less address of one page (`NAME/index.html`): its locales only, each linking to the page,
        /// with a redirect to the default locale's; the file sits one folder down, so its links start with `../`.
        func render(page: String? = nil, diagnostics: inout Diagnostics) -> String {
            let up = page == nil ? "" : "../"
            /// The page a locale's entry leads to: the one named, else the locale's first.
            func target(_ locale: String) -> String? {
                guard let page else {
                    return Page.home(among: pages[locale] ?? [], named: config.home).map { "\(locale)/\($0.name)/" }
                }
                return pageNames[locale]?.contains(page) == true ? "\(locale)/\(page)/" : nil
            }
            let targets = locales.map { (locale: $0, target: target($0)) }
            let shown = page == nil ? targets : targets.filter { $0.target != nil }
            let entries: [MustacheValue] = shown.map { locale, target in
                let own = page == nil ? pages[locale] ?? [] : []
                return .object([
                    "locale": .string(locale),
                    "name": .string(names[locale]?.name ?? locale),
                    "dir": .string(names[locale]?.dir ?? "ltr"),
                    "isDefault": .bool(locale == defaultLocale),
                    "href": .string(up + (target ?? "\(locale)/")),
                    "absoluteHref": .string((config.baseURL ?? up) + (target ?? "\(locale)/")),
                    "pages": .list(own.map { page in
                        .object(["title": .string(page.title.isEmpty ? page.name : page.title),
                                 "href": .string("\(locale)/\(page.name)/")])
                    }),
                    "hasSeveralPages": .bool(own.count > 1),
                ])
            }
            let first = target(defaultLocale) ?? shown.first?.target ?? ""
            let title = page.flatMap { name in
                (pages[defaultLocale] ?? pages[shown.first?.locale ?? ""] ?? []).first { $0.name == name }?.title
            }
            let context: MustacheObject = [
                "title": .string(title.flatMap { $0.isEmpty ? nil : $0 }
                                     ?? config.appName ?? strings["chooseLanguage"]),
                "lang": .string(defaultLocale),
                "dir": .string(names[defaultLocale]?.dir ?? "ltr"),
                "stylesheet": .string(up + stylesheet),
                "root": .string(up),
                "locales": .list(entries),
                "canonicalURL": config.baseURL.map { .string($0 + (page.map { "\($0)/" } ?? "")) } ?? .null,
                "defaultHref": .string((config.baseURL ?? up) + first),
                "redirect": first.isEmpty ? .null : .string(up + first),
                "isLocaleHome": false,
            ]
            return RootIndex.render("index", context, theme: theme, config: config, texts: texts, root: up,
                                    diagnostics: &diagnostics)
        }
    }

    /// Renders a whole-page template of the theme with what every such page shares (the colour scheme, the app, the
    /// UI strings), its links to assets starting at `root`.
    static func render(_ template: String, _ context: MustacheObject, theme: Theme, config: SiteConfig,
                       texts: MustacheValue, root: String, diagnostics: inout Diagnostics) -> String {
        var context = context
        context["colorScheme"] = config.colorScheme == .automatic ? .null : .string(config.colorScheme.rawValue)
        context["app"] = .object(["name": config.appName.map(MustacheValue.string) ?? .null,
                                  "icon": config.appIcon.map { .string(root + assetURL($0)) } ?? .null])
        context["t"] = texts
        if case .string? = context["redirect"], let script = config.forwardScript {
            context["script"] = SiteConfig.templateValue((script.source, script.hash))
        }
        do {
            return try theme.library.render(template, .object(context), strict: true)
        } catch {
            diagnostics.error(SourceLocation(file: error.template, line: error.line, column: error.column),
                              error.message)
            return ""
        }
    }
}
