import Mustache
import PaywallKit

extension FuzzEntry {
    /// A content file as a site build reads it: `ContentFiles` (front matter split by `PageLoader.frontMatter`,
    /// its YAML, the body's link checks and, with `allowRawHTML`, `RawHTMLCheck`; the body parsed as a template)
    /// with raw HTML allowed and not, then the page built from the front matter and the body's placeholders
    /// filled. The whole text is also checked and rendered as plain Markdown (a policy page has no front matter).
    @Sendable public static func markdown(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        for allowRawHTML in [false, true] {
            var diagnostics = Diagnostics()
            let files = ContentFiles(["page.md": text], folder: "site", allowRawHTML: allowRawHTML, diagnostics: &diagnostics)
            _ = files.policyPageReferences(readBy: ["en-US"])
            if let page = files.page("page", locale: "en-US", diagnostics: &diagnostics) {
                var markdown = page.body
                if case .success(let template)? = page.bodyTemplate,
                   let filled = try? TemplateLibrary().render(template, markdownContext, strict: true, escape: { "\\" + $0 }) {
                    markdown = filled
                    // The check a build makes once placeholders are filled (catalog text in link targets and attributes).
                    MarkdownCheck.check(filled, file: page.file, firstLine: page.bodyLine, allowRawHTML: allowRawHTML, diagnostics: &diagnostics)
                }
                _ = Markdown.render(markdown, allowRawHTML: allowRawHTML).html.utf8.count
            }
            checkLocations(diagnostics)
        }
        var diagnostics = Diagnostics()
        MarkdownCheck.check(text, file: "site/content/terms.md", firstLine: 1, allowRawHTML: true, diagnostics: &diagnostics)
        checkLocations(diagnostics)
        for allowRawHTML in [false, true] {
            let rendered = Markdown.render(text, allowRawHTML: allowRawHTML)
            _ = (rendered.html.utf8.count, rendered.firstH1)
        }
    }

    /// A few of the names a page's placeholders can use; no lists, so a placeholder renders once. Built per input:
    /// LeakSanitizer cannot see into a global `MustacheValue` (indirect cases keep tag bits in their pointers).
    static var markdownContext: MustacheValue { [
        "title": "Pro *plan*", "app": ["name": "Weather <Pro>"], "group": ["displayName": "Pro & Co"],
        "products": ["pro": ["price": "$4.99", "pricePerMonth": "$0.41", "offer": ["text": "1 week free"],
                             "displayName": "javascript:alert(1)", "description": "x onerror=alert(1) '\"", "subscribeURL": "http://evil.example/"]],
    ] }
}
