import Foundation
import Testing
@testable import PaywallServer
import PaywallTestSupport

/// The real server on an ephemeral loopback port, over a temporary output folder with a sentinel file
/// just outside it.
final class ServedFolder {
    static let sentinel = "SENTINEL-OUTSIDE-7f3a9c"
    let folder: TemporaryFolder
    let hub = LiveReload(pingInterval: .milliseconds(300))
    let server: PreviewServer
    let port: Int

    init(idleTimeout: Duration = .seconds(5)) throws {
        folder = try TemporaryFolder()
        try folder.save("secret.txt", Self.sentinel)
        try folder.save("public/index.html", sitePage)
        try folder.save("public/en-US/pro/index.html", sitePage.replacingOccurrences(of: "Pro page", with: "The pro page"))
        try folder.save("public/assets/paywall.css", "body { color: black }")
        try folder.save("public/assets/icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try folder.save("public/assets/photo.png", "not really a png")
        try folder.save("public/404.html", "<!doctype html><html><head><title>Lost</title></head><body>This site has no such page</body></html>")
        try folder.symlink("public/leak.txt", to: folder.path("secret.txt"))
        try folder.symlink("public/up", to: folder.path)
        try folder.symlink("public/relative-leak.txt", to: "../secret.txt")
        let responder = SiteResponder(files: StaticFiles(root: folder.path("public")), hub: hub)
        server = PreviewServer(idleTimeout: idleTimeout, handler: { responder.respond(to: $0) })
        port = try server.start(port: 0)
    }

    deinit {
        hub.close()
        server.stop()
        folder.remove()
    }
}

@Suite(.timeLimit(.minutes(1))) struct ServerTests {
    @Test func servesPagesWithTheirTypes() throws {
        let served = try ServedFolder()
        #expect(served.port > 0)
        let page = try #require(get(served.port, "/en-US/pro/"))
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Cache-Control") == "no-cache")
        #expect(page.header("Content-Length") == String(page.body.count))
        #expect(page.text.contains("The pro page"))
        #expect(page.text.contains("<script src=\"/__paywall/reload.js\"></script></head>"))
        #expect(page.text.contains("script-src 'self'; connect-src 'self'"))
        // The file on disk is unchanged.
        #expect(served.folder.read("public/en-US/pro/index.html")?.contains("__paywall") == false)

        for (path, type) in [("/assets/paywall.css", "text/css; charset=utf-8"), ("/assets/icon.svg", "image/svg+xml; charset=utf-8"),
                             ("/assets/photo.png", "image/png"), ("/__paywall/reload.js", "text/javascript; charset=utf-8")] {
            let response = try #require(get(served.port, path))
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Content-Type") == type, "\(path)")
        }
    }

    @Test func foldersServeIndexAndRedirectWithoutSlash() throws {
        let served = try ServedFolder()
        let root = try #require(get(served.port, "/"))
        #expect(root.status == 200)
        #expect(root.text.contains("Pro page"))
        let redirect = try #require(get(served.port, "/en-US/pro?utm=1"))
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/en-US/pro/?utm=1")
        #expect(try #require(get(served.port, "/en-US")).header("Location") == "/en-US/")
    }

    @Test func missingPagesGetTheSite404() throws {
        let served = try ServedFolder()
        let response = try #require(get(served.port, "/nope/"))
        #expect(response.status == 404)
        #expect(response.text.contains("This site has no such page"))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    }

    /// Traversal, raw and encoded, and symlinks out of the root: 400 or 404, never the sentinel's text.
    @Test(arguments: [
        "/../secret.txt", "/../../../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
        "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/en-US/../../secret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt",
        "/secret.txt%00.html", "/%252e%252e/secret.txt", "//../secret.txt", "/./../secret.txt",
        "/leak.txt", "/relative-leak.txt", "/up/secret.txt", "/up/", "/up",
        "http://127.0.0.1/../secret.txt",
    ])
    func neverLeavesTheRoot(path: String) throws {
        let served = try ServedFolder()
        guard let client = RawClient(port: served.port) else { Issue.record("cannot connect"); return }
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let raw = String(decoding: client.readAll(), as: UTF8.self)
        #expect(raw.hasPrefix("HTTP/1.1 404 ") || raw.hasPrefix("HTTP/1.1 400 "), "\(path): \(raw.prefix(40))")
        #expect(!raw.contains(ServedFolder.sentinel), "\(path)")
    }

    @Test func symlinksOutOfTheRootAre404() throws {
        let served = try ServedFolder()
        for path in ["/leak.txt", "/relative-leak.txt", "/up/secret.txt", "/up/", "/up"] {
            let response = try #require(get(served.port, path))
            #expect(response.status == 404, "\(path)")
            #expect(!response.text.contains(ServedFolder.sentinel), "\(path)")
        }
        // A symlink that stays inside is served.
        try served.folder.symlink("public/inside.css", to: served.folder.path("public/assets/paywall.css"))
        #expect(get(served.port, "/inside.css")?.text == "body { color: black }")
    }

    @Test func malformedRequestLinesAre400() throws {
        let served = try ServedFolder()
        for line in ["GARBAGE", "GET /", "GET / HTTP/1.1 x", "GET\t/ HTTP/1.1"] {
            let client = try #require(RawClient(port: served.port))
            client.send(line + "\r\nHost: localhost\r\n\r\n")
            #expect(client.readResponse()?.status == 400, "\(line)")
        }
    }

    @Test func oversizedRequestsAreRefused() throws {
        let served = try ServedFolder()
        let headers = try #require(RawClient(port: served.port))
        headers.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + String(repeating: "a", count: 200 * 1024) + "\r\n\r\n")
        #expect(headers.readResponse()?.status == 431)

        let line = try #require(RawClient(port: served.port))
        line.send("GET /" + String(repeating: "a", count: 10 * 1024) + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(line.readResponse()?.status == 414)
    }

    @Test func otherMethodsAre405() throws {
        let served = try ServedFolder()
        let client = try #require(RawClient(port: served.port))
        client.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello")
        let response = try #require(client.readResponse())
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        // The body was read, so the connection still works.
        client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(client.readResponse()?.status == 200)
    }

    @Test func headHasHeadersAndNoBody() throws {
        let served = try ServedFolder()
        let full = try #require(get(served.port, "/en-US/pro/"))
        let client = try #require(RawClient(port: served.port))
        client.send("HEAD /en-US/pro/ HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try #require(client.readResponse(head: true))
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(full.body.count))
        #expect(head.header("ETag") == full.header("ETag"))
        // Nothing follows the head: the next response on the connection starts right away.
        client.send("GET /assets/paywall.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let next = try #require(client.readResponse())
        #expect(next.status == 200)
        #expect(next.text == "body { color: black }")
    }

    @Test func ifNoneMatchGives304() throws {
        let served = try ServedFolder()
        let first = try #require(get(served.port, "/"))
        let tag = try #require(first.header("ETag"))
        let second = try #require(get(served.port, "/", headers: ["If-None-Match: \(tag)"]))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(try #require(get(served.port, "/", headers: ["If-None-Match: \"other\""])).status == 200)
    }

    @Test func keepAliveServesSeveralRequestsThenTimesOut() throws {
        let served = try ServedFolder(idleTimeout: .milliseconds(300))
        // The client would wait a minute: only the server's idle timeout ends the connection sooner.
        let client = try #require(RawClient(port: served.port, timeout: .seconds(60)))
        // The three requests in one write (pipelined): a test thread that a busy machine pauses for 300 ms between
        // a response and its next request would see the idle timeout close the connection before it is done.
        client.send(String(repeating: "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n", count: 3))
        for _ in 0..<3 {
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.header("Connection") == "keep-alive")
        }
        // Idle past the timeout: the server closes.
        let start = ContinuousClock.now
        #expect(client.readAll().isEmpty)
        #expect(ContinuousClock.now - start < .seconds(30), "the server closed the idle connection")
    }

    @Test func fiftyConcurrentClientsAllGet200() throws {
        // On a busy machine fifty threads may take seconds to send and to be answered: neither the server's idle
        // timeout nor the clients' may end a connection first (a failure here is a refused or dropped request).
        let served = try ServedFolder(idleTimeout: patience)
        // An idle connection holds its own thread and blocks no one.
        let idle = try #require(RawClient(port: served.port))
        _ = idle
        let count = 50
        let clients = (0..<count).compactMap { _ in RawClient(port: served.port, timeout: patience) }
        #expect(clients.count == count)
        let statuses = Locked<[Int]>([])
        let group = DispatchGroup()
        for client in clients {
            group.enter()
            Thread.detachNewThread {
                client.send("GET /en-US/pro/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let status = client.readResponse()?.status ?? 0
                _ = statuses.update { $0.append(status) }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 40) == .success)
        #expect(statuses.value.count == count)
        #expect(statuses.value.allSatisfy { $0 == 200 }, "statuses (0: no response): \(statuses.value.sorted())")
    }

    @Test func eventStreamSendsReloads() throws {
        let served = try ServedFolder()
        let client = try #require(RawClient(port: served.port))
        client.send("GET /__paywall/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        let opened = client.read(until: ": connected\n\n")
        #expect(opened.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(opened.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
        #expect(!opened.contains("Content-Length"))
        #expect(eventually(within: patience) { served.hub.listenerCount == 1 })
        served.hub.reload()
        #expect(client.read(until: "event: reload\n").contains("event: reload\ndata: 1\n\n"))
        // Idle streams are pinged.
        #expect(client.read(until: ": ping\n\n", limit: patience).contains(": ping\n\n"))
        // Closing the hub ends the stream.
        served.hub.close()
        _ = client.readAll()
        #expect(eventually(within: patience) { served.hub.listenerCount == 0 })
    }

    @Test func stopClosesTheListeningSocket() throws {
        let served = try ServedFolder()
        #expect(get(served.port, "/")?.status == 200)
        served.server.stop()
        #expect(RawClient(port: served.port) == nil)
        served.server.stop()  // idempotent
    }

    @Test func aBusyPortIsAnError() throws {
        let served = try ServedFolder()
        let other = PreviewServer(handler: { _ in .response(.text(.ok)) })
        #expect(throws: ServerError.self) { try other.start(port: served.port) }
    }
}
