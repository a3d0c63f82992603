import Foundation
import Testing
@testable import PaywallKit

/// Accept-Language negotiation: what `serve`, the nginx block and Netlify's rules choose.
@Suite struct LanguageNegotiationTests {
    let locales = ["en-US", "de-DE", "pt-BR", "pt-PT", "zh-Hant"]

    func best(_ header: String?) -> String { LanguageNegotiation.best(for: header, among: locales, defaultLocale: "en-US") }

    @Test func rangesAreOrderedByWeightThenByPlace() {
        #expect(LanguageNegotiation.ranges("fr;q=0.5, de-CH, en;q=0.8, ja;q=0, it").map(\.tag) == ["de-CH", "it", "en", "fr"])
        #expect(LanguageNegotiation.ranges("de;q=x, <script>, , en").map(\.tag) == ["en"])
    }

    @Test func aLanguageTheSiteHas() {
        #expect(best("de-DE,de;q=0.9,en;q=0.8") == "de-DE")
        #expect(best("DE") == "de-DE")
        #expect(best("pt-PT") == "pt-PT")
        #expect(best("pt-BR") == "pt-BR")
    }

    @Test func aRegionVariantFindsItsLanguage() {
        #expect(best("de-CH") == "de-DE")
        #expect(best("de-AT-1996") == "de-DE")
        #expect(best("zh-Hant-TW") == "zh-Hant")
        // pt alone: the first of the site's locales with that language.
        #expect(best("pt-AO") == "pt-BR")
        #expect(best("en-GB") == "en-US")
    }

    @Test func aLanguageTheSiteLacksFallsToTheNextOrTheDefault() {
        #expect(best("fr-FR,fr;q=0.9") == "en-US")
        #expect(best("fr-FR,fr;q=0.9,de;q=0.5") == "de-DE")
        #expect(best("de;q=0.1, pt-BR;q=0.9") == "pt-BR")
        #expect(best("*") == "en-US")
        #expect(best("") == "en-US")
        #expect(best(nil) == "en-US")
    }

    @Test func theDefaultLocaleStandsForItsLanguage() {
        #expect(LanguageNegotiation.best(for: "pt", among: ["pt-BR", "pt-PT"], defaultLocale: "pt-PT") == "pt-PT")
        #expect(LanguageNegotiation.best(for: "de", among: ["en-US"], defaultLocale: "de-DE") == "en-US")
    }
}

/// A two-locale site with a path in its baseURL, as the host files see it.
struct HostingSite {
    static let site = TestSite().with { site in
        site.config = TestSite.defaultConfig.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE]")
        site.content["thanks.md"] = "---\ntitle: Thanks\nproductIDs: [pro.yearly]\n---\nThank you.\n"
    }

    static func build(_ hosting: String?, statics: [String: String] = [:]) -> SiteBuilder.Result {
        site.with { site in
            if let hosting { site.config = (site.config ?? "") + "hosting: \(hosting)\n" }
            site.statics = statics.mapValues { Data($0.utf8) }
        }.build()
    }
}

@Suite struct LocaleLessPageTests {
    @Test func eachPageHasAnAddressThatPicksTheLanguage() throws {
        let result = HostingSite.build(nil)
        #expect(result.diagnostics.errors.isEmpty)
        let page = try #require(TestSite.file("pro/index.html", of: result))
        // Without a host that negotiates: a redirect to the default locale, and every locale by its hreflang.
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=../en-US/pro/\">"))
        #expect(page.contains("<link rel=\"alternate\" hreflang=\"de-DE\" href=\"https://example.com/subscribe/de-DE/pro/\">"))
        #expect(page.contains("<a class=\"locale\" href=\"../de-DE/pro/\" hreflang=\"de-DE\">Deutsch (Deutschland)</a>"))
        #expect(page.contains("href=\"../assets/paywall."))
        #expect(page.contains("<title>Birdwatch Pro</title>"))
        #expect(TestSite.file("thanks/index.html", of: result)?.contains("url=../en-US/thanks/") == true)
        let routes = try #require(result.routes)
        #expect(routes.pages.map(\.name) == ["pro", "thanks"])
        #expect(routes.prefix == "/subscribe/")
        #expect(routes.redirect(path: "/", acceptLanguage: "de-AT") == "/subscribe/de-DE/pro/")
        #expect(routes.redirect(path: "/thanks/", acceptLanguage: "fr, de;q=0.4") == "/subscribe/de-DE/thanks/")
        #expect(routes.redirect(path: "/thanks/", acceptLanguage: nil) == "/subscribe/en-US/thanks/")
        #expect(routes.redirect(path: "/missing/", acceptLanguage: "de") == nil)
        #expect(routes.redirect(path: "/de-DE/pro/", acceptLanguage: "de") == nil)
        #expect(routes.notFoundPage(for: "/de-DE/nothing") == "de-DE/404.html")
        #expect(routes.notFoundPage(for: "/nothing/at/all") == "404.html")
    }

    @Test func theNotFoundPageIsThemedAndLocalizedWithLinksFromTheSiteRoot() throws {
        let result = HostingSite.build(nil)
        let root = try #require(TestSite.file("404.html", of: result))
        #expect(root.contains("<html lang=\"en-US\" dir=\"ltr\">"))
        #expect(root.contains("<title>Page not found</title>"))
        #expect(root.contains("<link rel=\"stylesheet\" href=\"/subscribe/assets/paywall."))
        #expect(root.contains("href=\"/subscribe/\">Go to the subscription page</a>"))
        let german = try #require(TestSite.file("de-DE/404.html", of: result))
        #expect(german.contains("<html lang=\"de-DE\" dir=\"ltr\">"))
        #expect(german.contains("<title>Seite nicht gefunden</title>"))
        #expect(german.contains("href=\"/subscribe/de-DE/pro/\">Zur Abo-Seite</a>"))
        #expect(german.contains("Content-Security-Policy"))
        #expect(result.manifest?.files.contains("de-DE/404.html") == true)
    }

    @Test func everyLanguageOfTheThemeHasTheNotFoundStrings() throws {
        // An overlay (en-001.json, British spellings) holds only what differs from its language's file.
        for (path, text) in Theme.defaultFiles where path.hasPrefix("strings/") {
            let language = path.dropFirst("strings/".count).prefix { $0 != "-" && $0 != "." }
            if path != "strings/\(language).json", Theme.defaultFiles["strings/\(language).json"] != nil { continue }
            for key in ["notFoundTitle", "notFoundMessage", "notFoundLink"] {
                #expect(text.contains("\"\(key)\": \""), "\(path) has no \(key)")
            }
        }
    }
}
