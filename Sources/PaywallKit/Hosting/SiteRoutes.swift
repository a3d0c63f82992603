#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The addresses a built site answers beyond its files: `/` and every locale-less `NAME/` send a visitor to the
/// best locale for their `Accept-Language`; missing paths show the theme's 404 page of their locale. Host files,
/// the nginx block and `serve` are all made from this one value.
public struct SiteRoutes: Sendable, Equatable {
    /// The default locale first, then the others in the site's order.
    public var locales: [String]
    public var defaultLocale: String
    /// Every store page by name, in the default locale's order, with the locales it is written in.
    public var pages: [(name: String, locales: [String])]
    /// The path each locale's `/` leads to (`de-DE/pro/`): its first page.
    public var homes: [String: String]
    /// The path the site is served at, from `baseURL` (`/`, or `/subscribe/`); every rule is written below it.
    public var prefix: String
    /// The host name of `baseURL` in its ASCII form (IDNA: `xn--bcher-kva.example`), when it has one.
    public var host: String?
    /// The stylesheet's path (`assets/paywall.HASH.css`): named by its content, so cached for ever.
    public var stylesheet: String
    /// The Content-Security-Policy of a page without a script, as the theme's `<meta>` writes it, plus
    /// `frame-ancestors 'none'` (which only a header can carry): what every path gets but those below.
    public var contentSecurityPolicy: String
    /// The header policy of each content page that holds a script (its hash allowed), by its folder below the prefix
    /// (`de-DE/pro/`): it covers the folder's customer-state pages too.
    public var pagePolicies: [String: String] = [:]
    /// The header policy of each redirecting page that holds a script, by its folder (`` for the root, `pro/`,
    /// `de-DE/`): it covers the folder's `index.html` alone.
    public var redirectPolicies: [String: String] = [:]
    /// Where the site's files are in the output folder (``SiteConfig/outputFolder``): `` or `subscribe/`.
    public var folder = ""
    /// The names at the top of the static folder (`robots.txt`, `.well-known/`), copied to the output's root.
    public var statics: [String] = []
    /// The experiments (paywall.yml's `experiments:`) whose page's addresses lead each visitor to a variant.
    public var experiments: [Experiment] = []
    /// Each experiment variant's page (`pro+annual`) with the locales it is written in; not in `pages`, since a
    /// variant has no address of its own but the experiment's.
    public var variantPages: [String: [String]] = [:]

    public static func == (lhs: SiteRoutes, rhs: SiteRoutes) -> Bool {
        lhs.locales == rhs.locales && lhs.defaultLocale == rhs.defaultLocale && lhs.homes == rhs.homes
            && lhs.prefix == rhs.prefix && lhs.host == rhs.host
            && lhs.stylesheet == rhs.stylesheet && lhs.contentSecurityPolicy == rhs.contentSecurityPolicy
            && lhs.pagePolicies == rhs.pagePolicies && lhs.redirectPolicies == rhs.redirectPolicies
            && lhs.statics == rhs.statics && lhs.folder == rhs.folder
            && lhs.pages.map(\.name) == rhs.pages.map(\.name) && lhs.pages.map(\.locales) == rhs.pages.map(\.locales)
            && lhs.experiments == rhs.experiments && lhs.variantPages == rhs.variantPages
    }

    public init(locales: [String], defaultLocale: String, pages: [(name: String, locales: [String])],
                homes: [String: String], prefix: String = "/", host: String? = nil, stylesheet: String,
                contentSecurityPolicy: String) {
        self.locales = locales
        self.defaultLocale = defaultLocale
        self.pages = pages
        self.homes = homes
        self.prefix = prefix
        self.host = host
        self.stylesheet = stylesheet
        self.contentSecurityPolicy = contentSecurityPolicy
    }

    init(site: LoadedSite, stylesheet: String, rootHTML: String, statics: [String] = []) {
        self.statics = statics
        locales = site.locales
        defaultLocale = site.defaultLocale
        var order: [String] = []
        var localesOfPage: [String: [String]] = [:]
        for locale in site.locales {
            for page in site.pages[locale] ?? [] {
                if page.isVariant {
                    variantPages[page.name, default: []].append(locale)
                    continue
                }
                if localesOfPage[page.name] == nil { order.append(page.name) }
                localesOfPage[page.name, default: []].append(locale)
            }
        }
        pages = order.map { ($0, localesOfPage[$0] ?? []) }
        homes = [:]
        for locale in site.locales {
            homes[locale] = Page.home(among: site.pages[locale] ?? [], named: site.config.home)
                .map { "\(locale)/\($0.name)/" } ?? ""
        }
        prefix = Self.prefix(of: site.config.baseURL)
        folder = site.config.outputFolder
        experiments = site.config.experiments
        host = site.config.baseURL.flatMap { try? HostValue.parts(ofBaseURL: $0, at: SourceLocation(file: "")).host }
        self.stylesheet = stylesheet
        // The root's policy without the script the root may hold: the theme's policy for a page without one.
        var policy = HostHeaders.metaPolicy(in: rootHTML) ?? HostHeaders.defaultPolicy
        if let forward = site.config.forwardScript { policy = Self.removing(forward.hash, from: policy) }
        contentSecurityPolicy = HostHeaders.headerPolicy(policy)
        // A header policy without a page's script hash would block the script wherever the host sends the header.
        for locale in site.locales {
            for page in site.pages[locale] ?? [] {
                guard let hash = site.config.pageScript(isPlain: page.isPlain)?.hash else { continue }
                pagePolicies["\(locale)/\(page.name)/"] = HostHeaders.headerPolicy(Self.allowing(hash, in: policy))
            }
        }
        if let forward = site.config.forwardScript {
            let scripted = HostHeaders.headerPolicy(Self.allowing(forward.hash, in: policy))
            var folders = pages.map { "\($0.name)/" } + site.locales.filter { localeHome($0) != nil }.map { "\($0)/" }
            if homes.values.contains(where: { !$0.isEmpty }) { folders.append("") }
            for folder in folders { redirectPolicies[folder] = scripted }
        }
    }

    /// The path part of `baseURL`, starting and ending with `/`.
    static func prefix(of baseURL: String?) -> String {
        guard let baseURL, let components = URLComponents(string: baseURL), !components.path.isEmpty else { return "/" }
        var path = components.percentEncodedPath
        if !path.hasPrefix("/") { path = "/" + path }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// Where `LOCALE/` leads: the locale's home (no page has a locale's name: that is an error at load).
    public func localeHome(_ locale: String) -> String? {
        guard let home = homes[locale], !home.isEmpty else { return nil }
        return home
    }

    /// The locales a locale-less page is written in, in the site's order.
    public func locales(ofPage name: String) -> [String]? {
        pages.first { $0.name == name }?.locales
    }

    /// Where a request for `path` (below the prefix: `/`, `/pro/`, `/de-DE/`) is redirected for this
    /// `Accept-Language`: the locale's home for `/`, the page in the locale for `/NAME/`, the locale's home for
    /// `/LOCALE/`; nil for every other path.
    public func redirect(path: String, acceptLanguage: String?) -> String? {
        if path == "/" {
            let locale = LanguageNegotiation.best(for: acceptLanguage,
                                                  among: locales.filter { homes[$0]?.isEmpty == false },
                                                  defaultLocale: defaultLocale)
            guard let home = homes[locale], !home.isEmpty else { return nil }
            return prefix + home
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, parts[2].isEmpty else { return nil }
        if let home = localeHome(String(parts[1])) { return prefix + home }
        guard let locales = locales(ofPage: String(parts[1])) else { return nil }
        let locale = LanguageNegotiation.best(for: acceptLanguage, among: locales, defaultLocale: defaultLocale)
        return "\(prefix)\(locale)/\(parts[1])/"
    }

    /// The 404 page for a missing path (below the prefix): its locale's, else the root one.
    public func notFoundPage(for path: String) -> String {
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        return locales.contains(first) ? "\(first)/404.html" : "404.html"
    }
}
