import Foundation
import PaywallKit
import Testing
@testable import PaywallServer

/// `serve` as the hosts: only its own host names (DNS rebinding), the site's headers on everything, the
/// Accept-Language redirects, the manifest refused, each locale's 404 page, the universal-links file as JSON.
@Suite struct HostingResponderTests {
    static let root = "/srv/public"
    static let policy = "default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; form-action https:; frame-ancestors 'none'"
    static let routes = SiteRoutes(locales: ["en-US", "de-DE"], defaultLocale: "en-US", pages: [("pro", ["en-US", "de-DE"]), ("thanks", ["en-US"])],
                                   homes: ["en-US": "en-US/pro/", "de-DE": "de-DE/pro/"], prefix: "/subscribe/",
                                   stylesheet: "assets/paywall.0123456789.css", contentSecurityPolicy: policy)
    let responder = SiteResponder(files: StaticFiles(root: root, source: MemoryFiles([
        "/srv/public/index.html": "<html><head></head><body>chooser</body></html>",
        "/srv/public/en-US/pro/index.html": "<html><head></head><body>pro</body></html>",
        "/srv/public/assets/paywall.0123456789.css": "body{}",
        "/srv/public/paywall-manifest.json": "{}",
        "/srv/public/.well-known/apple-app-site-association": "{\"applinks\":{}}",
        "/srv/public/404.html": "<html><head></head><body>Root 404</body></html>",
        "/srv/public/de-DE/404.html": "<html><head></head><body>Deutsche 404</body></html>",
    ])), hub: LiveReload(), allowedHosts: .init(host: "127.0.0.1"), routes: { HostingResponderTests.routes })

    func respond(_ target: String, host: String? = "127.0.0.1:8080", _ headers: [(name: String, value: String)] = []) -> HTTPResponse {
        let all = (host.map { [("Host", $0)] } ?? []) + headers
        switch responder.respond(to: HTTPRequest(method: "GET", target: target, headers: all)) {
        case .response(let response): return response
        case .eventStream(let head, _): return head
        }
    }

    @Test func onlyThePreviewsOwnNamesAreAnswered() {
        let allowed = SiteResponder.AllowedHosts(host: "127.0.0.1")
        for host in ["localhost", "LOCALHOST:8080", "localhost.", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:8080"] {
            #expect(allowed.allows(host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "[::1", "[::1]x",
                     "127.0.0.1:8080x", "192.168.1.5:8080", "", "[::2]:8080"] {
            #expect(!allowed.allows(host), "\(host)")
        }
        #expect(allowed.allows(nil))  // HTTP/1.0 without Host: no browser sends that
        let named = SiteResponder.AllowedHosts(host: "mybox.local")
        #expect(named.allows("mybox.local:8080") && named.allows("localhost") && !named.allows("other.local"))
        let v6 = SiteResponder.AllowedHosts(host: "::1")
        #expect(v6.allows("[::1]:9000"))
        // Bound to every interface: any address (a page elsewhere cannot send one as its Host), still no other name.
        let everywhere = SiteResponder.AllowedHosts(host: "0.0.0.0")
        #expect(everywhere.allows("192.168.1.5:8080") && everywhere.allows("[fe80::1]:8080") && !everywhere.allows("evil.example:8080"))
    }

    @Test func anotherHostIsRefusedWithAReason() {
        let response = respond("/en-US/pro/", host: "rebound.evil.example:8080")
        #expect(response.status.code == 403)
        #expect(String(decoding: response.body, as: UTF8.self).contains("not 'rebound.evil.example:8080'"))
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(respond("/__paywall/events", host: "evil.example").status.code == 403)
    }

    @Test func everythingCarriesTheSiteHeaders() {
        for target in ["/en-US/pro/", "/assets/paywall.0123456789.css", "/de-DE/nothing", "/__paywall/reload.js", "/", "/nothing"] {
            let response = respond(target, [("Accept-Language", "de")])
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(target)")
            #expect(response.header("Referrer-Policy") == "strict-origin-when-cross-origin", "\(target)")
            // The page policy as a header, with the live-reload script the pages load allowed.
            #expect(response.header("Content-Security-Policy") == Self.policy + "; script-src 'self'; connect-src 'self'", "\(target)")
        }
    }

    @Test func theRootAndLocaleLessPagesRedirectByLanguage() {
        let german = respond("/", [("Accept-Language", "de-CH,de;q=0.9,en;q=0.5")])
        #expect(german.status.code == 302)
        #expect(german.header("Location") == "/de-DE/pro/")
        #expect(german.header("Vary") == "Accept-Language")
        #expect(respond("/", [("Accept-Language", "fr-FR")]).header("Location") == "/en-US/pro/")
        #expect(respond("/").header("Location") == "/en-US/pro/")
        #expect(respond("/pro/?utm_source=app", [("Accept-Language", "de")]).header("Location") == "/de-DE/pro/?utm_source=app")
        // A page written in one locale only: there it goes.
        #expect(respond("/thanks/", [("Accept-Language", "de")]).header("Location") == "/en-US/thanks/")
        // The baseURL's path is answered too (the 404 pages link there), and a redirect asked there stays there.
        #expect(respond("/subscribe/pro/?app_user_id=u-42", [("Accept-Language", "de")]).header("Location")
                    == "/subscribe/de-DE/pro/?app_user_id=u-42")
        #expect(respond("/subscribe/en-US/pro/").status == .ok)
        #expect(respond("/en-US/pro/").status == .ok)
    }

    @Test func theManifestIsNotServed() {
        let response = respond("/paywall-manifest.json")
        #expect(response.status == .notFound)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Root 404"))
        #expect(respond("/subscribe/paywall-manifest.json").status == .notFound)
    }

    /// The refusal is of the file, however its path is spelled: escapes decoded, repeated slashes as one.
    @Test(arguments: ["/%70aywall-manifest.json", "//paywall-manifest.json", "/%2Fpaywall-manifest.json",
                      "///paywall%2Dmanifest.json",
                      "/subscribe//paywall-manifest.json", "/subscribe/%70aywall-manifest.json",
                      "/paywall-manifest.json?x=1"])
    func theManifestIsNotServedByAnotherSpelling(_ target: String) {
        let response = respond(target)
        #expect(response.status == .notFound, "\(target)")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("{}"), "\(target)")
    }

    @Test func aMissingPathShowsItsLocalesNotFoundPage() {
        let german = respond("/de-DE/gibt-es-nicht/")
        #expect(german.status == .notFound)
        #expect(String(decoding: german.body, as: UTF8.self).contains("Deutsche 404"))
        #expect(String(decoding: respond("/subscribe/de-DE/x").body, as: UTF8.self).contains("Deutsche 404"))
        #expect(String(decoding: respond("/en-US/x").body, as: UTF8.self).contains("Root 404"))
    }

    @Test func theUniversalLinksFileIsJSON() {
        let response = respond("/.well-known/apple-app-site-association")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "application/json")
        #expect(MIMETypes.contentType(forPath: "/srv/public/apple-app-site-association") == MIMETypes.fallback)
    }

    @Test func theBuiltInPagesKeepTheirOwnStyle() {
        let bare = SiteResponder(files: StaticFiles(root: "/srv/public", source: MemoryFiles(["/srv/public/index.html": "x"])), hub: LiveReload())
        guard case .response(let response) = bare.respond(to: HTTPRequest(method: "GET", target: "/missing", headers: [("Host", "localhost")])) else {
            Issue.record("no response")
            return
        }
        #expect(response.status == .notFound)
        #expect(response.header("Content-Security-Policy")?.contains("style-src 'unsafe-inline'") == true)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }
}
