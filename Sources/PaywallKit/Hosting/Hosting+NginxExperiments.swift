/// The nginx block's experiments (DESIGN.md 5a), as ``SiteRoutes/experimentAnswer`` answers: `split_clients` on
/// `EXPERIMENT_ID:UNIT`, UNIT the unit query parameter (`$arg_NAME`, as written), else the `pw_visitor` cookie, else
/// the request's `$request_id`, which the response then sets as the cookie. The tested page's `NAME/` and
/// `LOCALE/NAME/` lead to the visitor's variant (the query kept) or serve the control, never cached for another
/// visitor. Every value is an identifier checked when paywall.yml was read, and quoted.
extension NginxConfig {
    /// The maps and `split_clients` of every experiment; empty without experiments.
    static func experimentMaps(_ routes: SiteRoutes) -> String {
        guard !routes.experiments.isEmpty else { return "" }
        let cookie = Experiment.cookie
        var text = "# Experiments (experiments.json): a visitor's unit is the unit query parameter as written, "
            + "else the \(cookie) cookie,\n# else this request's ID, which the response sets as the cookie (once).\n"
        text += "map $cookie_\(cookie) $paywall_visitor {\n    \"\" $request_id;\n    default $cookie_\(cookie);\n}\n"
        text += "map $uri $paywall_tested {\n    default 0;\n"
        for path in testedURIs(routes) { text += "    \(quoted(path)) 1;\n" }
        text += "}\n"
        let setCookie = SiteRoutes.visitorCookie("$request_id", path: routes.prefix)
        text += "map $paywall_tested$cookie_\(cookie) $paywall_set_cookie {\n    default \"\";\n"
            + "    1 \(quoted(setCookie));\n}\n"
        for (index, experiment) in routes.experiments.enumerated() {
            text += "# \(experiment.id): \(experiment.page)/ and LOCALE/\(experiment.page)/\n"
            if let unit = experiment.unit {
                text += "map $arg_\(unit) $paywall_unit_\(index) {\n    \"\" $paywall_visitor;\n"
                    + "    default $arg_\(unit);\n}\n"
            } else {
                text += "map $paywall_visitor $paywall_unit_\(index) {\n    default $paywall_visitor;\n}\n"
            }
            text += "split_clients \(quoted(experiment.key(unit: "") + "${paywall_unit_\(index)}")) "
                + "$paywall_variant_\(index) {\n"
            let ranges = experiment.ranges.filter { $0.from < $0.to }
            for (place, range) in ranges.enumerated() {
                let share = place == ranges.count - 1 ? "*" : SiteConfig.percent(range.weight) + "%"
                text += "    \(share) \(quoted(range.variant));\n"
            }
            text += "}\nmap $paywall_variant_\(index) $paywall_page_\(index) {\n"
                + "    default \(quoted(experiment.page));\n"
            for range in ranges where range.page != experiment.page {
                text += "    \(quoted(range.variant)) \(quoted(range.page));\n"
            }
            text += "}\n"
        }
        return text + "\n"
    }

    /// The addresses whose answer depends on the visitor: `/NAME/`, `/LOCALE/NAME/` and its index file (the
    /// control's page is served from it).
    static func testedURIs(_ routes: SiteRoutes) -> [String] {
        routes.experiments.flatMap { experiment in
            ["/\(experiment.page)/"] + (routes.locales(ofPage: experiment.page) ?? []).flatMap {
                ["/\($0)/\(experiment.page)/", "/\($0)/\(experiment.page)/index.html"]
            }
        }
    }

    /// `$paywall_cache` and `$paywall_vary` entries for the tested addresses (exact keys win over the maps' regexes).
    static func experimentCache(_ routes: SiteRoutes, header: String) -> String {
        let value = SiteRoutes.experimentHeaders.first { $0.0 == header }?.1 ?? ""
        return testedURIs(routes).map { "    \(quoted($0)) \(quoted(value));\n" }.joined()
    }

    /// The variable holding the page a locale-less `/NAME/` leads to, when `name` is tested.
    static func experimentPage(_ name: String, _ routes: SiteRoutes) -> String? {
        routes.experiments.firstIndex { $0.page == name }.map { "$paywall_page_\($0)" }
    }

    /// `LOCALE/NAME/` of each tested page: a redirect to the visitor's variant, else the control's own page.
    static func experimentLocations(_ routes: SiteRoutes) -> String {
        var text = ""
        for (index, experiment) in routes.experiments.enumerated() {
            for locale in routes.locales(ofPage: experiment.page) ?? [] {
                text += "    location = /\(locale)/\(experiment.page)/ { if ($paywall_page_\(index) != "
                    + "\(quoted(experiment.page))) { return 302 \(routes.prefix)\(locale)/$paywall_page_\(index)/"
                    + "$is_args$args; } }\n"
            }
        }
        return text
    }
}
