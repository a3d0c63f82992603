import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// Every header policy a host sends with a page allows exactly the script that page holds: the one `serve` sends
/// (`SiteRoutes.policy(for:)`), the `_headers` rules of Netlify and Cloudflare Pages, and the nginx block's
/// `$paywall_csp` map, each held to the page's own `<meta>` for every page the build writes.
@Suite struct PagePolicyTests {
    /// The hosting site with `actions.carry` (store pages hold the carry script; the redirecting pages the
    /// forward script), an experiment's variant, a plain page with `app.redeem`, a static file and a static folder.
    static func carrySite(_ hosting: String) -> SiteBuilder.Result {
        HostingSite.site.with { site in
            site.config = (site.config ?? "").replacingOccurrences(
                of: "  changePlan:", with: "  carry: { app_user_id: client_reference_id }\n  changePlan:")
                .replacingOccurrences(of: "app: { name: Birdwatch }", with: "app: { name: Birdwatch, "
                    + "openURL: https://example.com/open, redeem: { parameter: redeem_url, prefixes: [\"bw://\"] } }")
                + "hosting: \(hosting)\n"
                + "experiments:\n  - { id: yearly-first, page: pro, variants: { control: 50, annual: 50 }, "
                + "unit: app_user_id }\n"
            site.content["pro+annual.md"] = site.content["pro.md"]
            site.content["welcome.md"] = "---\ntitle: Welcome\n---\nThanks for subscribing.\n"
            site.statics = ["hello.txt": Data("hi".utf8), ".well-known/apple-app-site-association": Data(Self.aasa.utf8),
                            "press/kit.html": Data("<p>kit</p>".utf8)]
        }.build()
    }

    static let aasa = "{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"], "
        + "\"components\": [{\"/\": \"/subscribe/*\"}]}]}}"

    /// Each HTML file of a build with the header policy its `<meta>` asks for.
    /// (The paths are the site's: below `subscribe/` in the output when the host publishes the output at its root.)
    static func pages(_ result: SiteBuilder.Result) -> [(path: String, policy: String)] {
        let folder = result.routes?.folder ?? ""
        return result.files.filter { $0.path.hasSuffix(".html") && !$0.path.hasPrefix(folder + "press/") }
            .compactMap { file in
                HostHeaders.metaPolicy(in: String(decoding: file.data, as: UTF8.self))
                    .map { (String(file.path.dropFirst(folder.count)), HostHeaders.headerPolicy($0)) }
            }
    }

    /// The addresses a page answers at: its file, and its folder for an `index.html`.
    static func addresses(_ path: String) -> [String] {
        path.hasSuffix("index.html") ? ["/" + path, "/" + path.dropLast("index.html".count)] : ["/" + path]
    }

    @Test func serveAndEachHostFileSendEachPageThePolicyOfItsMeta() throws {
        let result = Self.carrySite("cloudflare-pages")
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let routes = try #require(result.routes)
        #expect(routes.folder == "subscribe/")
        let blocks = HostFilesTests.headers(try #require(TestSite.file("_headers", of: result)))
        let pages = Self.pages(result)
        #expect(pages.count > 12)
        var scripted = 0
        for (path, policy) in pages {
            if policy.contains("script-src") { scripted += 1 }
            for address in Self.addresses(path) {
                #expect(routes.policy(for: address) == policy, "serve: \(address)")
                let (headers, twice) = HostFilesTests.headers(for: "/subscribe" + address, in: blocks)
                #expect(twice.isEmpty, "\(address) gets \(twice) from two rules")
                #expect(headers["Content-Security-Policy"] == policy, "_headers: \(address)")
            }
        }
        // Store pages (with their customer-state pages and an experiment's variant), the root, the locale homes and
        // the locale-less pages.
        #expect(scripted > 8)
        #expect(pages.contains { $0.path == "de-DE/pro+annual/index.html" && $0.policy.contains("script-src") })
        // The 404 pages hold no script, and their headers allow none; the plain page allows app.redeem's alone.
        for path in ["de-DE/404.html", "404.html"] {
            #expect(pages.first { $0.path == path }?.policy.contains("script-src") == false, "\(path)")
        }
        let welcome = try #require(pages.first { $0.path == "de-DE/welcome/index.html" }?.policy)
        #expect(welcome.contains("script-src 'sha256-") && !welcome.contains(ForwardScript.shared.hash))
        for path in ["/subscribe/hello.txt", "/subscribe/press/kit.html", "/subscribe/.well-known/apple-app-site-association",
                     "/subscribe/assets/icon.svg"] {
            let (headers, twice) = HostFilesTests.headers(for: path, in: blocks)
            #expect(twice.isEmpty && headers["Content-Security-Policy"] == routes.contentSecurityPolicy, "\(path)")
        }
    }

    @Test func theNginxMapGivesEachPageThePolicyOfItsMeta() throws {
        let result = Self.carrySite("[]")
        let routes = try #require(result.routes)
        let block = NginxConfig.server(routes, root: "/srv/site", listen: .init(port: 8080), serverName: nil)
        #expect(block.contains("    add_header Content-Security-Policy $paywall_csp always;"))
        let map = try #require(block.components(separatedBy: "map $uri $paywall_csp {\n").last?
            .components(separatedBy: "\n}\n").first)
        // nginx's map: the regular expressions in order, the first that matches; else the default.
        var fallback = "", patterns: [(NSRegularExpression, String)] = []
        for line in map.split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces).dropLast().components(separatedBy: "\" \"")
            if line.hasPrefix("    default ") {
                fallback = String(line.dropFirst("    default \"".count).dropLast(2))
            } else {
                let pattern = words[0].dropFirst(2).replacingOccurrences(of: "\\\\", with: "\\")
                patterns.append((try NSRegularExpression(pattern: pattern), String(words[1].dropLast())))
            }
        }
        #expect(patterns.count >= 2)
        for (path, policy) in Self.pages(result) {
            // $uri once nginx has added the index file.
            let uri = "/" + path
            let range = NSRange(uri.startIndex..., in: uri)
            let mapped = patterns.first { $0.0.firstMatch(in: uri, range: range) != nil }?.1 ?? fallback
            #expect(mapped == policy, "nginx: \(uri)")
        }
    }

    @Test func withoutCarryNoPageHasAScriptAndOnePolicyCoversTheSite() throws {
        let result = HostingSite.build("[netlify]")
        let routes = try #require(result.routes)
        #expect(!routes.hasScripts)
        #expect(Self.pages(result).allSatisfy { !$0.policy.contains("script-src") })
        let headers = try #require(TestSite.file("_headers", of: result))
        #expect(headers.components(separatedBy: "Content-Security-Policy:").count == 2)
        let block = NginxConfig.server(routes, root: "/srv/site", listen: .init(port: 8080), serverName: nil)
        #expect(!block.contains("$paywall_csp"))
    }

    @Test func theRedirectingPagesForwardTheQueryWithTheScriptTheirPolicyAllows() throws {
        let result = Self.carrySite("[]")
        let script = ForwardScript.shared
        for path in ["index.html", "pro/index.html", "welcome/index.html", "de-DE/index.html"] {
            let page = try #require(TestSite.file(path, of: result), "\(path)")
            #expect(page.contains("<script>\(script.source)</script>"), "\(path)")
            #expect(page.contains("script-src '\(script.hash)'"), "\(path)")
            #expect(page.contains("<meta http-equiv=\"refresh\""), "\(path)")
        }
        let digest = SHA256.digest(Array(script.source.utf8))
        #expect(script.hash == "sha256-" + Data(digest).base64EncodedString())
        for path in ["404.html", "de-DE/404.html"] {
            #expect(TestSite.file(path, of: result)?.contains("<script") == false, "\(path)")
        }
        #expect(TestSite.file("index.html", of: HostingSite.build(nil))?.contains("<script") == false)
    }
}
