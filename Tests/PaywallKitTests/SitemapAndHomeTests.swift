import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// What search engines and the hosts read beyond the pages: `home:` and each `LOCALE/`, `sitemap.xml`, `robots.txt`,
/// and `noindex` on the pages that are a customer's own.
@Suite struct SitemapAndHomeTests {
    /// Two locales, a store page `pro`, a second store page `family` (first by name) and a plain page `welcome`.
    static let site = TestSite().with { site in
        site.config = TestSite.defaultConfig.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE]")
        site.content["family.md"] = TestSite.page("For the whole family.")
        site.content["welcome.md"] = "---\ntitle: Welcome\n---\nThanks for subscribing.\n"
        site.content["pro.md"] = TestSite.page(frontMatter: "visibleRelationships: all\n")
    }

    static func build(_ site: TestSite = site) -> SiteBuilder.Result {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return result
    }

    @Test func eachLocaleHasAHomeThatOpensItsFirstStorePage() throws {
        let result = Self.build()
        let home = try #require(TestSite.file("de-DE/index.html", of: result))
        #expect(home.contains("<html lang=\"de-DE\" dir=\"ltr\">"))
        #expect(home.contains("<meta http-equiv=\"refresh\" content=\"0; url=family/\">"))
        #expect(home.contains("<link rel=\"canonical\" href=\"https://example.com/subscribe/de-DE/family/\">"))
        #expect(home.contains("<a href=\"pro/\">Birdwatch Pro</a>"), "each of the locale's pages is linked")
        #expect(home.contains("href=\"../assets/paywall."))
        let routes = try #require(result.routes)
        #expect(routes.redirect(path: "/de-DE/", acceptLanguage: "en") == "/subscribe/de-DE/family/")
        #expect(routes.redirect(path: "/", acceptLanguage: "de") == "/subscribe/de-DE/family/")
        let nginx = NginxConfig.server(routes, root: "/srv/public", listen: .init(port: 8080), serverName: nil)
        #expect(nginx.contains("location = /de-DE/ { return 302 /subscribe/de-DE/family/$is_args$args; }"))
    }

    @Test func homeNamesThePageThatTheRootAndEachLocaleOpen() throws {
        let result = Self.build(Self.site.with { $0.config! += "home: pro\n" })
        #expect(TestSite.file("index.html", of: result)?.contains("url=en-US/pro/") == true)
        #expect(TestSite.file("de-DE/index.html", of: result)?.contains("url=pro/") == true)
        let routes = try #require(result.routes)
        #expect(routes.redirect(path: "/", acceptLanguage: "de") == "/subscribe/de-DE/pro/")
        #expect(routes.redirect(path: "/en-US/", acceptLanguage: nil) == "/subscribe/en-US/pro/")
        #expect(routes.homes == ["en-US": "en-US/pro/", "de-DE": "de-DE/pro/"])
    }

    @Test func aPlainPageFirstByNameIsNotTheHome() throws {
        let site = Self.site.with { $0.content["aaa.md"] = "---\ntitle: Thanks\n---\nThank you.\n" }
        let routes = try #require(Self.build(site).routes)
        #expect(routes.homes["en-US"] == "en-US/family/", "the root and the hosts agree on a store page")
    }

    @Test func homeMustNameAPage() {
        let errors = Self.site.with { $0.config! += "home: pri\n" }.errors
        #expect(errors.count == 1)
        #expect(errors.first?.message == "home: 'pri' is not a page of the site")
        #expect(errors.first?.hint?.hasPrefix("did you mean 'pro'? name one of the pages") == true)
        #expect(errors.first?.location.line == TestSite.defaultConfig.split(separator: "\n").count + 1)
    }

    /// `pro/` would be both the page's locale-less address and the `pro` locale's folder, whose home hosts send
    /// `pro/` to: one error at the page's file, not a home page silently replaced.
    @Test func aLocaleNamedLikeAPageIsAnErrorAtThePage() {
        let site = Self.site.with { site in
            site.config = TestSite.defaultConfig.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, pro]")
        }
        let result = site.build()
        expectError(result.diagnostics.errors, "the page 'pro' would be written at pro/, where the output holds the pro locale's pages",
                    file: "site/content/pro.md", line: 1)
        #expect(result.diagnostics.errors.count == 1, "\(result.diagnostics.errors)")
        #expect(result.files.isEmpty)
    }

    @Test func theSitemapListsEveryStorePageInEachLocaleWithItsAlternates() throws {
        let result = Self.build()
        let sitemap = try #require(TestSite.file("sitemap.xml", of: result))
        let locs = sitemap.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<loc>") }
        #expect(locs == ["family", "pro"].flatMap { page in
            ["en-US", "de-DE"].map { "<loc>https://example.com/subscribe/\($0)/\(page)/</loc>" }
        })
        #expect(!sitemap.contains("welcome") && !sitemap.contains("current/"), "plain and customer pages are left out")
        let proURL = sitemap.components(separatedBy: "<url>\n").first { $0.hasPrefix("<loc>https://example.com/subscribe/de-DE/pro/") }
        #expect(proURL?.hasPrefix("""
            <loc>https://example.com/subscribe/de-DE/pro/</loc>
            <xhtml:link rel="alternate" hreflang="en-US" href="https://example.com/subscribe/en-US/pro/"/>
            <xhtml:link rel="alternate" hreflang="de-DE" href="https://example.com/subscribe/de-DE/pro/"/>
            <xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/subscribe/en-US/pro/"/>
            </url>

            """) == true, "\(proURL ?? "")")
        // Every URL of the sitemap is a page of the build that a search engine may list.
        for loc in locs {
            let path = String(loc.dropFirst("<loc>https://example.com/subscribe/".count).dropLast("</loc>".count))
            let page = try #require(TestSite.file(path + "index.html", of: result))
            #expect(!page.contains("noindex"), "\(path)")
            #expect(page.contains("<link rel=\"canonical\" href=\"https://example.com/subscribe/\(path)\">"))
        }
        #expect(TestSite.file("robots.txt", of: result) == "User-agent: *\nAllow: /\n\nSitemap: https://example.com/subscribe/sitemap.xml\n")
    }

    @Test func aCustomersPageAndAPlainPageCarryNoindex() throws {
        let result = Self.build()
        let current = try #require(TestSite.file("de-DE/pro/current/pro.yearly/index.html", of: result))
        #expect(current.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(current.contains("<link rel=\"canonical\" href=\"https://example.com/subscribe/de-DE/pro/\">"),
                "a customer's page names the page everyone gets")
        #expect(TestSite.file("en-US/welcome/index.html", of: result)?.contains("content=\"noindex\"") == true)
        #expect(TestSite.file("en-US/pro/index.html", of: result)?.contains("noindex") == false)
    }

    @Test func staticFilesAndAMissingBaseURLWinOverTheGeneratedOnes() throws {
        let given = Self.build(Self.site.with { $0.statics = ["robots.txt": Data("User-agent: *\nDisallow: /\n".utf8)] })
        #expect(TestSite.file("robots.txt", of: given) == "User-agent: *\nDisallow: /\n")
        #expect(TestSite.file("sitemap.xml", of: given) != nil)
        let local = Self.build(Self.site.config(replacing: "baseURL: https://example.com/subscribe/\n", with: ""))
        #expect(TestSite.file("sitemap.xml", of: local) == nil && TestSite.file("robots.txt", of: local) == nil,
                "a sitemap lists absolute URLs: none without baseURL")
    }

    @Test func aSitemapOverTheProtocolsLimitIsAnIndexOfSitemaps() throws {
        let entries = (0...Sitemap.limits.urls).map { Sitemap.Entry(paths: [("en-US", "en-US/p\($0)/")], defaultPath: "en-US/p\($0)/") }
        let files = Sitemap.files(entries, baseURL: "https://example.com/")
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml"])
        let index = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        #expect(index.contains("<sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>"))
        let counts = files.dropFirst().map { String(decoding: $0.bytes, as: UTF8.self).components(separatedBy: "<url>").count - 1 }
        #expect(counts == [Sitemap.limits.urls, 1])
    }
}
