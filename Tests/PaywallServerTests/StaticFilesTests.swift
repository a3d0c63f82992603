import Foundation
import Testing
@testable import PaywallServer

@Suite struct StaticFilesTests {
    /// /srv/public is the root; /srv/secret.txt sits just outside it.
    let files = StaticFiles(root: "/srv/public", source: MemoryFiles([
        "/srv/public/index.html": "home",
        "/srv/public/en-US/pro/index.html": "pro",
        "/srv/public/assets/icon.svg": "<svg/>",
        "/srv/public/empty/.keep": "",
        "/srv/public/%2e%2e/x.txt": "literal",
        "/srv/public/a b/c.txt": "space",
        "/srv/public/caf\u{E9}.txt": "utf8",
        "/srv/secret.txt": "SECRET",
        "/srv/public-other/x.txt": "sibling",
    ], links: [
        "/srv/public/out": "/srv/secret.txt",
        "/srv/public/outdir": "/srv",
        "/srv/public/sibling": "/srv/public-other",
        "/srv/public/in": "/srv/public/en-US/pro/index.html",
    ]))

    @Test(arguments: [
        ("/", StaticFiles.Resolution.file("/srv/public/index.html")),
        ("/index.html", .file("/srv/public/index.html")),
        ("/en-US/pro/", .file("/srv/public/en-US/pro/index.html")),
        ("/en-US//pro/", .file("/srv/public/en-US/pro/index.html")),
        ("/assets/icon.svg", .file("/srv/public/assets/icon.svg")),
        ("/a%20b/c.txt", .file("/srv/public/a b/c.txt")),
        ("/caf%C3%A9.txt", .file("/srv/public/caf\u{E9}.txt")),
        ("/in", .file("/srv/public/in")),                           // a symlink that stays inside
        ("/en-US/pro", .redirect("/en-US/pro/")),
        ("/en-US", .redirect("/en-US/")),
        ("//en-US", .redirect("/en-US/")),
        ("//en-US//pro", .redirect("/en-US/pro/")),
        ("/empty/", .notFound),                                      // a folder without index.html
        ("/missing.html", .notFound),
        ("/index.html/", .notFound),
    ])
    func resolves(path: String, expected: StaticFiles.Resolution) {
        #expect(files.resolve(path: path) == expected)
    }

    @Test func redirectKeepsTheQuery() {
        #expect(files.resolve(path: "/en-US/pro", query: "a=1&b") == .redirect("/en-US/pro/?a=1&b"))
    }

    /// Every attempt to leave the root is refused, raw or encoded, and never resolves to the file outside.
    @Test(arguments: [
        ("/../secret.txt", StaticFiles.Resolution.badRequest),
        ("/../etc/passwd", .badRequest),
        ("/%2e%2e/%2e%2e/etc/passwd", .badRequest),
        ("/%2E%2E/secret.txt", .badRequest),
        ("/..%2fsecret.txt", .badRequest),
        ("/..%2Fsecret.txt", .badRequest),
        ("/%2e%2e%2fsecret.txt", .badRequest),
        ("/en-US/../../secret.txt", .badRequest),
        ("/./index.html", .badRequest),
        ("/a\\b", .badRequest),
        ("/..\\secret.txt", .badRequest),
        ("/%5c..%5csecret.txt", .badRequest),
        ("/index.html%00.txt", .badRequest),
        ("/%00", .badRequest),
        ("/%0a", .badRequest),
        ("/%zz", .badRequest),
        ("/%2", .badRequest),
        ("/%ff", .badRequest),                                       // not UTF-8
        ("/%252e%252e/secret.txt", .notFound),                       // decoded once: a literal %2e%2e folder
        ("/out", .notFound),                                         // symlink to a file outside
        ("/outdir/secret.txt", .notFound),                           // symlink to a folder outside
        ("/outdir", .notFound),
        ("/sibling/x.txt", .notFound),                               // a sibling whose name shares the root's prefix
    ])
    func confinesToTheRoot(path: String, expected: StaticFiles.Resolution) {
        let resolution = files.resolve(path: path)
        #expect(resolution == expected)
        if case .file(let file) = resolution { #expect(!file.hasPrefix("/srv/secret")) }
    }

    @Test func doubleEncodingStaysLiteral() {
        #expect(StaticFiles.segments("/%252e%252e/x.txt") == ["%2e%2e", "x.txt"])
        #expect(files.resolve(path: "/%252e%252e/x.txt") == .file("/srv/public/%2e%2e/x.txt"))
    }

    @Test func decodesOnce() {
        #expect(StaticFiles.segments("/a%2Fb/c") == ["a", "b", "c"])
        #expect(StaticFiles.segments("/%25") == ["%"])
        #expect(StaticFiles.segments("relative") == nil)
    }
}
