import Foundation
import Testing
@testable import PaywallKit

/// Translations (content/NAME.LOCALE.md): their keys over the base file's, fallback, and the most specific file.
extension LoaderTests {
    // MARK: Translations

    static let basePage = """
        ---
        title: Birdwatch Pro
        groupID: birdwatch.pro
        selected: pro.yearly
        badges: { pro.yearly: Best value }
        ---
        # Birdwatch Pro

        English body.

        """

    static let germanPage = """
        ---
        title: Birdwatch Pro auf Deutsch
        badges: { pro.yearly: Bestes Angebot }
        ---
        # Birdwatch Pro

        Deutscher Text.

        """

    @Test func translationKeysOverrideBaseKeysAndBodyComesFromTheTranslation() throws {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage], folder: "site", diagnostics: &diagnostics)
        let page = try #require(content.page("pro", locale: "de-DE", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description))")
        #expect(page.name == "pro")
        #expect(page.locale == "de")
        #expect(page.file == "site/content/pro.de.md")
        #expect(page.title == "Birdwatch Pro auf Deutsch")
        #expect(page.badges == ["pro.yearly": "Bestes Angebot"])
        #expect(page.selection == .group("birdwatch.pro"), "kept from the base file")
        #expect(page.selected == "pro.yearly", "kept from the base file")
        #expect(page.body.contains("Deutscher Text."))
        #expect(!page.body.contains("English body."))
        #expect(page.bodyLine == 5)
        #expect(page.location(of: "title").file == "site/content/pro.de.md")
        #expect(page.location(of: "groupID").file == "site/content/pro.md")
    }

    @Test func baseFileServesLocalesWithoutTranslation() throws {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage], folder: "site", diagnostics: &diagnostics)
        let english = try #require(content.page("pro", locale: "en-US", diagnostics: &diagnostics))
        #expect(english.locale == nil)
        #expect(english.title == "Birdwatch Pro")
        #expect(english.badges == ["pro.yearly": "Best value"])
        #expect(english.body.contains("English body."))
        #expect(english.bodyLine == 7)
        let french = try #require(content.page("pro", locale: "fr-FR", diagnostics: &diagnostics))
        #expect(french.file == "site/content/pro.md")
    }

    @Test func mostSpecificTranslationWins() throws {
        var diagnostics = Diagnostics()
        let austrian = Self.germanPage.replacingOccurrences(of: "auf Deutsch", with: "auf Österreichisch")
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage, "pro.de-AT.md": austrian],
                                   folder: "site", diagnostics: &diagnostics)
        #expect(content.page("pro", locale: "de-AT", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Österreichisch")
        #expect(content.page("pro", locale: "de-CH", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Deutsch")
        #expect(content.page("pro", locale: "de", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Deutsch")
    }

    @Test func translatedSiteBuildsEachLocaleFromItsFile() throws {
        let result = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content = ["pro.md": Self.basePage, "pro.de.md": Self.germanPage] }
            .build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let english = try #require(TestSite.file("en-US/pro/index.html", of: result))
        let german = try #require(TestSite.file("de-DE/pro/index.html", of: result))
        #expect(english.contains("English body.") && !english.contains("Deutscher Text."))
        #expect(german.contains("Deutscher Text.") && !german.contains("English body."))
        #expect(german.contains("Bestes Angebot"))
        #expect(english.contains("Best value"))
    }

    @Test func translationWithoutItsBasePageIsAnError() {
        let errors = TestSite().with { $0.content["faq.de.md"] = Self.germanPage }.errors
        expectError(errors, "a translation without its page", file: "site/content/faq.de.md", line: 1, hint: "content/faq.md")
    }

    @Test func missingTranslationIsAWarningWhenOthersExist() {
        let result = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE, fr-FR]")
            .with { $0.content = ["pro.md": Self.basePage, "pro.de.md": Self.germanPage] }
            .build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        #expect(result.diagnostics.warnings.contains { $0.message.contains("no translation of 'pro' for fr-FR") })
    }
}
