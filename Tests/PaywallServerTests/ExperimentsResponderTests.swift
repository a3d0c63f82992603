import Foundation
import PaywallKit
import Testing
@testable import PaywallServer

/// `serve` assigns an experiment's visitors as the hosts do: the tested page's addresses redirect to the visitor's
/// variant (query kept) or show the control, with the visitor cookie set once; `?variant=NAME` previews one.
@Suite struct ExperimentsResponderTests {
    static let experiment = Experiment(id: "yearly-first", page: "pro",
                                       variants: [.init(name: "control", weight: 5000, location: .init(file: "")),
                                                  .init(name: "annual", weight: 5000, location: .init(file: ""))],
                                       unit: "app_user_id", location: .init(file: ""), pageLocation: .init(file: ""),
                                       variantsLocation: .init(file: ""))
    static let routes: SiteRoutes = {
        var routes = SiteRoutes(locales: ["en-US", "de-DE"], defaultLocale: "en-US",
                                pages: [("pro", ["en-US", "de-DE"])],
                                homes: ["en-US": "en-US/pro/", "de-DE": "de-DE/pro/"], prefix: "/subscribe/",
                                stylesheet: "assets/paywall.0123456789.css", contentSecurityPolicy: "default-src 'none'")
        routes.experiments = [experiment]
        routes.variantPages = ["pro+annual": ["en-US", "de-DE"]]
        return routes
    }()
    let responder = SiteResponder(files: StaticFiles(root: "/srv/public", source: MemoryFiles([
        "/srv/public/en-US/pro/index.html": "<html><head></head><body>control</body></html>",
        "/srv/public/en-US/pro+annual/index.html": "<html><head></head><body>annual</body></html>",
    ])), hub: LiveReload(), allowedHosts: .init(host: "127.0.0.1"), routes: { ExperimentsResponderTests.routes })

    func respond(_ target: String, _ headers: [(name: String, value: String)] = []) -> HTTPResponse {
        switch responder.respond(to: HTTPRequest(method: "GET", target: target,
                                                 headers: [("Host", "127.0.0.1")] + headers)) {
        case .response(let response): return response
        case .eventStream(let head, _): return head
        }
    }

    /// A user ID the hash puts in `variant`.
    func unit(in variant: String) throws -> String {
        try #require((0..<100).map { "user-\($0)" }.first { Self.experiment.assignment(unit: $0)?.variant == variant })
    }

    @Test func aVisitorIsLedToTheirVariantWithTheQueryKept() throws {
        let annual = try unit(in: "annual"), control = try unit(in: "control")
        let redirect = respond("/en-US/pro/?app_user_id=\(annual)&utm_source=x", [("Cookie", "pw_visitor=v")])
        #expect(redirect.status.code == 302)
        #expect(redirect.header("Location") == "/en-US/pro+annual/?app_user_id=\(annual)&utm_source=x")
        #expect(redirect.header("Cache-Control") == "private, no-store")
        #expect(redirect.header("Vary") == "Accept-Language, Cookie")
        #expect(redirect.header("Set-Cookie") == nil)
        let page = respond("/subscribe/en-US/pro/?app_user_id=\(control)", [("Cookie", "pw_visitor=v")])
        #expect(page.status.code == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("control"))
        #expect(page.header("Cache-Control") == "private, no-store")
        let german = respond("/pro/?app_user_id=\(annual)", [("Accept-Language", "de"), ("Cookie", "pw_visitor=v")])
        #expect(german.header("Location") == "/de-DE/pro+annual/?app_user_id=\(annual)")
        #expect(respond("/en-US/pro+annual/").status.code == 200, "a variant's page is a file like any other")
    }

    @Test func aNewVisitorGetsACookieOnceAndKeepsTheirVariant() throws {
        let first = respond("/en-US/pro/")
        let cookie = try #require(first.header("Set-Cookie"))
        #expect(cookie.hasPrefix("pw_visitor=") && cookie.hasSuffix("; Path=/; Max-Age=31536000; SameSite=Lax"))
        let id = String(cookie.dropFirst("pw_visitor=".count).prefix { $0 != ";" })
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        let variant = try #require(Self.experiment.assignment(unit: id)).variant
        for _ in 0..<3 {
            let again = respond("/en-US/pro/", [("Cookie", "pw_visitor=\(id)")])
            #expect(again.header("Set-Cookie") == nil)
            #expect((again.status.code == 302) == (variant == "annual"))
        }
    }

    @Test func variantPreviewsOne() throws {
        let annual = try unit(in: "annual")
        let preview = respond("/en-US/pro/?variant=control&app_user_id=\(annual)", [("Cookie", "pw_visitor=v")])
        #expect(preview.status.code == 200)
        let other = respond("/pro/?variant=annual", [("Cookie", "pw_visitor=v")])
        #expect(other.header("Location") == "/en-US/pro+annual/?variant=annual")
    }
}
