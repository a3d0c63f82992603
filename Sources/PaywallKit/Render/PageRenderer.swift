#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// Renders one resolved page to HTML: marketing Markdown with placeholders filled, then the theme's `page` template.
struct PageRenderer {
    var theme: Theme
    var config: SiteConfig
    var stylesheet: String
    var style: StyleRules
    /// The option fields the theme and the pages name (every field when not set).
    var vocabulary = OptionContext.Vocabulary.all
    /// Each of the site's locales by its own name ("Deutsch"), made once with the renderer: a page links every locale
    /// it is written in.
    var languageNames: [String: String] = [:]

    /// Everything about the page's place in the site that the store model does not know.
    struct Placement {
        var path: String
        var alternates: [(locale: String, path: String)]
        var defaultLocale: String
        /// Links to the option groups' own pages (`optionGroups.style: links`), with the current one.
        var groupLinks: [(label: String, path: String, isCurrent: Bool)] = []
        /// For `links`: render only this section.
        var onlySection: String?
        var policyPaths: [String: String] = [:]
        /// `pageLinks(_:root:)` of this placement, when made before (once for all the locales of a page name).
        var links: Links?
    }

    /// A page's hreflang alternates, and its other languages each named in its own language (none marked current).
    typealias Links = (alternates: MustacheValue, languages: [MustacheValue])

    /// The relative path from a page at `path` up to the output root: "../../".
    static func root(of path: String) -> String {
        // On the bytes of an ASCII path, whose bytes are its characters: asked a few times for every page.
        let count = path.utf8.allSatisfy { $0 < 0x80 } ? path.utf8.split(separator: UInt8(ascii: "/")).count
            : path.split(separator: "/").count
        return String(repeating: "../", count: count)
    }

    /// The option cards of `model` (``OptionContexts/Cards``).
    func cards(_ model: StoreModel, _ input: OptionContexts.Shared, strings: Strings) -> OptionContexts.Cards {
        OptionContexts.Cards(model, input, strings: strings, config: config, vocabulary: vocabulary)
    }

    /// The option contexts of `model` at `placement`: its cards (`cards(_:_:strings:)`, or the same found again) with
    /// what the page gives each.
    func contexts(_ model: StoreModel, _ input: OptionContexts.Input, cards: OptionContexts.Cards? = nil,
                  strings: Strings) -> OptionContexts {
        OptionContexts(cards ?? self.cards(model, input.shared, strings: strings), input)
    }

    /// The page's HTML as UTF-8; `texts` is `strings.all` as a template value, made once per locale.
    /// `contexts`: the options' (`contexts(_:_:strings:)`, or the same found again); `library`: the theme's templates,
    /// or a copy of them (one per thread); `capacity`: the bytes to reserve (a page's size before), so that the page
    /// is not copied as it grows; `sections`: the renderings of option lists this thread made before, written again
    /// where the same list renders in the same context (``SectionMemo``); `notices`: the locale's auto-renewal notices
    /// without and with a commitment, made once for its pages.
    func render(_ model: StoreModel, contexts: OptionContexts? = nil, strings: Strings, texts: MustacheValue,
                notices: AutoRenewNotice.Locale, placement: Placement, library: TemplateLibrary? = nil,
                capacity: Int = 0, sections: SectionMemo? = nil, diagnostics: inout Diagnostics) -> [UInt8]? {
        let root = Self.root(of: placement.path)
        let text = PriceText(locale: model.locale, currency: model.currency, strings: strings)
        let features = FeatureTable(model)
        let contexts = contexts ?? self.contexts(model, OptionContexts.Input(model, root: root), strings: strings)
        let options = FeatureTable.annotate(contexts.shown, with: features)
        let groupTextLang = FallbackLanguage.value(model.groupTextLocale, on: model.locale)
        // A comparison table's marks are in the options' values: `products` is made again from those.
        let products = features == nil ? contexts.products : PageContext.products(options + contexts.hidden)
        var context = PageContext.common(model, config: config, strings: strings, root: root, options: options,
                                         products: products, planNames: contexts.planNames,
                                         groupTextLang: groupTextLang)
        let page = model.page

        let controlStyle = page.controlStyle
        let layout = OptionSection.Layout(page: page, options: options, selectedID: model.selectedID, text: text,
                                          onlySection: placement.onlySection, allowRawHTML: config.allowRawHTML)

        guard let links = diagnostics.collect({ () throws(DiagnosticsError) in
            try StoreButtons.links(model, links: config.links, refused: config.refused, strings: strings,
                                   root: root, policyPaths: placement.policyPaths)
        }) else { return nil }

        let scheme = page.colorScheme ?? config.colorScheme
        context["t"] = texts
        let isPlain = model.page.isPlain
        // A page's one script, by its kind: a store page's carries parameters into purchase links, a plain page's
        // points the Open button at a redemption link (app.redeem). `carry` is the store page's, as themes named it.
        let script = SiteConfig.templateValue(config.pageScript(isPlain: isPlain))
        context["carry"] = isPlain ? .null : script
        context["script"] = script
        context["root"] = .string(root)
        context["stylesheet"] = .string(root + stylesheet)
        context["styleID"] = style.id(for: page).map(MustacheValue.string) ?? .null
        context["colorScheme"] = scheme == .automatic ? .null : .string(scheme.rawValue)
        // A customer's own page (current/ID/, lapsed/ID/) and a thank-you page are for the customer, not for a search
        // engine: noindex, and a customer's page names the page everyone gets as its canonical. So does an
        // experiment's variant: the page everyone gets is the tested page, in its locale.
        let state = model.state.pathComponent
        var everyone = placement.path.hasSuffix(state) ? String(placement.path.dropLast(state.count)) : placement.path
        if let role = page.experiment, role.isVariant { everyone = "\(model.locale)/\(role.control)/" }
        let canonicalURL = config.baseURL.map { $0 + everyone }
        context["canonicalURL"] = canonicalURL.map(MustacheValue.string) ?? .null
        context["noindex"] = .bool(!state.isEmpty || isPlain || page.isVariant)
        context["experiment"] = page.experiment.map {
            .object(["id": .string($0.id), "variant": .string($0.variant)])
        } ?? .null
        context["preview"] = .object(LinkPreview(model: model, config: config, placement: placement,
                                                 url: canonicalURL).context(config))
        let pageLinks = placement.links ?? self.pageLinks(placement, root: root)
        context["alternates"] = pageLinks.alternates
        var languages = pageLinks.languages
        if let current = placement.alternates.firstIndex(where: { $0.locale == model.locale }),
           case .object(var language) = languages[current] {
            language["isCurrent"] = true
            languages[current] = .object(language)
        }
        context["languages"] = .list(languages)
        context["hasLanguages"] = .bool(languages.count > 1)
        context["marketingIsAutomatic"] = .bool(page.marketing == .automatic)
        context["controlStyle"] = .string(controlStyle.rawValue)
        context["isPicker"] = .bool(controlStyle.isPicker)
        context["isButtons"] = .bool(controlStyle == .buttons)
        context["isPaged"] = .bool(controlStyle == .pagedPicker || controlStyle == .pagedProminentPicker)
        context["controlPlacement"] = .string(page.controlPlacement.rawValue)
        context["containerPlacement"] = page.containerBackground.map { .string($0.placement.rawValue) } ?? .null
        context["isBottomBar"] = .bool(page.controlPlacement == .bottomBar
                                       || page.controlPlacement == .buttonsInBottomBar)
        context["storeButtonsInBar"] = .bool(page.controlPlacement == .buttonsInBottomBar)
        context["sections"] = .list(layout.values)
        context["hasSharedPicker"] = .bool(layout.sharedPicker)
        context["hasTabs"] = .bool(layout.hasTabs)
        context["features"] = features?.value(caption: strings["comparePlans"]) ?? .null
        context["groupLinks"] = .list(placement.groupLinks.map { link in
            .object(["label": .string(link.label), "href": .string(root + link.path),
                     "isCurrent": .bool(link.isCurrent)])
        })
        context["hasGroupLinks"] = .bool(!placement.groupLinks.isEmpty)
        context["policies"] = .list(links.policies)
        context["hasPolicies"] = .bool(!links.policies.isEmpty)
        // A plain page (a checkout's success page) has the policy links, and no store buttons: there is nothing to
        // restore or redeem.
        context["storeButtons"] = .list(isPlain ? [] : links.buttons)
        context["hasStoreButtons"] = .bool(!isPlain && !links.buttons.isEmpty)
        context["state"] = .object(["name": .string(model.state.name), "isNew": .bool(model.state == .new),
                                    "productID": model.state.productID.map(MustacheValue.string) ?? .null])
        // The auto-renewal notice (guideline 3.1.2) only where an auto-renewable option is shown.
        // Read by index: a closure given the options themselves copies each one.
        let all = model.options
        if all.indices.contains(where: { all[$0].isSubscription }) {
            let hasCommitment = all.indices.contains { all[$0].commitment != nil }
            let notice = hasCommitment ? notices.commitment : notices.plain
            context["autoRenew"] = .string(notice.text)
            context["autoRenewNotice"] = notice.value
        } else {
            context["autoRenew"] = .null
            context["autoRenewNotice"] = .null
        }

        // What the prices include, below them and after each option's spoken price (none on a page without prices).
        let tax = model.options.isEmpty ? nil : config.tax(in: model.storefront)
            .stringKeys(valueAddedTax: Storefronts.valueAddedTax.contains(model.storefront))
        context["tax"] = tax.map { .object(["note": .string(strings[$0.note]), "spoken": .string(strings[$0.spoken])]) }
            ?? .null
        context["theme"] = .object(["accentColor": config.accentColor.map(MustacheValue.string) ?? .null,
                                    "accentForeground": config.accentForeground.map(MustacheValue.string) ?? .null,
                                    "colorScheme": .string(scheme.rawValue)])

        // Marketing: the Markdown body with placeholders (the whole vocabulary above), else the group's text.
        var hasH1 = false
        context["marketingHTML"] = .string("")
        if page.marketing == .markdown {
            guard let markdown = fillPlaceholders(model, context: context, diagnostics: &diagnostics)
            else { return nil }
            let words = FallbackLanguage.tableWords(strings, markdownLocale: page.bodyLocale)
            let rendered = Markdown.render(markdown, allowRawHTML: config.allowRawHTML, tableWords: words)
            if let limit = rendered.overLimit {
                // A body over a limit as written was reported where it crossed it, when the site was read.
                if Markdown.render(page.body).overLimit == nil {
                    diagnostics.error(SourceLocation(file: page.file, line: page.bodyLine, column: 1),
                                      "the Markdown is too large once its placeholders are filled: \(limit.url)",
                                      hint: "split it up")
                }
                return nil
            }
            if page.bodyTemplate != nil {
                // Catalog text now stands where placeholders were: check the links and raw HTML again.
                let errors = diagnostics.errorsReported
                MarkdownCheck.check(rendered, of: markdown, file: page.file, firstLine: page.bodyLine,
                                    allowRawHTML: config.allowRawHTML, afterPlaceholders: true,
                                    trusted: Set([config.appOpenURL].compactMap { $0 }), diagnostics: &diagnostics)
                if diagnostics.errorsReported > errors { return nil }
            }
            if rendered.h1Count > 1 {
                diagnostics.error(SourceLocation(file: page.file, line: page.bodyLine, column: 1),
                                  "the page has \(rendered.h1Count) level-1 headings; a page has exactly one",
                                  hint: "make the others '## ' headings")
            }
            context["marketingHTML"] = .string(FallbackLanguage.wrap(rendered.html, page.bodyLocale, on: model.locale))
            hasH1 = rendered.h1Count > 0
        }
        context["hasH1"] = .bool(hasH1)
        let titleLocale = page.title.isEmpty ? model.groupTextLocale : page.textLocale(of: "title")
        context["titleLang"] = FallbackLanguage.value(titleLocale, on: model.locale)

        do {
            if isPlain {
                PlainPage.add(to: &context, app: PageContext.appName(model, config: config), strings: strings,
                              config: config)
            }
            return try (library ?? theme.library).renderUTF8(isPlain ? "plain" : "page", .object(context), strict: true,
                                                             capacity: capacity, memo: sections)
        } catch {
            diagnostics.error(SourceLocation(file: error.template, line: error.line, column: error.column),
                              error.message,
                              hint: "fix the template; `paywall schema page` lists the names a template can use "
                                    + "($defs.templateVocabulary)")
            return nil
        }
    }

    /// The page's hreflang alternates, and its other languages each named in its own language (none marked current).
    func pageLinks(_ placement: Placement, root: String) -> Links {
        let base = config.baseURL ?? root
        func link(_ hreflang: String, _ path: String) -> MustacheValue {
            .object(["hreflang": .string(hreflang), "href": .string(base + path)])
        }
        var alternates = placement.alternates.map { link($0.locale, $0.path) }
        let defaultPath = placement.alternates.first { $0.locale == placement.defaultLocale }?.path ?? placement.path
        alternates.append(link("x-default", defaultPath))
        let languages: [MustacheValue] = placement.alternates.map { alternate in
            let name = languageNames[alternate.locale] ?? RootIndex.languageName(alternate.locale)
            return .object(["locale": .string(alternate.locale), "href": .string(root + alternate.path),
                            "name": .string(name), "isCurrent": false])
        }
        return (alternates: .list(alternates), languages: languages)
    }

    /// Fills `{{…}}` in the Markdown body; values are escaped so they stay text in Markdown and HTML.
    func fillPlaceholders(_ model: StoreModel, context: MustacheObject, diagnostics: inout Diagnostics) -> String? {
        let page = model.page
        guard let parsed = page.bodyTemplate else { return page.body }
        do {
            let template = try parsed.get()
            // In copy from another language, a value in the page's own (an Arabic price in English text) is a
            // bidi isolate.
            let foreign = page.bodyLocale.map { FallbackLanguage.isForeign($0, on: model.locale) } ?? false
            let escape: @Sendable (String) -> String = foreign
                ? MarkdownEscaping.escapeIsolated
                : MarkdownEscaping.escape
            return try TemplateLibrary([:]).render(template, .object(context), strict: true, escape: escape)
        } catch {
            let hint = error.message.hasPrefix("no value named")
                ? "placeholders can name title, app.name, group.displayName, options, and products.ID.price, "
                  + "pricePerMonth, offer.text … (`paywall schema page` lists them all)"
                : nil
            let variant = switch model.state {
            case .new: "for a new customer"
            case .current(let id): "for a subscriber to \(id)"
            case .lapsed(let id): "for a lapsed subscriber to \(id)"
            }
            diagnostics.error(SourceLocation(file: page.file, line: page.bodyLine + error.line - 1,
                                             column: error.column),
                              "\(error.message) (in the \(model.locale) page \(variant))", hint: hint)
            return nil
        }
    }
}
