#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import PaywallPlatform

/// Policy pages rendered from Markdown (`{ page: terms.md }`) or from a `.storekit` EULA's text.
struct PolicyPages {
    var content: ContentFiles
    var theme: Theme
    var config: SiteConfig
    /// Each policy page, with the policies it is the page of (both, for a file named as terms and privacy policy).
    var links: [(kinds: [String], link: Policies.Link)]
    var stylesheet: String
    /// The language of a policy page's base file (`terms.md`).
    var defaultLocale: String?

    init(content: ContentFiles, theme: Theme, config: SiteConfig, catalog: Catalog, pages: some Sequence<Page>,
         stylesheet: String, defaultLocale: String? = nil) {
        self.content = content
        self.defaultLocale = defaultLocale
        self.theme = theme
        self.config = config
        self.stylesheet = stylesheet
        links = Self.links(config: config, catalog: catalog, pages: pages)
    }

    /// The policies rendered as pages (one per slug), from the settings, the catalog and the pages' front matter,
    /// each with every policy it is the page of, in one order whichever page names it first.
    static func links(config: SiteConfig, catalog: Catalog?,
                      pages: some Sequence<Page>) -> [(kinds: [String], link: Policies.Link)] {
        let order = ["termsOfService", "privacyPolicy"]
        var links: [(kinds: [String], link: Policies.Link)] = []
        for policies in [config.policies] + [catalog?.appPolicies].compactMap({ $0 }) + pages.map(\.policies) {
            for (kind, link) in zip(order, [policies.termsOfService, policies.privacyPolicy]) {
                guard let link, case .page = link else { continue }
                if let known = links.firstIndex(where: { slug($0.link) == slug(link) }) {
                    links[known].kinds = order.filter { $0 == kind || links[known].kinds.contains($0) }
                } else {
                    links.append(([kind], link))
                }
            }
        }
        return links
    }

    static func slug(_ link: Policies.Link) -> String {
        guard case .page(let name, _, _) = link else { return "" }
        return PageLoader.nameAndLocale(name).name
    }

    /// Writes each policy page of `locale`, with what it was made from; returns their paths by slug (`terms` →
    /// `de-DE/policies/terms/`).
    func render(locale: String, strings: Strings, texts: MustacheValue,
                into files: inout [(file: OutputFile, source: String)],
                diagnostics: inout Diagnostics) -> [String: String] {
        var paths: [String: String] = [:]
        for (kinds, link) in links {
            guard case .page(let name, let text, let location) = link else { continue }
            let slug = Self.slug(link)
            var markdown = text
            var markdownLocale: String?   // a catalog's EULA text is in no known language
            if text.isEmpty {
                guard let file = content.file(slug, locale: locale) else {
                    diagnostics.error(location,
                                      "the policy page '\(name)' is not in content/ (looked for "
                                      + "\(joinPath(content.folder, "content/" + name)))",
                                      hint: "add content/\(name)")
                    continue
                }
                markdown = file.body
                markdownLocale = file.locale ?? defaultLocale
            }
            let words = FallbackLanguage.tableWords(strings, markdownLocale: markdownLocale)
            let rendered = Markdown.render(markdown, allowRawHTML: config.allowRawHTML, tableWords: words)
            let path = "\(locale)/policies/\(slug)/"
            let root = "../../../"
            // Without a heading of its own, the page is titled by what it is: "Terms of Service and Privacy Policy"
            // for one file named as both.
            let title = rendered.firstH1 ?? ICU.formatList(kinds.map { strings[$0] }, locale: locale)
            let canonicalURL = config.baseURL.map { $0 + path }
            let preview = LinkPreview(description: config.appName ?? title, url: canonicalURL,
                                      image: config.appSocialImage, locale: locale)
            let context: MustacheObject = [
                "title": .string(title),
                "hasH1": .bool(rendered.h1Count > 0),
                "lang": .string(locale), "locale": .string(locale),
                "dir": .string(strings.direction),
                "stylesheet": .string(root + stylesheet),
                "root": .string(root),
                "contentHTML": .string(FallbackLanguage.wrap(rendered.html, markdownLocale, on: locale)),
                "canonicalURL": canonicalURL.map(MustacheValue.string) ?? .null,
                "preview": .object(preview.context(config)),
                "colorScheme": config.colorScheme == .automatic ? .null : .string(config.colorScheme.rawValue),
                "t": texts,
            ]
            do {
                let what = kinds.joined(separator: " and ")
                let source = text.isEmpty
                    ? "the \(what) page \(joinPath(content.folder, "content/" + name))"
                    : "the \(what) text of \(location.file)"
                files.append((OutputFile(path + "index.html",
                                         try theme.library.render("policy", .object(context), strict: true)), source))
                paths[slug] = path
            } catch {
                diagnostics.error(SourceLocation(file: error.template, line: error.line, column: error.column),
                                  error.message)
            }
        }
        return paths
    }
}
