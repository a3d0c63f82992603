/// A host whose own files `hosting:` in paywall.yml asks the build to write at the output root.
public enum Hosting: String, Sendable, CaseIterable {
    /// `_redirects` (language rules with Netlify's `Language=` conditions, the 404 pages) and `_headers`.
    case netlify
    /// `_redirects` (the manifest refused) and `_headers`; the locale-less pages pick the language.
    case cloudflarePages = "cloudflare-pages"
    /// `.nojekyll`, so that every file is published as it is (the 404 pages are written for every site).
    case githubPages = "github-pages"

    /// `hosting: [netlify, github-pages]` (or one name), each host once.
    static func load(_ node: YAMLNode) throws(Diagnostic) -> [Hosting] {
        var hosts: [Hosting] = []
        for item in try node.sequenceOrScalar("hosting") {
            let host = try item.choice("hosting", Hosting.self)
            guard !hosts.contains(host) else {
                throw .error(item.location, "'\(host.rawValue)' is listed twice in hosting", hint: "list each host once")
            }
            hosts.append(host)
            if hosts.contains(.netlify), hosts.contains(.cloudflarePages) {
                throw .error(item.location, "netlify and cloudflare-pages read the same _redirects file, with rules the other does not take",
                             hint: "list the host this output is deployed to; build once per host (paywall build -o) to deploy to both")
            }
        }
        return hosts
    }

    /// The files this host reads, by path at the output root.
    func files(_ routes: SiteRoutes) -> [OutputFile] {
        switch self {
        case .netlify:
            [OutputFile("_redirects", HostFiles.redirects(routes, for: .netlify)), OutputFile("_headers", HostFiles.headers(routes))]
        case .cloudflarePages:
            [OutputFile("_redirects", HostFiles.redirects(routes, for: .cloudflarePages)), OutputFile("_headers", HostFiles.headers(routes))]
        case .githubPages:
            [OutputFile(".nojekyll", "")]
        }
    }

    /// The files of every host listed (never both Netlify and Cloudflare Pages: `load` refuses that).
    static func files(_ hosts: [Hosting], routes: SiteRoutes) -> [OutputFile] {
        hosts.flatMap { $0.files(routes) }
    }
}
