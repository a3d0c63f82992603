/// `_redirects` and `_headers` for Netlify and Cloudflare Pages, which read the same `_headers` format and
/// different subsets of one `_redirects` format (the tests cite both hosts' documentation, rule by rule).
enum HostFiles {
    /// Netlify: the manifest refused; `/` and each locale-less `NAME/` redirected by the visitor's language (one
    /// `Language=` rule per language of the site, then the default locale); each locale's missing paths shown its
    /// 404 page. Cloudflare Pages has no language conditions and no 404 rule: the manifest is redirected to the
    /// 404 page, the locale-less pages choose the language, and the host finds the nearest 404.html itself.
    static func redirects(_ routes: SiteRoutes, for host: Hosting) -> String {
        let p = routes.prefix
        var lines = ["# Made by paywall for \(host == .netlify ? "Netlify" : "Cloudflare Pages") (hosting: "
                     + "in paywall.yml); rebuilt on every build."]
        guard host == .netlify else {
            lines.append("# The build record is not published: redirected to the not-found page.")
            lines.append(rule(routes.manifestPath, "\(p)404.html", "302"))
            lines += localeHomes(routes, status: "302")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("# The build record is not published.")
        lines.append(rule(routes.manifestPath, "\(p)404.html", "404!"))
        let localesWithHome = routes.locales.filter { routes.homes[$0]?.isEmpty == false }
        if !localesWithHome.isEmpty {
            lines.append("# The site's root: the first page in the visitor's language.")
            lines += languageRules(from: p, among: localesWithHome, routes: routes) { routes.homes[$0] ?? "" }
        }
        lines += localeHomes(routes, status: "302!")
        for page in routes.pages {
            lines.append("# \(page.name)/ in the visitor's language.")
            lines += languageRules(from: "\(p)\(page.name)/", among: page.locales, routes: routes) {
                "\($0)/\(page.name)/"
            }
        }
        lines.append("# Each locale's not-found page (applied only where no file exists).")
        for locale in routes.locales { lines.append(rule("\(p)\(locale)/*", "\(p)\(locale)/404.html", "404")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One forced 302 per language the locales have (to the locale that language stands for), then the default.
    static func languageRules(from source: String, among locales: [String], routes: SiteRoutes,
                              path: (String) -> String) -> [String] {
        var rules: [String] = []
        var languages: [String] = []
        for locale in locales {
            let language = LocaleID.language(locale).lowercased()
            guard !languages.contains(language),
                  let target = LanguageNegotiation.languageMatch(language, among: locales,
                                                                 defaultLocale: routes.defaultLocale)
            else { continue }
            languages.append(language)
            rules.append(rule(source, routes.prefix + path(target), "302!", "Language=\(language)"))
        }
        let fallback = locales.contains(routes.defaultLocale) ? routes.defaultLocale : locales[0]
        rules.append(rule(source, routes.prefix + path(fallback), "302!"))
        return rules
    }

    /// Each `LOCALE/` to its home page (the query kept, as both hosts keep it on a redirect).
    static func localeHomes(_ routes: SiteRoutes, status: String) -> [String] {
        var lines: [String] = []
        for locale in routes.locales {
            guard let home = routes.localeHome(locale) else { continue }
            lines.append(rule("\(routes.prefix)\(locale)/", routes.prefix + home, status))
        }
        return lines.isEmpty ? [] : ["# Each locale's home page (home: in paywall.yml)."] + lines
    }

    static func rule(_ fields: String...) -> String { fields.joined(separator: "  ") }

    /// Both hosts: the security headers on every path; `no-cache` on the pages (the root, each locale, each
    /// locale-less page, the 404 page); the content-named stylesheet cached for a year; the universal-links file
    /// as JSON. No two rules set one header on one path (Cloudflare Pages would join the values with a comma).
    static func headers(_ routes: SiteRoutes) -> String {
        let p = routes.prefix
        let common = HostHeaders.common(policy: routes.contentSecurityPolicy)
        var blocks: [(String, [(name: String, value: String)])] = [
            ("\(p)*", routes.hasScripts ? common.filter { $0.name != "Content-Security-Policy" } : common),
        ]
        // Pages that hold a script have their own policy: then every path's is set by a rule of its own.
        if routes.hasScripts {
            blocks += routes.policyRules().map { (p + $0.pattern, [("Content-Security-Policy", $0.policy)]) }
        }
        let pages = [p, "\(p)404.html"] + routes.locales.map { "\(p)\($0)/*" } + routes.pages.map { "\(p)\($0.name)/*" }
        for path in pages { blocks.append((path, [("Cache-Control", HostHeaders.pageCache)])) }
        blocks.append(("\(p)\(routes.stylesheet)", [("Cache-Control", HostHeaders.immutableCache)]))
        for file in HostHeaders.jsonFiles { blocks.append(("\(p)\(file)", [("Content-Type", "application/json")])) }
        var text = "# Made by paywall (hosting: in paywall.yml); rebuilt on every build.\n"
        for (path, headers) in blocks {
            text += path + "\n" + headers.map { "  \($0.name): \($0.value)\n" }.joined()
        }
        return text
    }
}
