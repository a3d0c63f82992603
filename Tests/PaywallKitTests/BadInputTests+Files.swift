import Foundation
import Testing
@testable import PaywallKit

/// Bad input, continued: files that are named but missing, and every error of a build reported at once.
extension BadInputTests {
    // MARK: 11. Missing files

    @Test func missingCatalogFileIsReportedWhereItIsNamedWithThePathLookedFor() {
        let errors = site.with { $0.catalog = nil }.errors
        // `catalog: catalog.yml` is line 2; the value starts at column 10.
        let error = expectError(errors, "catalog file does not exist", file: config, line: 2, column: 10, hint: "catalog:")
        #expect(error?.message.contains("looked for site/catalog.yml") == true)
    }

    @Test func missingPaywallYmlIsAnError() {
        let errors = site.with { $0.config = nil }.errors
        expectError(errors, "no paywall.yml", file: config, line: 1, hint: "paywall init")
    }

    @Test func controlIconNotInAssetsIsReportedAtItsValue() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/star.svg }")
            .with { $0.assets = ["feather.svg": Data("<svg/>".utf8)] }.errors
        let error = expectError(errors, "'assets/star.svg' is not a file in assets/", file: page, line: 3, column: 29, hint: "assets/")
        #expect(error?.message.contains("looked for site/assets/star.svg") == true)
    }

    @Test func controlIconNearMissSuggestsTheAsset() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/str.svg }")
            .with { $0.assets = ["star.svg": Data("<svg/>".utf8)] }.errors
        expectError(errors, "'assets/str.svg' is not a file in assets/", file: page, line: 3,
                    hint: "did you mean 'assets/star.svg'?")
    }

    @Test func policyPageNotInContentIsReportedAtItsNameWithThePathLookedFor() {
        let errors = site.config(replacing: "termsOfService: https://example.com/terms", with: "termsOfService: { page: terms.md }").errors
        let line = TestSite.line(of: "termsOfService", in: TestSite.defaultConfig)
        let error = expectError(errors, "the policy page 'terms.md' is not in content/", file: config, line: line, column: 27,
                                hint: "content/terms.md")
        #expect(error?.message.contains("looked for site/content/terms.md") == true)
    }

    @Test func appIconNotInAssetsIsReportedAtItsValue() {
        let errors = site.config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch, icon: assets/icon.svg }").errors
        expectError(errors, "app.icon 'assets/icon.svg' is not a file in assets/", file: config,
                    line: TestSite.line(of: "app:", in: TestSite.defaultConfig), column: 31)
    }

    @Test func productIconNotInAssetsIsReportedAtItsIconLine() {
        let errors = site.catalog(replacing: "referenceName: Pro Yearly", with: "referenceName: Pro Yearly\n        icon: assets/star.svg").errors
        expectError(errors, "'assets/star.svg' is not a file in assets/", file: catalog,
                    line: TestSite.line(of: "referenceName: Pro Yearly", in: TestSite.defaultCatalog) + 1, column: 15)
    }

    @Test func oneTimeProductIconNotInAssetsIsReportedAtItsIconLine() {
        let errors = site.catalog(replacing: "subscriptionGroups:", with: "nonConsumables:\n  - { id: lifetime, price: { USA: \"99.99\" },\n      icon: assets/infinity.svg }\nsubscriptionGroups:").errors
        expectError(errors, "the icon of 'lifetime' 'assets/infinity.svg' is not a file in assets/", file: catalog, line: 3, column: 13)
    }

    @Test func backgroundImageNotInAssetsIsReportedAtItsValue() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\nbackground: { image: assets/sky.jpg }").errors
        expectError(errors, "'assets/sky.jpg' is not a file in assets/", file: page, line: 3, column: 22)
    }

    @Test func assetsThatExistAreAccepted() {
        let result = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/star.svg }")
            .config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch, icon: assets/icon.svg }")
            .with { $0.assets = ["star.svg": Data("<svg/>".utf8), "icon.svg": Data("<svg/>".utf8)] }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        #expect(result.files.contains { $0.path == "assets/star.svg" })
    }

    // MARK: 12. Every error at once

    @Test func threeErrorsInTheCatalogAreAllReported() {
        let errors = site.catalog(replacing: "period: P1M", with: "period: P1X")
            .catalog(replacing: "price: { USA: \"49.99\" }", with: "price: { USA: \"49,99\" }")
            .catalog(replacing: "referenceName: Pro Monthly", with: "referenceNam: Pro Monthly").errors
        #expect(errors.count == 3, "\(errors.map(\.description))")
        expectError(errors, "'P1X' is not an ISO 8601 period", file: catalog, line: 10)
        expectError(errors, "'49,99' is not a decimal number", file: catalog, line: 18)
        expectError(errors, "unknown key 'referenceNam'", file: catalog, line: 8)
    }

    @Test func threeErrorsInThreeFilesAreAllReported() {
        let errors = site.config(replacing: "defaultLocale:", with: "defaultLocal:")
            .catalog(replacing: "period: P1M", with: "period: P1X")
            .page(replacing: "title:", with: "titel:").errors
        expectError(errors, "unknown key 'defaultLocal'", file: config, line: 3)
        expectError(errors, "'P1X' is not an ISO 8601 period", file: catalog, line: 10)
        expectError(errors, "unknown key 'titel'", file: page, line: 2, hint: "did you mean 'title'?")
        #expect(errors.count == 3, "\(errors.map(\.description))")
    }

    @Test func threeErrorsInOnePagesFrontMatterAreAllReported() {
        let errors = site.page(replacing: "title: Birdwatch Pro",
                               with: "titel: Birdwatch Pro\ncontrolStyle: pickr\npolicies: { privacyPolicy: \"http://example.com/privacy\" }").errors
        expectError(errors, "unknown key 'titel'", file: page, line: 2)
        expectError(errors, "'pickr' is not a valid controlStyle", file: page, line: 3)
        expectError(errors, "'http:'", file: page, line: 4)
        #expect(errors.count == 3, "\(errors.map(\.description))")
    }

    @Test func frontMatterErrorAndUnsafeBodyLinkAreReportedTogether() {
        let errors = site.page(replacing: "title:", with: "titel:")
            .page(replacing: "Identify every bird you hear.", with: "[Go](javascript:go())").errors
        expectError(errors, "unknown key 'titel'", file: page, line: 2)
        expectError(errors, "'javascript:'", file: page, line: 7)
        #expect(errors.count == 2, "\(errors.map(\.description))")
    }

    @Test func unknownGroupAndUnsafeBodyLinkAreReportedTogether() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pr0")
            .page(replacing: "Identify every bird you hear.", with: "[Go](javascript:go())").errors
        expectError(errors, "no subscription group 'birdwatch.pr0'", file: page, line: 3)
        expectError(errors, "'javascript:'", file: page, line: 7)
        #expect(errors.count == 2, "\(errors.map(\.description))")
    }

    @Test func diagnosticsSortByFileThenLine() {
        let result = site.config(replacing: "defaultLocale:", with: "defaultLocal:")
            .config(replacing: "catalog: catalog.yml", with: "catalg: catalog.yml").build()
        let places = result.diagnostics.sorted.map { "\($0.location.file):\($0.location.line)" }
        #expect(places == ["site/paywall.yml:2", "site/paywall.yml:3"])
    }
}

@Suite("Bad input in several locales")
struct BadInputInSeveralLocalesTests {
    @Test("a plain page with an option key fails cleanly in every locale, reported once")
    func noSelection() {
        let site = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]\n")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA }")
            .page(replacing: "groupID: birdwatch.pro\n", with: "controlStyle: buttons\n")
        let errors = site.errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("'controlStyle' is about options") == true)
    }
}
