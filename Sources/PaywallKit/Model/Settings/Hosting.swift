/// A host whose own files `hosting:` in paywall.yml asks the build to write at the output root.
public enum Hosting: String, Sendable, CaseIterable {
    /// `_redirects` (language rules with Netlify's `Language=` conditions, the 404 pages) and `_headers`.
    case netlify
    /// `_redirects` (the manifest refused) and `_headers`; the locale-less pages pick the language.
    case cloudflarePages = "cloudflare-pages"
    /// `.nojekyll`, so that every file is published as it is (the 404 pages are written for every site).
    case githubPages = "github-pages"
}
