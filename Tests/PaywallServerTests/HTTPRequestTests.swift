import Foundation
import Testing
@testable import PaywallServer

@Suite struct HTTPRequestTests {
    let parser = HTTPRequestParser()

    func parse(_ text: String) -> HTTPRequestParser.Result { parser.parse(Array(text.utf8)) }

    @Test func parsesARequestHead() throws {
        let text = "GET /en-US/pro/?a=1&b=%20 HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match:  \"x\"  \r\nX-Empty:\r\n\r\nrest"
        guard case .request(let request, let length) = parse(text) else { Issue.record("not parsed"); return }
        #expect(request.method == "GET")
        #expect(request.path == "/en-US/pro/")
        #expect(request.query == "a=1&b=%20")
        #expect(request.minorVersion == 1)
        #expect(request.header("if-none-match") == "\"x\"")
        #expect(request.header("X-Empty") == "")
        #expect(request.keepAlive)
        #expect(length == text.utf8.count - 4)
    }

    @Test func waitsForTheWholeHead() {
        for prefix in ["", "GET", "GET / HTTP/1.1", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\nHost: a\r\n", "GET / HTTP/1.1\r\nHost: a\r\n\r"] {
            #expect(parse(prefix) == .incomplete, "\(prefix)")
        }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),                              // HTTP/0.9
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),         // two spaces
        ("GET / HTTP/1.1 extra\r\nHost: a\r\n\r\n", 400),
        ("GET relative HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),          // not a token
        ("GET / HTTP/1.1\r\n\r\n", 400),                     // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),         // space before the colon
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTX/1.1\r\nHost: a\r\n\r\n", 400),
    ])
    func refusesMalformedRequests(text: String, status: Int) {
        guard case .failure(let refused) = parse(text) else { Issue.record("accepted: \(text.debugDescription)"); return }
        #expect(refused.code == status, "\(text.debugDescription)")
    }

    @Test func boundsTheRequestLine() {
        let long = "GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parse(long) == .failure(.uriTooLong))
        // Without its line end too: the limit is enforced before the rest arrives.
        #expect(parse("GET /" + String(repeating: "a", count: 9000)) == .failure(.uriTooLong))
        let fits = "GET /" + String(repeating: "a", count: 8000) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        if case .request = parse(fits) {} else { Issue.record("an 8 KB line is accepted") }
    }

    @Test func boundsTheHeaders() {
        let big = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
        #expect(parse(big) == .failure(.headersTooLarge))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "a", count: 200_000)) == .failure(.headersTooLarge))
        let many = "GET / HTTP/1.1\r\nHost: a\r\n" + (0..<150).map { "X-\($0): 1\r\n" }.joined() + "\r\n"
        #expect(parse(many) == .failure(.headersTooLarge))
    }

    @Test func keepAliveFollowsTheVersionAndConnection() throws {
        func request(_ text: String) -> HTTPRequest? {
            if case .request(let request, _) = parse(text) { return request }
            return nil
        }
        #expect(request("GET / HTTP/1.1\r\nHost: a\r\n\r\n")?.keepAlive == true)
        #expect(request("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive == true)
    }

    @Test func acceptsBareLineFeedsLeadingBlankLinesAndTheAbsoluteForm() {
        if case .request(let request, _) = parse("\r\nGET http://127.0.0.1:8080/a/b?x HTTP/1.1\nHost: a\n\n") {
            #expect(request.path == "/a/b")
            #expect(request.query == "x")
        } else {
            Issue.record("not parsed")
        }
    }
}

@Suite struct ResponseTests {
    @Test func serializesWithLengthAndConnection() {
        let response = HTTPResponse.content(Data("hello".utf8), type: "text/plain; charset=utf-8")
        let text = String(decoding: response.serialized(includeBody: true, keepAlive: true), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 5\r\n"))
        #expect(text.contains("Connection: keep-alive\r\n"))
        #expect(text.contains("Cache-Control: no-cache\r\n"))
        #expect(text.contains("ETag: \"5-"))
        #expect(text.hasSuffix("\r\n\r\nhello"))
        let head = String(decoding: response.serialized(includeBody: false, keepAlive: false), as: UTF8.self)
        #expect(head.contains("Content-Length: 5\r\n") && head.contains("Connection: close\r\n") && head.hasSuffix("\r\n\r\n"))
    }

    @Test func etagsNameTheBytesAndMatchIfNoneMatch() {
        let tag = ETag.of(Data("a".utf8))
        #expect(tag == ETag.of(Data("a".utf8)))
        #expect(tag != ETag.of(Data("b".utf8)))
        #expect(ETag.matches(ifNoneMatch: tag, tag))
        #expect(ETag.matches(ifNoneMatch: "\"other\", W/\(tag)", tag))
        #expect(ETag.matches(ifNoneMatch: "*", tag))
        #expect(!ETag.matches(ifNoneMatch: "\"other\"", tag))
    }

    @Test func formatsTheDate() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}

@Suite struct MIMETypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("a/paywall.0123456789.css", "text/css; charset=utf-8"),
        ("icon.svg", "image/svg+xml; charset=utf-8"), ("a.png", "image/png"), ("a.jpg", "image/jpeg"), ("a.JPEG", "image/jpeg"),
        ("a.gif", "image/gif"), ("a.webp", "image/webp"), ("a.avif", "image/avif"), ("favicon.ico", "image/x-icon"),
        ("paywall-manifest.json", "application/json; charset=utf-8"), ("robots.txt", "text/plain; charset=utf-8"),
        ("f.woff2", "font/woff2"), ("sitemap.xml", "application/xml; charset=utf-8"),
        ("site.webmanifest", "application/manifest+json; charset=utf-8"), ("reload.js", "text/javascript; charset=utf-8"),
        ("archive.zip", "application/octet-stream"), ("README", "application/octet-stream"), (".hidden", "application/octet-stream"),
        ("dir.html/file", "application/octet-stream"),
    ])
    func mapsExtensions(path: String, type: String) {
        #expect(MIMETypes.contentType(forPath: path) == type)
    }
}
