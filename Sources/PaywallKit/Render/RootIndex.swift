import Foundation
import Mustache

/// The root `index.html`: every locale by its own name with its pages, and hreflang alternates.
enum RootIndex {
    /// CLDR writes some languages' names in lower case ("français"); a menu item starts with a capital.
    static func capitalizedFirst(_ name: String, _ locale: String) -> String {
        guard let first = name.first else { return name }
        return String(first).uppercased(with: Locale(identifier: locale)) + name.dropFirst()
    }

    /// Where the root sends a visitor: the first store page, not a plain (thank-you) page, unless there are only those.
    static func firstStorePage(_ pages: [Page]) -> Page? { pages.first { !$0.isPlain } ?? pages.first }

    static func render(theme: Theme, config: SiteConfig, locales: [String], defaultLocale: String, pages: [String: [Page]],
                       stylesheet: String, diagnostics: inout Diagnostics) -> String {
        let (strings, _) = theme.strings(for: defaultLocale, fallback: defaultLocale)
        let entries: [MustacheValue] = locales.map { locale in
            let own = pages[locale] ?? []
            let landing = firstStorePage(own)
            return .object([
                "locale": .string(locale),
                "name": .string(capitalizedFirst(ICU.displayName(of: locale, in: locale), locale)),
                "dir": .string(ICU.isRightToLeft(locale) ? "rtl" : "ltr"),
                "isDefault": .bool(locale == defaultLocale),
                "href": .string(landing.map { "\(locale)/\($0.name)/" } ?? "\(locale)/"),
                "absoluteHref": .string((config.baseURL ?? "") + (landing.map { "\(locale)/\($0.name)/" } ?? "\(locale)/")),
                "pages": .list(own.map { page in
                    .object(["title": .string(page.title.isEmpty ? page.name : page.title), "href": .string("\(locale)/\(page.name)/")])
                }),
                "hasSeveralPages": .bool(own.count > 1),
            ])
        }
        let first = firstStorePage(pages[defaultLocale] ?? []).map { "\(defaultLocale)/\($0.name)/" } ?? ""
        let context: MustacheObject = [
            "title": .string(config.appName ?? strings["chooseLanguage"]),
            "lang": .string(defaultLocale),
            "dir": .string(ICU.isRightToLeft(defaultLocale) ? "rtl" : "ltr"),
            "stylesheet": .string(stylesheet),
            "root": .string(""),
            "locales": .list(entries),
            "canonicalURL": config.baseURL.map { .string($0) } ?? .null,
            "defaultHref": .string((config.baseURL ?? "") + first),
            "redirect": first.isEmpty ? .null : .string(first),
            "colorScheme": config.colorScheme == .automatic ? .null : .string(config.colorScheme.rawValue),
            "app": .object(["name": config.appName.map(MustacheValue.string) ?? .null,
                            "icon": config.appIcon.map { .string(assetURL($0)) } ?? .null]),
            "t": .object(MustacheObject(strings.all.mapValues(MustacheValue.string))),
        ]
        do {
            return try theme.library.render("index", .object(context), strict: true)
        } catch {
            diagnostics.error(SourceLocation(file: error.template, line: error.line, column: error.column), error.message)
            return ""
        }
    }
}
