import Foundation
import Testing
@testable import PaywallKit

/// Values written into host configurations: hostile ones refused where they are written (paywall.yml's line and
/// column), good ones written exactly.
@Suite struct HostValueTests {
    let config = "site/paywall.yml"

    /// The probe and its relatives: each would add an nginx directive, a `_redirects` rule or an open
    /// redirect, or expand an nginx variable.
    @Test(arguments: [
        "https://x%3B%20location%20%2Fleak%2F%20%7B%20alias%20%2Fetc%2F%3B%20%7D%20server_name%20y/",
        "https://x.example;y/", "https://x$host.example/", "https://x%2Ey.example/", "https://x y.example/",
        "https://user@x.example/", "https://x.example:0x1/", "https://x.example/a?b=1", "https://x.example/a#top",
        "https://x.example/a;b/", "https://x.example/a%3Bb/", "https://x.example/$uri/",
        "https://x.example/a%24arg_next/",
        "https://x.example/a{b}/", "https://x.example/a%7Db/", "https://x.example/a\"b/", "https://x.example/a''b/",
        "https://x.example/a%27b/", "https://x.example/a%20b/", "https://x.example/a%0Ab/",
        "https://x.example/a%0D%0Ab/",
        "https://x.example//evil.example/", "https://x.example/a//b/", "https://x.example/a%2Fb/",
        "https://x.example/./",
        "https://x.example/a/../", "https://x.example/%2E%2E/", "https://x.example/a*b/", "https://x.example/:splat/",
        "https://x.example/a%5Cb/", "https://x.example/a%zzb/", "https://x.example/a%FFb/", "https://x.example/a%25b/",
    ])
    func aHostileBaseURLIsAnErrorAtItsPlace(_ url: String) {
        let site = TestSite().config(replacing: "baseURL: https://example.com/subscribe/", with: "baseURL: '\(url)'")
        let errors = site.errors
        #expect(errors.count == 1, "\(errors.map(\.description))")
        let error = errors.first { $0.message.hasPrefix("baseURL") }
        #expect(error?.location.file == config, "\(errors)")
        #expect(error?.location.line == 1 && error?.location.column == 10, "\(errors)")
    }

    @Test(arguments: ["https://example.com/", "https://example.com/subscribe/", "https://example.com:8443/a-b.c_d~e/",
                      "https://bücher.example/abo/", "https://example.com/%C3%BCber/", "https://example.com/über/",
                      "https://EXAMPLE.com/x"])
    func aGoodBaseURLBuilds(_ url: String) {
        let errors = TestSite().config(replacing: "baseURL: https://example.com/subscribe/", with: "baseURL: '\(url)'")
            .errors
        #expect(errors.isEmpty, "\(errors.map(\.description))")
    }

    @Test func hostNamesAreWrittenInTheirASCIIForm() {
        #expect(HostValue.hostName("bücher.example") == "xn--bcher-kva.example")
        #expect(HostValue.hostName("EXAMPLE.com") == "example.com")
        #expect(HostValue.hostName("例え.テスト") == "xn--r8jz45g.xn--zckzah")
        #expect(HostValue.hostName("[::1]") == "[::1]")
        #expect(HostValue.hostName("example.com.") == "example.com.")
        for bad in ["", "a b", "a;b", "a$b", "a%2eb", "-a.example", "a..b", ".", "a_b.example", "a\nb", "[::1", "[x;]",
                    "a\"b", "a{b}"] {
            #expect(HostValue.hostName(bad) == nil, "\(bad)")
        }
        let result = TestSite().config(replacing: "baseURL: https://example.com/subscribe/",
                                       with: "baseURL: https://bücher.example/abo/").build()
        let routes = result.routes
        #expect(routes?.host == "xn--bcher-kva.example")
        let block = routes.map { NginxConfig.server($0, root: "/srv/out", listen: .init(), serverName: $0.host) } ?? ""
        #expect(block.contains("    server_name xn--bcher-kva.example;\n"))
        #expect(block.contains("    rewrite \"^/abo(/.*)$\" $1 last;\n"))
    }

    /// A policy's HTML line breaks become single spaces; any other control character is an error in _headers' build.
    @Test func aPolicyIsOneLineInTheHostFiles() {
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';\n  style-src\t'self'\">"
        #expect(HostHeaders.headerPolicy(HostHeaders.metaPolicy(in: meta) ?? "")
                == "default-src 'none'; style-src 'self'; frame-ancestors 'none'")
        #expect(HostValue.headerValueProblem("default-src 'none'\u{1}") == "has a control character (U+0001)")
        #expect(HostValue.headerValueProblem("default-src 'none'\u{85}x") == "has a control character (U+0085)")
        #expect(HostValue.headerValueProblem(HostHeaders.defaultPolicy) == nil)
    }

    /// A site's meta template whose policy spans lines gives _headers one line; a control character is an error.
    @Test func aTemplatesPolicyCannotAddAHeader() throws {
        let meta = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../templates/partials/meta.mustache"), encoding: .utf8)
        let spanning = meta.replacingOccurrences(of: "style-src 'self';", with: "style-src 'self';\nX-Injected: yes\n")
        let site = TestSite().with { $0.config = ($0.config ?? "") + "hosting: [netlify]\n" }
        let built = site.with { $0.templates["partials/meta.mustache"] = spanning }.build()
        #expect(built.diagnostics.errors.isEmpty, "\(built.diagnostics.errors)")
        let headers = TestSite.file("_headers", of: built) ?? ""
        let policy = "  Content-Security-Policy: default-src 'none'; style-src 'self'; X-Injected: yes img-src"
        #expect(headers.contains(policy), "\(headers)")
        #expect(!headers.contains("\nX-Injected"))
        let control = meta.replacingOccurrences(of: "style-src 'self';", with: "style-src 'self';\u{1}")
        let errors = site.with { $0.templates["partials/meta.mustache"] = control }.errors
        let line = TestSite.line(of: "hosting:", in: site.config ?? "")
        expectError(errors, "Content-Security-Policy (the theme's <meta>) has a control character (U+0001)",
                    file: config, line: line)
    }
}
