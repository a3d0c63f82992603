import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// The host files of `hosting:`, rule by rule, against the hosts' documented formats:
///
/// - Netlify `_redirects` (docs.netlify.com/manage/routing/redirects/overview, …/redirect-options): one rule a line,
///   `FROM  TO  [STATUS[!]]  [CONDITIONS]`, fields separated by whitespace, `#` comments; the first matching rule
///   wins; a rule does not apply where a file exists ("shadowing") unless its status ends in `!`; `404` shows TO
///   with status 404 ("custom 404 page handling"); `Language=xx` matches the visitor's Accept-Language; `*` is a splat.
/// - Cloudflare Pages `_redirects` (developers.cloudflare.com/pages/configuration/redirects): `[source] [destination]
///   [code?]`, codes 301, 302, 303, 307, 308 and 200; a line in another form is ignored; redirects apply whether or not
///   a file matches; no language conditions; the nearest 404.html is served for a missing path without a rule.
/// - `_headers`, the same format on both (docs.netlify.com/manage/routing/headers,
///   developers.cloudflare.com/pages/configuration/headers): a block per URL pattern, its first line the pattern, then
///   indented `Name: value` lines; `*` is a splat; a request takes the headers of every rule it matches, and on
///   Cloudflare Pages one header from several rules is joined with a comma.
@Suite struct HostFilesTests {
    struct Redirect: Equatable {
        var from: String, to: String, status: String, conditions: [String]
    }

    /// The rules of a `_redirects` file, checked against the shape both hosts document.
    static func redirects(_ text: String) -> [Redirect] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(fields.count >= 3, "a rule needs FROM TO STATUS: \(line)")
            #expect(fields[0].hasPrefix("/") && fields[1].hasPrefix("/"), "paths are absolute: \(line)")
            return Redirect(from: fields[0], to: fields[1], status: fields.count > 2 ? fields[2] : "", conditions: Array(fields.dropFirst(3)))
        }
    }

    /// The blocks of a `_headers` file: pattern → headers, each line checked.
    static func headers(_ text: String) -> [(pattern: String, headers: [String: String])] {
        var blocks: [(pattern: String, headers: [String: String])] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("  ") {
                let pair = line.dropFirst(2).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(pair.count == 2 && !pair[1].isEmpty, "an indented line is Name: value: \(line)")
                if pair.count == 2, !blocks.isEmpty { blocks[blocks.count - 1].headers[pair[0]] = pair[1] }
            } else {
                #expect(line.hasPrefix("/"), "a block starts with a path pattern: \(line)")
                blocks.append((String(line), [:]))
            }
        }
        return blocks
    }

    /// A `_headers` pattern against a path: `*` matches any rest, even an empty one.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        pattern.hasSuffix("*") ? path.hasPrefix(pattern.dropLast()) : pattern == path
    }

    /// The headers a path gets, with every header set by more than one matching rule (which Cloudflare would join).
    static func headers(for path: String, in blocks: [(pattern: String, headers: [String: String])]) -> (headers: [String: String], twice: [String]) {
        var headers: [String: String] = [:], twice: [String] = []
        for block in blocks where matches(block.pattern, path) {
            for (name, value) in block.headers {
                if headers[name] != nil { twice.append(name) }
                headers[name] = value
            }
        }
        return (headers, twice)
    }

    @Test func netlifyRedirectsPickTheLanguageAndRefuseTheManifest() throws {
        let result = HostingSite.build("[netlify]")
        #expect(result.diagnostics.errors.isEmpty)
        let rules = Self.redirects(try #require(TestSite.file("_redirects", of: result)))
        #expect(rules.allSatisfy { ["302!", "404!", "404"].contains($0.status) })
        // The manifest: forced, since the file exists; status 404 with the theme's page.
        #expect(rules.first == Redirect(from: "/paywall-manifest.json", to: "/subscribe/404.html", status: "404!", conditions: []))
        // The root: one rule per language, then the default without condition (first match wins).
        #expect(rules.filter { $0.from == "/subscribe/" } == [
            Redirect(from: "/subscribe/", to: "/subscribe/en-US/pro/", status: "302!", conditions: ["Language=en"]),
            Redirect(from: "/subscribe/", to: "/subscribe/de-DE/pro/", status: "302!", conditions: ["Language=de"]),
            Redirect(from: "/subscribe/", to: "/subscribe/en-US/pro/", status: "302!", conditions: []),
        ])
        #expect(rules.filter { $0.from == "/subscribe/thanks/" }.map(\.to) == ["/subscribe/en-US/thanks/", "/subscribe/de-DE/thanks/", "/subscribe/en-US/thanks/"])
        // Each locale's own address: its home page, forced past LOCALE/index.html (which redirects without a host).
        #expect(rules.filter { $0.from == "/subscribe/de-DE/" }
                    == [Redirect(from: "/subscribe/de-DE/", to: "/subscribe/de-DE/pro/", status: "302!", conditions: [])])
        // Each locale's missing paths: its own 404 page, not forced (files there are served).
        #expect(rules.contains(Redirect(from: "/subscribe/de-DE/*", to: "/subscribe/de-DE/404.html", status: "404", conditions: [])))
        #expect(rules.contains(Redirect(from: "/subscribe/en-US/*", to: "/subscribe/en-US/404.html", status: "404", conditions: [])))
        // Every target is a file of the build where Netlify serves it: the publish folder at the host's root, the
        // site's files below baseURL's path in it.
        let files = Set(result.files.map(\.path))
        #expect(files.contains("_redirects") && files.contains("subscribe/en-US/pro/index.html"))
        for rule in rules {
            let target = String(rule.to.dropFirst())
            #expect(files.contains(target) || files.contains(target + "index.html"), "\(rule.to) is not in the output")
        }
    }

    @Test func cloudflareRedirectsUseOnlyItsFormat() throws {
        let result = HostingSite.build("cloudflare-pages")
        let rules = Self.redirects(try #require(TestSite.file("_redirects", of: result)))
        // No Language= (Cloudflare has none: the locale-less pages choose), no forced status, no 404 status. Each
        // LOCALE/ to its home: "Redirects are always followed, regardless of whether or not an asset matches the
        // incoming request" (developers.cloudflare.com/pages/configuration/redirects/).
        #expect(rules == [Redirect(from: "/paywall-manifest.json", to: "/subscribe/404.html", status: "302", conditions: []),
                          Redirect(from: "/subscribe/en-US/", to: "/subscribe/en-US/pro/", status: "302", conditions: []),
                          Redirect(from: "/subscribe/de-DE/", to: "/subscribe/de-DE/pro/", status: "302", conditions: [])])
        #expect(TestSite.file("_headers", of: result) == TestSite.file("_headers", of: HostingSite.build("[netlify]")))
    }

    @Test func headersGiveEachPathItsPolicyAndCache() throws {
        let result = HostingSite.build("[netlify]")
        let blocks = Self.headers(try #require(TestSite.file("_headers", of: result)))
        let stylesheet = try #require(result.files.map(\.path).first { $0.hasPrefix("subscribe/assets/paywall.") })
            .dropFirst("subscribe/".count)
        let everywhere = ["/subscribe/", "/subscribe/en-US/pro/", "/subscribe/de-DE/404.html", "/subscribe/pro/", "/subscribe/404.html",
                          "/subscribe/\(stylesheet)", "/subscribe/robots.txt", "/subscribe/.well-known/apple-app-site-association"]
        for path in everywhere {
            let (headers, twice) = Self.headers(for: path, in: blocks)
            #expect(twice.isEmpty, "\(path) gets \(twice) from two rules")
            #expect(headers["X-Content-Type-Options"] == "nosniff")
            #expect(headers["Referrer-Policy"] == "strict-origin-when-cross-origin")
            #expect(headers["Content-Security-Policy"] == "default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; form-action https:; frame-ancestors 'none'")
        }
        for page in ["/subscribe/", "/subscribe/en-US/pro/", "/subscribe/de-DE/pro/current/pro.monthly/", "/subscribe/pro/", "/subscribe/404.html", "/subscribe/de-DE/404.html"] {
            #expect(Self.headers(for: page, in: blocks).headers["Cache-Control"] == "no-cache", "\(page)")
        }
        #expect(Self.headers(for: "/subscribe/\(stylesheet)", in: blocks).headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(Self.headers(for: "/subscribe/assets/icon.svg", in: blocks).headers["Cache-Control"] == nil)
        #expect(Self.headers(for: "/subscribe/.well-known/apple-app-site-association", in: blocks).headers["Content-Type"] == "application/json")
    }

    @Test func githubPagesGetsNoJekyllAndTheNotFoundPage() throws {
        let result = HostingSite.build("github-pages")
        #expect(TestSite.file(".nojekyll", of: result) == "")
        #expect(TestSite.file("404.html", of: result) != nil)
        #expect(TestSite.file("_redirects", of: result) == nil)
        #expect(result.manifest?.files.contains(".nojekyll") == true)
        #expect(TestSite.file("_headers", of: HostingSite.build(nil)) == nil)
    }

    @Test func aPolicyOfTheThemeBecomesTheHeader() throws {
        let site = HostingSite.site.with { site in
            site.config = (site.config ?? "") + "hosting: netlify\n"
            site.templates["partials/meta.mustache"] = "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; img-src https:\">\n"
        }
        let routes = try #require(site.build().routes)
        #expect(routes.contentSecurityPolicy == "default-src 'none'; img-src https:; frame-ancestors 'none'")
    }

    @Test func badHostingValuesAreErrorsAtTheirLine() {
        let typo = HostingSite.site.with { $0.config = ($0.config ?? "") + "hosting: [netlfy]\n" }
        let error = theError(typo.errors, containing: "'netlfy' is not a valid hosting")
        #expect(error?.hint == "did you mean 'netlify'?")
        #expect(error?.location.line == TestSite.line(of: "hosting:", in: typo.config ?? ""))
        let both = HostingSite.site.with { $0.config = ($0.config ?? "") + "hosting: [netlify, cloudflare-pages]\n" }
        #expect(theError(both.errors, containing: "read the same _redirects file") != nil)
        let twice = HostingSite.site.with { $0.config = ($0.config ?? "") + "hosting: [github-pages, github-pages]\n" }
        #expect(theError(twice.errors, containing: "listed twice") != nil)
    }
}

@Suite struct NginxConfigTests {
    @Test func theBlockNegotiatesWholeTagsBeforeLanguages() throws {
        let routes = try #require(HostingSite.build(nil).routes)
        let text = NginxConfig.server(routes, root: "/srv/site public", listen: .init(host: "::1", port: 8080), serverName: routes.host)
        // The alternatives in the pattern that weighs them (q=), whole tags first (quoted: nginx reads `\\` as `\`).
        #expect(text.contains("\"~*(?:^|,)[ \\\\t]*(de\\\\-de|en\\\\-us|en|de)(?:-[a-z0-9*-]*)?[ \\\\t]*"
                              + "(?:;[ \\\\t]*q="))
        #expect(text.contains("    \"~*^de$\" de-DE;"))
        #expect(text.contains("    listen [::1]:8080;\n    server_name example.com;\n    root \"/srv/site public\";"))
        #expect(text.contains("    rewrite \"^/subscribe(/.*)$\" $1 last;"))
        #expect(text.contains("    location = /paywall-manifest.json { return 404; }"))
        #expect(text.contains("    location = /thanks/ { return 302 /subscribe/$paywall_locale_0/thanks/$is_args$args; }"))
        #expect(text.contains("    \"~^/(en-US|de-DE)/\" /$1/404.html;"))
        #expect(text.contains("    autoindex off;"))
        #expect(NginxConfig.Listen(port: 80).directive == "80")
    }
}

@Suite struct StaticFolderTests {
    @Test func staticFilesAreCopiedToTheRoot() throws {
        let aasa = "{\"applinks\": {\"details\": []}}"
        let result = HostingSite.build(nil, statics: ["robots.txt": "User-agent: *\n", ".well-known/apple-app-site-association": aasa,
                                                      "en-US/pro/extra.txt": "x"])
        #expect(result.diagnostics.errors.isEmpty)
        #expect(TestSite.file("robots.txt", of: result) == "User-agent: *\n")
        #expect(TestSite.file(".well-known/apple-app-site-association", of: result) == aasa)
        #expect(TestSite.file("en-US/pro/extra.txt", of: result) == "x")
        // Listed in the manifest, so that the next build may replace them.
        #expect(result.manifest?.files.contains(".well-known/apple-app-site-association") == true)
    }

    @Test func aStaticFileNeverReplacesOneOfPaywalls() {
        let stylesheet = HostingSite.build(nil).files.map(\.path).first { $0.hasPrefix("assets/paywall.") } ?? ""
        let cases: [(String, String)] = [
            ("index.html", "static/index.html would replace the file paywall writes at index.html"),
            ("en-US/pro/index.html", "static/en-US/pro/index.html would replace the en-US page of content/pro.md (en-US/pro/index.html)"),
            (stylesheet, "static/\(stylesheet) would replace the stylesheet paywall makes"),
            ("paywall-manifest.json", "static/paywall-manifest.json would replace the build manifest"),
            ("de-DE/404.html", "static/de-DE/404.html would replace the file paywall writes at de-DE/404.html"),
            ("_redirects", "static/_redirects would replace the _redirects file that `hosting:` in paywall.yml writes"),
            ("en-US", "static/en-US is a file where paywall writes the folder en-US/"),
            ("404.html/x", "static/404.html/x needs a folder 404.html/ where paywall writes"),
        ]
        for (path, message) in cases {
            let result = HostingSite.build("[netlify]", statics: [path: "mine"])
            let error = theError(result.diagnostics.errors, containing: message)
            #expect(error?.location.file == "site/static/\(path)")
            #expect(error?.hint?.contains("rename or remove the file in static/") == true)
            #expect(result.manifest == nil)
        }
        // Without hosting:, a site's own _redirects is published.
        #expect(TestSite.file("_redirects", of: HostingSite.build(nil, statics: ["_redirects": "/a /b 301\n"])) == "/a /b 301\n")
    }

    @Test func anAssetAndAStaticFileOnOnePathAreNamedBoth() {
        let result = HostingSite.site.with { site in
            site.assets["icon.svg"] = Data("<svg/>".utf8)
            site.statics["assets/icon.svg"] = Data("<svg/>".utf8)
        }.build()
        #expect(theError(result.diagnostics.errors, containing: "static/assets/icon.svg would replace the asset site/assets/icon.svg") != nil)
    }

    @Test func hiddenFilesOfStaticAreReadFromDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(["static/.well-known/apple-app-site-association": "{}", "static/.DS_Store": "junk", "static/.git/HEAD": "ref",
                          "static/robots.txt": "ok", "paywall.yml": "x: 1\n"])
        let inputs = SiteInputs.load(folder.path)
        #expect(inputs.statics.keys.sorted() == [".well-known/apple-app-site-association", "robots.txt"])
        #expect(inputs.problems.isEmpty)
    }
}
