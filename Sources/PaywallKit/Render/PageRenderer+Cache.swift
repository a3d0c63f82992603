import Mustache

extension PageRenderer {
    /// What one rendering thread keeps from page to page, and from build to build while the build cache is valid
    /// (`BuildCache`: the same settings, theme, strings and vocabulary). Whatever a page adds is in the keys.
    struct Cache: Sendable {
        var options = OptionContext.Cache()
        /// The size of the last page rendered, reserved for the next one.
        var pageSize = 0
        /// Each locale's name in its own language, capitalized.
        private var languageNames = BoundedCache<String, String>(limit: 1_000)
        /// The durations and percentages in words of this thread's pages (lent to their `PriceText`).
        let formatted = PriceText.Formatted()
        /// The writing direction of each language a page's text fell back to (`FallbackLanguage`).
        private var directions = BoundedCache<String, String>(limit: 1_000)
        /// The hreflang links and language links (none current) of each `Placement.alternatesKey` and root, costed by
        /// how many links they hold.
        var links = BoundedCache<LinksKey, (alternates: MustacheValue, languages: [MustacheValue])>(limit: 100_000)
        /// The auto-renewal notice of each locale, with or without a commitment: its text and its template value.
        var notices = BoundedCache<NoticeKey, (text: String, value: MustacheValue)>(limit: 1_000)

        struct NoticeKey: Hashable {
            var locale: String, hasCommitment: Bool
        }

        struct LinksKey: Hashable {
            var alternates: String, root: String
        }

        /// Sections of options made before, by the contexts' identities and what else the layout reads of the page,
        /// costed by their options (so that a site of many large pages keeps a few of them, not all); the section
        /// objects have identities of their own, so templates may keep what they made of them.
        private var layouts = BoundedCache<LayoutKey, OptionSection.Layout>(limit: 20_000)

        struct LayoutKey: Hashable {
            var options: [Int], selectedID: String?, onlySection: String?
            var groups: Page.OptionGroups?, groupsLocale: String?, controlStyle: Page.ControlStyle
        }

        /// The layout of `options` on `page`: `make`'s, or one made before with the same options and front matter.
        mutating func layout(page: Page, options: [(option: StoreOption, value: MustacheValue)], selectedID: String?,
                             onlySection: String?, make: () -> OptionSection.Layout) -> OptionSection.Layout {
            guard let identities = OptionContext.Cache.identities(options) else { return make() }
            let key = LayoutKey(options: identities, selectedID: selectedID, onlySection: onlySection,
                                groups: page.optionGroups, groupsLocale: page.textLocale(of: "optionGroups"),
                                controlStyle: page.controlStyle)
            return layouts.kept(key, cost: max(1, options.count)) {
                var layout = make()
                layout.values = layout.values.map { value in
                    guard case .object(var object) = value else { return value }
                    object.identify()
                    return .object(object)
                }
                return layout
            }
        }

        mutating func languageName(_ locale: String) -> String {
            languageNames.kept(locale) { RootIndex.capitalizedFirst(ICU.displayName(of: locale, in: locale), locale) }
        }

        /// "rtl" or "ltr": how text in `locale` is written.
        mutating func direction(of locale: String) -> String {
            directions.kept(locale) { FallbackLanguage.direction(locale) }
        }
    }
}
