import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// `experiments:` (DESIGN.md 5a): the hash nginx's split_clients computes, the ranges, the variants' pages and
/// their errors, experiments.json and the routes every host assigns by.
@Suite struct ExperimentsTests {
    static let experiment = """
        experiments:
          - id: yearly-first
            page: pro
            variants: { control: 45, annual: 45 }
            unit: app_user_id

        """
    static let variantPage = "---\ntitle: Birdwatch Pro, yearly first\ngroupID: birdwatch.pro\n"
        + "selected: pro.yearly\ncontrolStyle: prominentPicker\n---\n# Every bird, all year\n\nA year of birds.\n"

    /// en-US and de-DE; `pro` tested against `pro+annual` (translated), a 10% holdout.
    static let site = TestSite().with { site in
        site.config = TestSite.defaultConfig.replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .replacingOccurrences(of: "&locale={locale}", with: "&locale={locale}&exp={experiment}&v={variant}")
            + experiment
        site.content["pro+annual.md"] = variantPage
        site.content["pro+annual.de-DE.md"] = "---\ntitle: Birdwatch Pro, erst jährlich\n---\n# Jährlich\n\nVögel.\n"
        site.content["thanks.md"] = "---\ntitle: Thanks\n---\nThank you.\n"
    }

    static func build(_ site: TestSite = site) -> SiteBuilder.Result {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return result
    }

    @Test func theHashIsNginxsMurmurHash2() {
        // From nginx's src/core/ngx_murmurhash.c compiled as it is.
        let vectors: [(String, UInt32)] = [("", 0), ("a", 2_456_313_694), ("ab", 446_775_395), ("abc", 324_500_635),
                                           ("abcd", 646_393_889), ("abcde", 1_594_468_574),
                                           ("hello world", 1_151_865_881), ("yearly-first:user-1", 1_998_657_974),
                                           ("yearly-first:été", 497_991_520)]
        for (text, hash) in vectors { #expect(MurmurHash2.hash(text) == hash, "\(text)") }
        #expect(MurmurHash2.hash([UInt8(ascii: "x"), UInt8(ascii: ":"), 0xff, 0xfe, 0x80]) == 4_216_189_105)
    }

    @Test func rangesAreSplitClientsBoundaries() throws {
        let config = try #require(Self.build().config)
        let experiment = try #require(config.experiments.first)
        let ranges = experiment.ranges
        // 4500 * 0xffffffff / 10000 = 1932735282 (rounded down), summed: what split_clients compares `hash <` with.
        #expect(ranges.map(\.variant) == ["control", "annual", "holdout"])
        #expect(ranges.map(\.from) == [0, 1_932_735_282, 3_865_470_564])
        #expect(ranges.map(\.to) == [1_932_735_282, 3_865_470_564, 4_294_967_296])
        #expect(ranges.map(\.page) == ["pro", "pro+annual", "pro"])
        // Weights of 100: the last variant is split_clients' `*`, up to 2^32 (50% alone would stop at 4294967294).
        var full = experiment
        full.variants = [.init(name: "control", weight: 5000, location: experiment.location),
                         .init(name: "off", weight: 0, location: experiment.location),
                         .init(name: "annual", weight: 5000, location: experiment.location),
                         .init(name: "late", weight: 0, location: experiment.location)]
        #expect(full.ranges.map(\.to) == [2_147_483_647, 2_147_483_647, 4_294_967_296, 2_147_483_647 * 2])
        #expect(full.ranges[1].from == full.ranges[1].to, "a variant of weight 0 has no visitors")
        #expect(experiment.assignment(unit: "user-1")?.variant == "annual", "1998657974 is in annual's range")
    }

    @Test func variantPagesCarryTheirExperimentAndPointAtTheControl() throws {
        let result = Self.build()
        let variant = try #require(TestSite.file("de-DE/pro+annual/index.html", of: result))
        #expect(variant.contains("<meta name=\"paywall-variant\" content=\"yearly-first:annual\">"))
        #expect(variant.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(variant.contains("<link rel=\"canonical\" href=\"https://example.com/subscribe/de-DE/pro/\">"))
        #expect(variant.contains("Birdwatch Pro, erst jährlich"), "the variant's translation")
        #expect(variant.contains("&amp;exp=yearly-first&amp;v=annual"))
        let control = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(control.contains("<meta name=\"paywall-variant\" content=\"yearly-first:control\">"))
        #expect(!control.contains("noindex"))
        #expect(control.contains("&amp;exp=yearly-first&amp;v=control"))
        let thanks = try #require(TestSite.file("en-US/thanks/index.html", of: result))
        #expect(!thanks.contains("paywall-variant"))
        // Customer-state pages of a variant are written too.
        let states = Self.build(Self.site.with {
            $0.content["pro+annual.md"] = Self.variantPage.replacingOccurrences(of: "---\n#",
                                                                                with: "visibleRelationships: all\n---\n#")
        })
        let current = try #require(TestSite.file("en-US/pro+annual/current/pro.monthly/index.html", of: states))
        #expect(current.contains("content=\"yearly-first:annual\""))
        #expect(current.contains("<link rel=\"canonical\" href=\"https://example.com/subscribe/en-US/pro/\">"))
        let json = try #require(TestSite.file("experiments.json", of: states))
        #expect(json.contains("\"pages\":{\"en-US\":[\"en-US/pro+annual/\",\"en-US/pro+annual/current/pro.monthly/\""))
    }

    @Test func variantsHaveNoAddressOfTheirOwnNorASitemapEntry() throws {
        let result = Self.build()
        #expect(TestSite.file("pro+annual/index.html", of: result) == nil)
        #expect(TestSite.file("pro/index.html", of: result) != nil)
        let sitemap = try #require(TestSite.file("sitemap.xml", of: result))
        #expect(!sitemap.contains("pro+annual"))
        let routes = try #require(result.routes)
        #expect(routes.pages.map(\.name) == ["pro", "thanks"])
        #expect(routes.variantPages == ["pro+annual": ["en-US", "de-DE"]])
        #expect(routes.homes["de-DE"] == "de-DE/pro/")
        for chooser in ["index.html", "de-DE/index.html"] {
            #expect(TestSite.file(chooser, of: result)?.contains("pro+annual") == false, "\(chooser) lists no variant")
        }
        // Outside an experiment, the two placeholders are empty.
        let plain = Self.build(TestSite().config(replacing: "&locale={locale}", with: "&v={variant}&e={experiment}"))
        #expect(TestSite.file("en-US/pro/index.html", of: plain)?.contains("&amp;v=&amp;e=\"") == true)
    }

    @Test func experimentsJSONPublishesRangesAndPaths() throws {
        let json = try #require(TestSite.file("experiments.json", of: Self.build()))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["cookie"] as? String == "pw_visitor")
        let experiment = try #require((object["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["id"] as? String == "yearly-first")
        #expect(experiment["key"] as? String == "yearly-first:")
        #expect(experiment["unit"] as? String == "app_user_id")
        let variants = try #require(experiment["variants"] as? [[String: Any]])
        #expect(variants.map { $0["name"] as? String } == ["control", "annual", "holdout"])
        #expect(variants.map { $0["holdout"] as? Bool } == [false, false, true])
        #expect(variants.map { ($0["to"] as? NSNumber)?.int64Value } == [1_932_735_282, 3_865_470_564, 4_294_967_296])
        #expect((variants[1]["paths"] as? [String: String]) == ["en-US": "en-US/pro+annual/",
                                                                "de-DE": "de-DE/pro+annual/"])
        #expect((variants[2]["paths"] as? [String: String])?["de-DE"] == "de-DE/pro/", "the holdout sees the control")
        #expect(TestSite.file("experiments.json", of: Self.build(TestSite())) == nil)
    }

    @Test func routesAssignAsTheManifestSays() throws {
        let routes = try #require(Self.build().routes)
        let experiment = try #require(routes.experiments.first)
        var counts: [String: Int] = [:]
        for index in 0..<2000 {
            let answer = try #require(routes.experimentAnswer(path: "/en-US/pro/", query: "app_user_id=user-\(index)",
                                                              cookie: "pw_visitor=abc", acceptLanguage: nil,
                                                              newVisitor: { "new" }))
            let expected = try #require(experiment.assignment(unit: "user-\(index)"))
            #expect(answer.variant == expected.variant)
            #expect(answer.location == (expected.page == "pro" ? nil : "/subscribe/en-US/pro+annual/"))
            #expect(answer.setCookie == nil)
            counts[answer.variant, default: 0] += 1
        }
        #expect(abs((counts["control"] ?? 0) - 900) < 60 && abs((counts["annual"] ?? 0) - 900) < 60)
        // No unit: the cookie, else a new visitor whose cookie is set.
        let cookie = try #require(routes.experimentAnswer(path: "/pro/", query: "utm_source=x", cookie: nil,
                                                          acceptLanguage: "de", newVisitor: { "user-1" }))
        #expect(cookie.variant == "annual")
        #expect(cookie.location == "/subscribe/de-DE/pro+annual/")
        #expect(cookie.setCookie == "pw_visitor=user-1; Path=/subscribe/; Max-Age=31536000; SameSite=Lax")
        let again = routes.experimentAnswer(path: "/de-DE/pro/", query: nil, cookie: "a=b; PW_VISITOR=user-1",
                                            acceptLanguage: nil, newVisitor: { "other" })
        #expect(again?.variant == "annual" && again?.setCookie == nil)
        let preview = routes.experimentAnswer(path: "/de-DE/pro/", query: "variant=control", cookie: "pw_visitor=user-1",
                                              acceptLanguage: nil, preview: "control", newVisitor: { "" })
        #expect(preview?.location == nil && preview?.variant == "control")
        #expect(routes.experimentAnswer(path: "/de-DE/thanks/", query: nil, cookie: nil, acceptLanguage: nil,
                                        newVisitor: { "" }) == nil)
        #expect(SiteRoutes.queryValue("app_user_id", in: "x=1&APP_USER_ID=a%20b&app_user_id=c") == "a%20b")
    }

    @Test func errorsSayWhereAndWhat() {
        let line = TestSite.defaultConfig.split(separator: "\n", omittingEmptySubsequences: false).count
        let unknownPage = Self.site.config(replacing: "page: pro", with: "page: pri").errors
        expectError(unknownPage, "tests the page 'pri', which has no content file", file: "site/paywall.yml",
                    line: line + 2, hint: "did you mean 'pro'?")
        let missing = Self.site.config(replacing: "annual: 45", with: "annual: 45, monthly: 5").errors
        expectError(missing, "the variant 'monthly' of 'yearly-first' has no content file", file: "site/paywall.yml",
                    line: line + 3, hint: "create content/pro+monthly.md")
        let over = Self.site.config(replacing: "control: 45", with: "control: 60").errors
        expectError(over, "sum to 105%, over 100%", file: "site/paywall.yml", line: line + 3)
        let name = Self.site.config(replacing: "annual: 45", with: "annual: 45, \"a b\": 1").errors
        expectError(name, "the variant name 'a b' is not an identifier", file: "site/paywall.yml", line: line + 3)
        // The experiment's page gone: that one error, not also its variant's file as a variant of nothing.
        let gone = Self.site.with { $0.content["pro.md"] = nil }.errors
        expectError(gone, "tests the page 'pro', which has no content file", file: "site/paywall.yml", line: line + 2)
        #expect(!gone.contains { $0.message.contains("that no experiment names") }, "\(gone)")
        let orphan = Self.site.with { $0.content["pro+yearly.md"] = Self.variantPage }.errors
        expectError(orphan, "pro+yearly is a variant ('yearly' of 'pro') that no experiment names",
                    file: "site/content/pro+yearly.md", line: 1, hint: "add yearly to the variants of 'yearly-first'")
        let product = Self.site.page("pro+annual.md", replacing: "selected: pro.yearly\n",
                                     with: "selected: pro.yearly\nadditionalProductIDs: [pro.lifetime]\n").errors
        #expect(product.contains { $0.location.file == "site/content/pro+annual.md" && $0.message.contains("pro.lifetime") },
                "\(product)")
        // Values that reach nginx, the worker's JavaScript and experiments.json are identifiers, never syntax.
        for (old, new, fragment) in [("id: yearly-first", "id: 'a\"; return;//'", "is not letters, digits and '-'"),
                                     ("unit: app_user_id", "unit: app-user-id", "is not a query parameter name"),
                                     ("unit: app_user_id", "unit: \"a}$x\"", "is not a query parameter name"),
                                     ("annual: 45", "\"annual;\": 45", "is not an identifier"),
                                     ("annual: 45", "holdout: 45", "it cannot be a variant")] {
            let errors = Self.site.config(replacing: old, with: new).errors
            #expect(errors.contains { $0.message.contains(fragment) && $0.location.file == "site/paywall.yml" },
                    "\(new): \(errors)")
        }
        let weight = Self.site.config(replacing: "control: 45", with: "control: 4.555").errors
        expectError(weight, "the weight of 'control' must be a percent", file: "site/paywall.yml", line: line + 3)
    }
}

/// Cloudflare Pages: the worker and its routes, only with experiments; every value quoted as JSON.
@Suite struct PagesWorkerTests {
    @Test func theWorkerAndItsRoutesAreWrittenForExperimentsOnly() throws {
        let hosted = ExperimentsTests.site.with { $0.config! += "hosting: [cloudflare-pages]\n" }
        let result = ExperimentsTests.build(hosted)
        let routes = try #require(TestSite.file("_routes.json", of: result))
        #expect(routes == "{\"version\":1,\"include\":[\"/subscribe/pro/\",\"/subscribe/en-US/pro/\","
                + "\"/subscribe/de-DE/pro/\"],\"exclude\":[]}\n")
        let worker = try #require(TestSite.file("_worker.js", of: result))
        #expect(worker.contains("\"id\":\"yearly-first\",\"page\":\"pro\",\"unit\":\"app_user_id\""))
        #expect(worker.contains("{\"variant\":\"annual\",\"to\":3865470564,\"page\":\"pro+annual\""))
        #expect(worker.contains("export default {"))
        let plain = ExperimentsTests.build(TestSite().with { $0.config! += "hosting: [cloudflare-pages]\n" })
        #expect(TestSite.file("_worker.js", of: plain) == nil && TestSite.file("_routes.json", of: plain) == nil)
        #expect(result.diagnostics.warnings.allSatisfy { !$0.message.contains("cannot assign visitors") })
    }

    @Test func aHostThatCannotAssignIsAWarningAtTheFirstExperiment() throws {
        for hosts in ["[netlify]", "[github-pages]"] {
            let hosted = ExperimentsTests.site.with { $0.config! = "hosting: \(hosts)\n" + $0.config! }
            let result = ExperimentsTests.build(hosted)
            let warning = try #require(result.diagnostics.warnings.first { $0.message.contains("cannot assign") })
            #expect(warning.message.hasPrefix(hosts.dropFirst().dropLast() + " cannot assign visitors"))
            #expect(warning.location.line == TestSite.line(of: "- id: yearly-first", in: hosted.config ?? ""))
            #expect(warning.hint?.contains("experiments.json") == true)
        }
        // Without hosting: (the nginx block, serve) no warning.
        #expect(ExperimentsTests.build().diagnostics.warnings.allSatisfy { !$0.message.contains("cannot assign") })
    }
}

/// The nginx block: split_clients on ID:UNIT with the manifest's shares, the last part `*`; the tested addresses
/// redirect by it, set the cookie once and are never cached for another visitor.
@Suite struct NginxExperimentsTests {
    @Test func theBlockSplitsAsTheManifestSays() throws {
        let routes = try #require(ExperimentsTests.build().routes)
        let block = NginxConfig.server(routes, root: "/srv/public", listen: .init(port: 8080), serverName: nil)
        #expect(block.contains("""
            split_clients "yearly-first:${paywall_unit_0}" $paywall_variant_0 {
                45% "control";
                45% "annual";
                * "holdout";
            }
            """))
        #expect(block.contains("map $arg_app_user_id $paywall_unit_0 {\n    \"\" $paywall_visitor;\n"))
        #expect(block.contains("    location = /pro/ { return 302 /subscribe/$paywall_locale_0/$paywall_page_0/"
                               + "$is_args$args; }\n"))
        #expect(block.contains("    location = /de-DE/pro/ { if ($paywall_page_0 != \"pro\") { return 302 "
                               + "/subscribe/de-DE/$paywall_page_0/$is_args$args; } }\n"))
        #expect(block.contains("    add_header Set-Cookie $paywall_set_cookie always;\n"))
        #expect(block.contains("    1 \"pw_visitor=$request_id; Path=/subscribe/; Max-Age=31536000; SameSite=Lax\";"))
        #expect(block.contains("    \"/de-DE/pro/index.html\" \"private, no-store\";\n"))
        #expect(!block.contains("    /pro/ Accept-Language;\n"), "the tested page's Vary names Cookie too")
        let plain = try #require(ExperimentsTests.build(TestSite()).routes)
        let untouched = NginxConfig.server(plain, root: "/srv/public", listen: .init(port: 8080), serverName: nil)
        #expect(!untouched.contains("paywall_visitor") && !untouched.contains("Set-Cookie"))
    }
}
