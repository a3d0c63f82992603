/// Which Content-Security-Policy a host sends with each path: a page's own, with the hash of the one script it holds,
/// so that header and `<meta>` allow the same script and a page without one allows none.
extension SiteRoutes {
    /// Where a host that publishes the output folder serves the build manifest: at the top of the folder, which is
    /// the site's path unless the site's files are below it (``folder``).
    var manifestPath: String { (folder.isEmpty ? prefix : "/") + Manifest.fileName }

    /// Whether any page holds a script: then the policy differs by path.
    public var hasScripts: Bool { !pagePolicies.isEmpty || !redirectPolicies.isEmpty }

    /// The policy for `path` below the prefix (`/`, `/de-DE/pro/`, `/de-DE/pro/current/pro.monthly/index.html`).
    public func policy(for path: String) -> String {
        let below = path.hasPrefix("/") ? path.dropFirst() : path[...]
        let folder = below == "index.html" ? "" : below.hasSuffix("/index.html") ? below.dropLast(10) : below
        if folder.isEmpty || folder.hasSuffix("/"), let policy = redirectPolicies[String(folder)] { return policy }
        let parts = below.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, let policy = pagePolicies["\(parts[0])/\(parts[1])/"] { return policy }
        return contentSecurityPolicy
    }

    /// Rules by path pattern below the prefix (`_headers`' form: `*` ends a prefix) that give every path of the
    /// output its policy, no two matching one path (Cloudflare Pages would join two policies into one, which allows
    /// only what both allow). A path the build writes no file at gets none (its 404 page's `<meta>` still applies).
    public func policyRules() -> [(pattern: String, policy: String)] {
        let none = contentSecurityPolicy
        var rules: [(pattern: String, policy: String)] = []
        func folder(_ path: String, _ policy: String?) {
            rules += [(path, policy ?? none), (path + "index.html", policy ?? none)]
        }
        folder("", redirectPolicies[""])
        let files = ["404.html", "offers.json", "experiments.json", "robots.txt", "sitemap.xml"]
        var taken = Set(["", "index.html", "assets", ".well-known"] + files)
        rules += files.map { ($0, none) } + [("assets/*", none), (".well-known/*", none), ("sitemap-*", none)]
        for page in pages where taken.insert(page.name).inserted {
            folder("\(page.name)/", redirectPolicies["\(page.name)/"])
        }
        for locale in locales where taken.insert(locale).inserted {
            folder("\(locale)/", redirectPolicies["\(locale)/"])
            rules += [("\(locale)/404.html", none), ("\(locale)/policies/*", none)]
            let variants = variantPages.filter { $0.value.contains(locale) }.keys.sorted()
            for name in pages.filter({ $0.locales.contains(locale) }).map(\.name) + variants {
                rules.append(("\(locale)/\(name)/*", pagePolicies["\(locale)/\(name)/"] ?? none))
            }
        }
        for name in statics where !name.hasPrefix("sitemap-")
            && taken.insert(name.hasSuffix("/") ? String(name.dropLast()) : name).inserted {
            rules.append((name.hasSuffix("/") ? name + "*" : name, none))
        }
        return rules
    }

    /// The first segment of each static path: a file's name, or a folder's with its slash; each once, in order.
    static func topNames(_ paths: [String]) -> [String] {
        var names: [String] = []
        for path in paths.sorted() {
            let name = path.split(separator: "/", maxSplits: 1).count > 1
                ? String(path.prefix { $0 != "/" }) + "/" : path
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `policy` with `'HASH'` in its `script-src` (added after `default-src`, as the pages' `<meta>` has it).
    static func allowing(_ hash: String, in policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingSpaces }
            .filter { !$0.isEmpty }
        let source = "'\(hash)'"
        if let index = directives.firstIndex(where: { $0.lowercased().hasPrefix("script-src") }) {
            if !directives[index].split(separator: " ").contains(Substring(source)) {
                directives[index] += " " + source
            }
        } else {
            directives.insert("script-src " + source, at: min(1, directives.count))
        }
        return directives.joined(separator: "; ")
    }

    /// `policy` without `'HASH'` in its `script-src` (and without a `script-src` left empty).
    static func removing(_ hash: String, from policy: String) -> String {
        let source = "'\(hash)'"
        return policy.split(separator: ";").map { $0.trimmingSpaces }.compactMap { directive -> String? in
            let words = directive.split(separator: " ")
            guard words.first?.lowercased() == "script-src", words.contains(Substring(source)) else {
                return directive.isEmpty ? nil : directive
            }
            let rest = words.filter { $0 != Substring(source) }
            return rest.count > 1 ? rest.joined(separator: " ") : nil
        }.joined(separator: "; ")
    }
}
