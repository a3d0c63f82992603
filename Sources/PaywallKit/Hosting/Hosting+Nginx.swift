/// `paywall hosting nginx`: a `server { }` block (with the `map`s it uses) for nginx's `http` context that serves a
/// built output as the other hosts do: `/` and the locale-less pages redirected by `Accept-Language`, the
/// headers of `HostHeaders`, each locale's 404 page, no folder listing, the build record refused.
public enum NginxConfig {
    /// Where nginx listens: `listen` takes `PORT` or `ADDRESS:PORT`.
    public struct Listen: Sendable {
        public var host: String?
        public var port: Int
        public init(host: String? = nil, port: Int = 80) {
            self.host = host
            self.port = port
        }

        var directive: String {
            guard let host else { return "\(port)" }
            return host.containsText(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }

    /// The block for a site whose output is the folder `root` (an absolute path). `serverName` from `baseURL`.
    /// Its values are written as they are: `check` refuses those nginx would read as syntax or variables.
    public static func server(_ routes: SiteRoutes, root: String, listen: Listen, serverName: String?) -> String {
        var text = "# Made by `paywall hosting nginx`: include it in nginx's http { } context (which includes "
                   + "mime.types).\n"
        text += "# Accept-Language: the language the visitor weighs highest (q=) that the site has; "
            + "the first listed of equals.\n"
        let sets = localeSets(routes)
        for (index, locales) in sets.enumerated() { text += maps(index, locales, routes) }
        let homeSet = sets.firstIndex(of: routes.locales.filter { routes.homes[$0]?.isEmpty == false }) ?? 0
        text += "map $paywall_locale_\(homeSet) $paywall_home {\n"
                + "    default \(quoted(routes.homes[routes.defaultLocale] ?? ""));\n"
        for locale in routes.locales where routes.homes[locale]?.isEmpty == false {
            text += "    \(locale) \(quoted(routes.homes[locale] ?? ""));\n"
        }
        text += "}\n\n"
        text += cacheMaps(routes)
        text += experimentMaps(routes)
        text += "server {\n"
        text += "    listen \(listen.directive);\n"
        text += "    server_name \(serverName ?? "_");\n"
        text += "    root \(quoted(siteRoot(root, routes)));\n"
        text += "    index index.html;\n    autoindex off;\n    charset utf-8;\n    server_tokens off;\n"
        text += "    # Redirects keep the visitor's own host and port.\n    absolute_redirect off;\n"
        let p = routes.prefix
        if p != "/" {
            text += "    # The site lives at \(p) (baseURL): the locations below are its paths without it.\n"
            text += "    rewrite \(quoted("^" + regexEscaped(String(p.dropLast())) + "(/.*)$")) $1 last;\n"
            text += "    location = \(p.dropLast()) { return 301 \(p)$is_args$args; }\n"
        }
        text += "\n    # Every location inherits these (none adds a header of its own); an empty value sends none.\n"
        for (name, value) in HostHeaders.common(policy: routes.contentSecurityPolicy) {
            let value = name == "Content-Security-Policy" && routes.hasScripts ? "$paywall_csp" : quoted(value)
            text += "    add_header \(name) \(value) always;\n"
        }
        text += "    add_header Cache-Control $paywall_cache always;\n    add_header Vary $paywall_vary always;\n"
        if !routes.experiments.isEmpty { text += "    add_header Set-Cookie $paywall_set_cookie always;\n" }
        text += "    # A missing file, or a folder without an index page (never listed), shows its locale's 404 page.\n"
        text += "    error_page 403 404 =404 $paywall_not_found;\n\n"
        text += "    # The build record proves paywall owns the folder; it is not published.\n"
        text += "    location = /\(Manifest.fileName) { return 404; }\n"
        // The redirects keep the query (an app's app_user_id, a campaign's utm_source) for the page it opens.
        if !routes.homes.isEmpty { text += "    location = / { return 302 \(p)$paywall_home$is_args$args; }\n" }
        for locale in routes.locales {
            guard let home = routes.localeHome(locale) else { continue }
            text += "    location = /\(locale)/ { return 302 \(p)\(home)$is_args$args; }\n"
        }
        for page in routes.pages {
            let set = sets.firstIndex(of: page.locales) ?? 0
            text += "    location = /\(page.name)/ "
                    + "{ return 302 \(p)$paywall_locale_\(set)/\(experimentPage(page.name, routes) ?? page.name)/"
                    + "$is_args$args; }\n"
        }
        text += experimentLocations(routes)
        for file in HostHeaders.jsonFiles { text += "    location = /\(file) { default_type application/json; }\n" }
        // nginx's own redirect of a folder named without its slash would leave the site's path (the rewrite above
        // took it off): this one keeps it, and the query.
        text += "    location ~ [^/]$ {\n"
                + "        if (-d $request_filename) { return 301 \(p.dropLast())$uri/$is_args$args; }\n    }\n"
        text += "}\n"
        return text
    }

    /// Where the site's files are: the output folder, or the folder below it that a host publishing the output at
    /// its root needs (``SiteConfig/outputFolder``).
    static func siteRoot(_ output: String, _ routes: SiteRoutes) -> String {
        routes.folder.isEmpty ? output : (output.hasSuffix("/") ? output : output + "/") + routes.folder.dropLast()
    }

    /// `$paywall_cache` (no-cache for pages, a year for the stylesheet, else none), `$paywall_vary` (on the
    /// redirects) and `$paywall_not_found` (the 404 page of the path's locale), by the path below the site's.
    static func cacheMaps(_ routes: SiteRoutes) -> String {
        let locales = routes.locales.map(regexEscaped).joined(separator: "|")
        let pages = routes.pages.map { regexEscaped($0.name) }
        var text = "map $uri $paywall_cache {\n    default \"\";\n"
        text += experimentCache(routes, header: "Cache-Control")
        text += "    / \(quoted(HostHeaders.pageCache));\n    /index.html \(quoted(HostHeaders.pageCache));\n"
        text += "    /404.html \(quoted(HostHeaders.pageCache));\n"
        text += "    /\(routes.stylesheet) \(quoted(HostHeaders.immutableCache));\n"
        text += patterns(([locales] + pages).filter { !$0.isEmpty }, before: "^/(?:", after: ")/",
                         value: HostHeaders.pageCache) + "}\n"
        // The redirects differ by language: a cache between keeps one per Accept-Language.
        text += "map $uri $paywall_vary {\n    default \"\";\n    / Accept-Language;\n"
        text += experimentCache(routes, header: "Vary")
        for page in routes.pages where experimentPage(page.name, routes) == nil {
            text += "    /\(page.name)/ Accept-Language;\n"
        }
        text += "}\n"
        if routes.hasScripts { text += policyMap(routes) }
        text += "map $uri $paywall_not_found {\n    default /404.html;\n"
        text += "    \(quoted("~^/(" + locales + ")/")) /$1/404.html;\n}\n\n"
        return text
    }

    /// `$paywall_csp`: each path's Content-Security-Policy (``SiteRoutes/policy(for:)``), by the path below the site's.
    static func policyMap(_ routes: SiteRoutes) -> String {
        var text = "map $uri $paywall_csp {\n    default \(quoted(routes.contentSecurityPolicy));\n"
        // A redirecting page's folder: its index page alone.
        for (policy, folders) in grouped(routes.redirectPolicies) {
            text += patterns(folders.map(regexEscaped), before: "^/(?:", after: ")(?:index\\.html)?$", value: policy)
        }
        // A content page's folder, with its customer-state pages below it.
        for (policy, folders) in grouped(routes.pagePolicies) {
            text += patterns(folders.map { regexEscaped(String($0.dropLast())) }, before: "^/(?:", after: ")/",
                             value: policy)
        }
        return text + "}\n"
    }

    /// The keys of `policies` by value, both in order.
    static func grouped(_ policies: [String: String]) -> [(String, [String])] {
        Dictionary(grouping: policies.keys.sorted()) { policies[$0] ?? "" }.sorted { $0.key < $1.key }
            .map { ($0.key, $0.value) }
    }

    /// Map lines `"~BEFORE(ALTERNATIVES)AFTER" "VALUE";`, as many as keep each pattern well under the 4 KB nginx
    /// reads a word in.
    static func patterns(_ alternatives: [String], before: String, after: String, value: String) -> String {
        var text = "", chunk: [String] = [], length = 0
        func flush() {
            guard !chunk.isEmpty else { return }
            text += "    \(quoted("~" + before + chunk.joined(separator: "|") + after)) \(quoted(value));\n"
            chunk = []
            length = 0
        }
        for alternative in alternatives {
            if length + alternative.count > 2_000 { flush() }
            chunk.append(alternative)
            length += alternative.count + 1
        }
        flush()
        return text
    }

    /// The distinct sets of locales the redirects choose among: the root's first, then each page's.
    static func localeSets(_ routes: SiteRoutes) -> [[String]] {
        var sets = [routes.locales.filter { routes.homes[$0]?.isEmpty == false }]
        for page in routes.pages where !sets.contains(page.locales) { sets.append(page.locales) }
        return sets
    }

    /// `$paywall_lang_N`: the header's most wanted tag that names one of the locales (whole, or its language);
    /// `$paywall_locale_N`: the locale it stands for, else the default.
    static func maps(_ index: Int, _ locales: [String], _ routes: SiteRoutes) -> String {
        let fallback = locales.contains(routes.defaultLocale)
            ? routes.defaultLocale
            : (locales.first ?? routes.defaultLocale)
        // Whole tags before languages, longest first: at one place in the header the first alternative that fits wins.
        let tags = locales.map { $0.lowercased() }.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        var languages: [String] = []
        for locale in locales where !languages.contains(LocaleID.language(locale).lowercased()) {
            languages.append(LocaleID.language(locale).lowercased())
        }
        let alternatives = (tags + languages.filter { !tags.contains($0) }).map {
            $0.replacingEvery("-", with: "\\-")
        }
        var text = "map $http_accept_language $paywall_lang_\(index) {\n    default \"\";\n"
        text += "    \(quoted("~*" + acceptLanguagePattern(alternatives))) $1;\n}\n"
        text += "map $paywall_lang_\(index) $paywall_locale_\(index) {\n    default \(fallback);\n"
        for locale in locales {
            text += "    \"~*^\(locale.replacingEvery("-", with: "\\-"))$\" \(locale);\n"
        }
        for language in languages where !locales.contains(where: { $0.lowercased() == language }) {
            let target = LanguageNegotiation.languageMatch(language, among: locales,
                                                           defaultLocale: routes.defaultLocale) ?? fallback
            text += "    \"~*^\(language)$\" \(target);\n"
        }
        return text + "}\n\n"
    }

    /// A literal inside a PCRE pattern.
    static func regexEscaped(_ text: String) -> String {
        String(text.flatMap { ".+*?()[]{}|^$\\".contains($0) ? ["\\", $0] : [$0] })
    }

    /// A double-quoted nginx string.
    static func quoted(_ value: String) -> String {
        "\"" + value.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }
}
