import Mustache

/// The files that make a built folder deployable as it is: each page's locale-less address, each locale's home
/// (`LOCALE/index.html`), the theme's 404 pages (at the root and in each locale) and the host files `hosting:` asks
/// for.
enum HostPages {
    /// Everything but the root index (rendered before, as it gives the page CSP), for one build.
    static func files(site: LoadedSite, theme: Theme, routes: SiteRoutes, chooser: RootIndex.Chooser,
                      diagnostics: inout Diagnostics) -> [OutputFile] {
        var files: [OutputFile] = []
        for page in routes.pages {
            files.append(OutputFile("\(page.name)/index.html",
                                    chooser.render(page: page.name, diagnostics: &diagnostics)))
        }
        files.append(OutputFile("404.html",
                                notFound(locale: site.defaultLocale, home: routes.prefix, theme: theme,
                                         config: site.config, routes: routes, diagnostics: &diagnostics)))
        for locale in site.locales {
            if routes.localeHome(locale) != nil,
               let localeHome = chooser.render(localeHome: locale, diagnostics: &diagnostics) {
                files.append(OutputFile("\(locale)/index.html", localeHome))
            }
            let home = routes.prefix + (routes.homes[locale].flatMap { $0.isEmpty ? nil : $0 } ?? "")
            files.append(OutputFile("\(locale)/404.html",
                                    notFound(locale: locale, home: home, theme: theme, config: site.config,
                                             routes: routes, diagnostics: &diagnostics)))
        }
        let writesHeaders = site.config.hosting.contains(.netlify) || site.config.hosting.contains(.cloudflarePages)
        if writesHeaders, let problem = HostValue.headerValueProblem(routes.contentSecurityPolicy) {
            // A control character would end the header's line in _headers and start a rule of its own.
            let place = site.config.location(of: "hosting")
            diagnostics.append(.error(place, "the page's Content-Security-Policy (the theme's <meta>) \(problem), "
                                      + "which _headers cannot carry",
                                      hint: "write the policy in templates/ without control characters"))
            return files
        }
        return files + Hosting.files(site.config.hosting, routes: routes)
    }

    /// The theme's `notFound` template in `locale`. Its links start at the site's root path (`routes.prefix`), since a
    /// host shows it at any missing address.
    static func notFound(locale: String, home: String, theme: Theme, config: SiteConfig, routes: SiteRoutes,
                         diagnostics: inout Diagnostics) -> String {
        let (strings, _) = theme.strings(for: locale, fallback: routes.defaultLocale)
        let context: MustacheObject = [
            "lang": .string(locale),
            "dir": .string(strings.direction),
            "stylesheet": .string(routes.prefix + routes.stylesheet),
            "root": .string(routes.prefix),
            "home": .string(home),
        ]
        let texts = strings.templateValue
        return RootIndex.render("notFound", context, theme: theme, config: config, texts: texts, root: routes.prefix,
                                diagnostics: &diagnostics)
    }
}
