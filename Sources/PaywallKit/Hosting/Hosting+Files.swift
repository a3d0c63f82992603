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

extension Hosting {
    /// The files a host reads at the top of the folder it publishes, wherever the site's own files are.
    static let rootFiles: Set<String> = ["_redirects", "_headers", "_worker.js", "_routes.json", ".nojekyll"]
}

extension SiteConfig {
    /// Where the site's files go in the output folder: below baseURL's path (`subscribe/`, decoded) when it goes to
    /// Netlify or Cloudflare Pages, which publish the folder at the host's root, so that the site answers at baseURL
    /// and the rules of `_redirects` and `_headers` (written below that path) meet its files; else at the top (``).
    public var outputFolder: String {
        guard hosting.contains(.netlify) || hosting.contains(.cloudflarePages) else { return "" }
        let prefix = SiteRoutes.prefix(of: baseURL)
        guard prefix != "/", let decoded = HostValue.percentDecoded(prefix.dropFirst()) else { return "" }
        return decoded
    }
}
