/// How a host answers an experiment's addresses (DESIGN.md 5a), written once here for `serve` and mirrored by the
/// nginx block and the Cloudflare worker: the tested page's `NAME/` and `LOCALE/NAME/` lead each visitor to their
/// variant's page, by the hash of `EXPERIMENT_ID:UNIT`, UNIT being the `unit` query parameter as the URL writes it,
/// else the `pw_visitor` cookie, which is set once (to a new random ID) when the request has none.
extension SiteRoutes {
    /// What a host does with a request for an experiment's address.
    public struct ExperimentAnswer: Sendable, Equatable {
        public var experiment: String
        public var variant: String
        /// Where to redirect (below the host, query kept); nil: serve the file at the requested path (the control's
        /// page, to its own visitors and the holdout).
        public var location: String?
        /// The `Set-Cookie` value when the request had no visitor cookie.
        public var setCookie: String?
    }

    /// Sent with every answer of an experiment's address: no shared cache may keep one visitor's answer for another.
    public static let experimentHeaders = [("Cache-Control", "private, no-store"),
                                           ("Vary", "Accept-Language, Cookie")]

    /// The experiment and locale (nil for a locale-less `NAME/`) of `path` below the prefix, when it is a tested
    /// page's address.
    public func experiment(at path: String) -> (experiment: Experiment, locale: String?)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first?.isEmpty == true, parts.last?.isEmpty == true, (3...4).contains(parts.count) else {
            return nil
        }
        let name = String(parts[parts.count - 2])
        guard let experiment = experiments.first(where: { $0.page == name }),
              let pageLocales = locales(ofPage: name) else { return nil }
        if parts.count == 3 { return (experiment, nil) }
        let locale = String(parts[1])
        return pageLocales.contains(locale) ? (experiment, locale) : nil
    }

    /// The answer to a request for `path` (below the prefix) with `query` (as the URL writes it, without `?`), the
    /// `cookie` header and `Accept-Language`; `newVisitor` makes a random ID for a visitor without one. `preview`:
    /// a variant to show whatever the hash says (`serve`'s `?variant=NAME`); `cookiePath`: the cookie's path, else
    /// the site's. nil when `path` is no experiment's.
    public func experimentAnswer(path: String, query: String?, cookie: String?, acceptLanguage: String?,
                                 preview: String? = nil, cookiePath: String? = nil,
                                 newVisitor: () -> String) -> ExperimentAnswer? {
        guard let (experiment, requested) = experiment(at: path) else { return nil }
        let pageLocales = locales(ofPage: experiment.page) ?? []
        let locale = requested ?? LanguageNegotiation.best(for: acceptLanguage, among: pageLocales,
                                                           defaultLocale: defaultLocale)
        let cookieVisitor = Self.cookieValue(Experiment.cookie, in: cookie).flatMap { $0.isEmpty ? nil : $0 }
        let visitor = cookieVisitor ?? newVisitor()
        let setCookie = cookieVisitor == nil ? Self.visitorCookie(visitor, path: cookiePath ?? prefix) : nil
        let parameter = experiment.unit.flatMap { Self.queryValue($0, in: query) }
        let unit = parameter.flatMap { $0.isEmpty ? nil : $0 } ?? visitor
        let ranges = experiment.ranges
        guard var range = experiment.assignment(unit: unit) ?? ranges.last else { return nil }
        if let preview, let chosen = ranges.first(where: { $0.variant == preview }) { range = chosen }
        let page = variantPages[range.page]?.contains(locale) == true ? range.page : experiment.page
        let target = "\(locale)/\(page)/"
        let location = requested != nil && page == experiment.page ? nil : prefix + target
        return ExperimentAnswer(experiment: experiment.id, variant: range.variant, location: location,
                                setCookie: setCookie)
    }

    /// The `Set-Cookie` value that keeps a new visitor's ID for a year, below the site's path.
    public static func visitorCookie(_ id: String, path: String) -> String {
        "\(Experiment.cookie)=\(id); Path=\(path); Max-Age=31536000; SameSite=Lax"
    }

    /// The value of the first parameter `name` (ASCII case ignored, as nginx's `$arg_NAME`) in `query`, as written.
    public static func queryValue(_ name: String, in query: String?) -> String? {
        guard let query, !name.isEmpty else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals].lowercased() == name.lowercased() { return String(pair[pair.index(after: equals)...]) }
        }
        return nil
    }

    /// The value of the first cookie `name` (ASCII case ignored, as nginx's `$cookie_NAME`) in a `Cookie` header, as
    /// written (spaces around it dropped).
    public static func cookieValue(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.drop { $0 == " " || $0 == "\t" }
            guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == name.lowercased() else {
                continue
            }
            return String(pair[pair.index(after: equals)...].reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return nil
    }
}
