import Mustache

/// `sitemap.xml`: every page a search engine should list, in each locale it is written in, with the page's hreflang
/// alternates (each locale and x-default, as its own `<head>` names them) as `xhtml:link`. Left out: a customer's
/// pages (`current/ID/`, `lapsed/ID/`) and plain thank-you pages, which carry `noindex`; the 404 pages; the root,
/// `LOCALE/` and locale-less `NAME/` addresses, which lead to a page. Written only with `baseURL`, since a sitemap
/// lists absolute URLs. More than 50,000 URLs or 40 MB (the protocol's limits, with room) make `sitemap.xml` an
/// index of `sitemap-1.xml`, `sitemap-2.xml`, ….
enum Sitemap {
    static let fileName = "sitemap.xml"
    /// The most URLs, and bytes, one sitemap file holds.
    static let limits = (urls: 50_000, bytes: 40_000_000)

    /// One page in every locale it is written in: each locale's path below the site, and the default locale's.
    struct Entry {
        var paths: [(locale: String, path: String)]
        var defaultPath: String
    }

    /// The store pages (not plain ones) by name, then the policy pages, each in its locales.
    static func entries(_ site: LoadedSite, routes: SiteRoutes) -> [Entry] {
        var entries: [Entry] = []
        let plain = Set(site.allPages.lazy.filter(\.isPlain).map(\.name))
        for page in routes.pages where !plain.contains(page.name) && !page.locales.isEmpty {
            let paths = page.locales.map { (locale: $0, path: "\($0)/\(page.name)/") }
            let defaultPath = paths.first { $0.locale == site.defaultLocale }?.path
            entries.append(Entry(paths: paths, defaultPath: defaultPath ?? paths[0].path))
        }
        for policy in PolicyPages.links(config: site.config, catalog: site.catalog, pages: site.allPages) {
            let slug = PolicyPages.slug(policy.link)
            let paths = site.locales.map { (locale: $0, path: "\($0)/policies/\(slug)/") }
            guard let first = paths.first else { continue }
            entries.append(Entry(paths: paths, defaultPath: first.path))
        }
        return entries
    }

    /// The sitemap files for `baseURL` (ending in `/`): `sitemap.xml`, or it and the files it indexes.
    static func files(_ entries: [Entry], baseURL: String) -> [OutputFile] {
        let base = htmlEscaped(baseURL)
        var chunks: [String] = []
        var chunk = "", urls = 0
        for page in entries {
            let alternates = page.paths.map { alternate in
                "<xhtml:link rel=\"alternate\" hreflang=\"\(alternate.locale)\" href=\"\(base)\(alternate.path)\"/>\n"
            }.joined() + "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"\(base)\(page.defaultPath)\"/>\n"
            for (_, path) in page.paths {
                let url = "<url>\n<loc>\(base)\(path)</loc>\n\(alternates)</url>\n"
                if urls == limits.urls || chunk.utf8.count + url.utf8.count > limits.bytes {
                    chunks.append(chunk)
                    (chunk, urls) = ("", 0)
                }
                chunk += url
                urls += 1
            }
        }
        chunks.append(chunk)
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let urlset = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
            + "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        guard chunks.count > 1 else { return [OutputFile(fileName, head + urlset + chunks[0] + "</urlset>\n")] }
        var files: [OutputFile] = []
        var index = head + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for (number, text) in chunks.enumerated() {
            let name = "sitemap-\(number + 1).xml"
            files.append(OutputFile(name, head + urlset + text + "</urlset>\n"))
            index += "<sitemap><loc>\(base)\(name)</loc></sitemap>\n"
        }
        return [OutputFile(fileName, index + "</sitemapindex>\n")] + files
    }

    /// `robots.txt`: every path open to crawlers, and where the sitemap is.
    static func robots(baseURL: String) -> OutputFile {
        OutputFile("robots.txt", "User-agent: *\nAllow: /\n\nSitemap: \(baseURL)\(fileName)\n")
    }
}
