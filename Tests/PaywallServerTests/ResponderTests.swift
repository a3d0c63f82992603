import Foundation
import PaywallKit
import Testing
@testable import PaywallServer

let sitePage = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; form-action https:">
    <title>Pro</title>
    </head>
    <body><p>Pro page</p></body>
    </html>

    """

@Suite struct InjectionTests {
    @Test func insertsTheScriptBeforeHeadAndAllowsIt() {
        let html = ReloadInjection.inject(sitePage)
        #expect(html.contains("<title>Pro</title>\n<script src=\"/__paywall/reload.js\"></script></head>"))
        #expect(html.contains("content=\"default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; form-action https:; script-src 'self'; connect-src 'self'\""))
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test(arguments: [
        ("default-src 'none'", "default-src 'none'; script-src 'self'; connect-src 'self'"),
        ("default-src 'none'; script-src 'none'", "default-src 'none'; script-src 'self'; connect-src 'self'"),
        ("script-src https://cdn.example; connect-src 'self'", "script-src https://cdn.example 'self'; connect-src 'self'"),
        ("default-src 'self';", "default-src 'self'; script-src 'self'; connect-src 'self'"),
        // A page with actions.carry keeps its script's hash beside the reload script's source.
        ("default-src 'none'; script-src 'sha256-qqQm+/='; style-src 'self'",
         "default-src 'none'; script-src 'sha256-qqQm+/=' 'self'; style-src 'self'; connect-src 'self'"),
    ])
    func rewritesPolicies(policy: String, expected: String) {
        #expect(ReloadInjection.allowReload(policy) == expected)
    }

    @Test func rewritesOnlyTheCSPMeta() {
        let html = "<HEAD><META name=\"description\" content=\"default-src\"><meta HTTP-EQUIV='Content-Security-Policy' content='default-src &#39;none&#39;'></HEAD>"
        let injected = ReloadInjection.inject(html)
        #expect(injected.contains("<META name=\"description\" content=\"default-src\">"))
        #expect(injected.contains("content='default-src &#39;none&#39;; script-src &#39;self&#39;; connect-src &#39;self&#39;'"))
        #expect(injected.hasSuffix("<script src=\"/__paywall/reload.js\"></script></HEAD>"))
    }

    @Test func pagesWithoutHeadGetTheScriptAnyway() {
        #expect(ReloadInjection.inject("<p>x</p></body>") == "<p>x</p><script src=\"/__paywall/reload.js\"></script></body>")
        #expect(ReloadInjection.inject("<p>x</p>") == "<p>x</p><script src=\"/__paywall/reload.js\"></script>")
    }
}

@Suite struct ResponderTests {
    static let root = "/srv/public"
    let responder = SiteResponder(files: StaticFiles(root: root, source: MemoryFiles([
        "/srv/public/index.html": sitePage,
        "/srv/public/en-US/pro/index.html": sitePage,
        "/srv/public/assets/paywall.css": "body{}",
        "/srv/public/404.html": "<html><head><title>Lost</title></head><body>Site 404</body></html>",
    ])), hub: LiveReload())

    func respond(_ target: String, _ headers: [(name: String, value: String)] = [], method: String = "GET") -> HTTPResponse {
        switch responder.respond(to: HTTPRequest(method: method, target: target, headers: [("Host", "127.0.0.1:8080")] + headers)) {
        case .response(let response): return response
        case .eventStream(let head, _): return head
        }
    }

    @Test func servesPagesWithTheScriptInjected() {
        let response = respond("/en-US/pro/")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains(ReloadInjection.scriptTag))
        #expect(body.contains("connect-src 'self'"))
        // The ETag covers the bytes sent, script included.
        #expect(response.header("ETag") == ETag.of(response.body))
        #expect(response.header("ETag") != ETag.of(Data(sitePage.utf8)))
    }

    @Test func assetsAreUnchanged() {
        let response = respond("/assets/paywall.css")
        #expect(response.body == Data("body{}".utf8))
        #expect(response.header("Content-Type") == "text/css; charset=utf-8")
    }

    @Test func ifNoneMatchGives304() throws {
        let tag = try #require(respond("/").header("ETag"))
        let cached = respond("/", [("If-None-Match", tag)])
        #expect(cached.status == .notModified)
        #expect(cached.header("ETag") == tag)
        #expect(cached.body.isEmpty)
        #expect(respond("/", [("If-None-Match", "\"stale\"")]).status == .ok)
        // HEAD answers conditionally too.
        #expect(respond("/", [("If-None-Match", tag)], method: "HEAD").status == .notModified)
    }

    @Test func otherMethodsAre405WithAllow() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let response = respond("/", method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test func notFoundUsesTheSitePage() {
        let response = respond("/nope")
        #expect(response.status == .notFound)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains("Site 404"))
        #expect(body.contains(ReloadInjection.scriptTag))
    }

    @Test func notFoundFallsBackToABuiltInPage() {
        let bare = SiteResponder(files: StaticFiles(root: "/srv/public", source: MemoryFiles(["/srv/public/index.html": "x"])), hub: LiveReload())
        guard case .response(let response) = bare.respond(to: HTTPRequest(method: "GET", target: "/<b>nope")) else { Issue.record(); return }
        #expect(response.status == .notFound)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains("<h1>Not found</h1>"))
        #expect(body.contains("/&lt;b&gt;nope"))
    }

    @Test func liveReloadEndpoints() {
        let script = respond("/__paywall/reload.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(String(decoding: script.body, as: UTF8.self)
            == "const events = new EventSource('/__paywall/events');\n"
                + "events.addEventListener('reload', () => location.reload());\n"
                + "addEventListener('pagehide', () => events.close());\n")
        guard case .eventStream(let head, _) = responder.respond(to: HTTPRequest(method: "GET", target: "/__paywall/events")) else {
            Issue.record("not a stream")
            return
        }
        #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
    }

    @Test func aFailedBuildShowsItsDiagnosticsOnEveryPage() {
        let diagnostics = [
            Diagnostic.error(SourceLocation(file: "site/content/pro.md", line: 3, column: 1), "unknown key '<colour>'", hint: "did you mean 'color'?"),
            Diagnostic.warning(SourceLocation(file: "site/paywall.yml", line: 1, column: 1), "a warning & more"),
        ]
        let failing = SiteResponder(files: responder.files, hub: responder.hub, failure: { diagnostics })
        for path in ["/", "/en-US/pro/", "/en-US/pro", "/nope"] {
            guard case .response(let response) = failing.respond(to: HTTPRequest(method: "GET", target: path)) else { Issue.record(); continue }
            #expect(response.status == .internalServerError, "\(path)")
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(body.contains("<code>site/content/pro.md:3:1</code> <strong>error</strong>: unknown key &#39;&lt;colour&gt;&#39;"))
            #expect(body.contains("did you mean &#39;color&#39;?"))
            #expect(body.contains("a warning &amp; more"))
            #expect(body.contains("1 error."))
            #expect(body.contains(ReloadInjection.scriptTag))
        }
        // Assets still load while the error shows.
        guard case .response(let css) = failing.respond(to: HTTPRequest(method: "GET", target: "/assets/paywall.css")) else { Issue.record(); return }
        #expect(css.status == .ok)
    }
}
