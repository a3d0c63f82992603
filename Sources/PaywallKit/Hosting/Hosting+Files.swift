extension Hosting {
    /// The files this host reads, by path at the output root.
    func files(_ routes: SiteRoutes) -> [OutputFile] {
        switch self {
        case .netlify:
            [OutputFile("_redirects", HostFiles.redirects(routes, for: .netlify)),
             OutputFile("_headers", HostFiles.headers(routes))]
        case .cloudflarePages:
            [OutputFile("_redirects", HostFiles.redirects(routes, for: .cloudflarePages)),
             OutputFile("_headers", HostFiles.headers(routes))] + PagesWorker.files(routes)
        case .githubPages:
            [OutputFile(".nojekyll", "")]
        }
    }

    /// The files of every host listed (never both Netlify and Cloudflare Pages: `load` refuses that).
    static func files(_ hosts: [Hosting], routes: SiteRoutes) -> [OutputFile] {
        hosts.flatMap { $0.files(routes) }
    }
}
