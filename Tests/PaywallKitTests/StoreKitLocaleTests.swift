import Foundation
import Testing
@testable import PaywallKit

/// Every shared `.storekit` fixture in every locale it localizes: the build succeeds, and a page in another
/// language carries none of the theme's English UI text.
@Suite(.enabled(if: StoreKitFixtures.available, StoreKitFixtures.skipMessage))
struct StoreKitLocaleTests {
    static let theme = try! Theme.load(overrides: [:])

    /// The literal parts of every English string that its translation changes ("Renews automatically at ").
    static func englishFragments(for locale: String) -> [String] {
        let english = theme.strings["en"] ?? [:]
        let local = theme.strings(for: locale, fallback: "en").strings.values
        var fragments: [String] = []
        for (key, value) in english {
            guard case .text(let text) = value, local[key] != value else { continue }
            for part in text.split(separator: /\{[a-z]+\}/) where part.trimmingCharacters(in: .whitespaces).count > 3 {
                fragments.append(String(part))
            }
        }
        return fragments
    }

    @Test("builds in every locale it contains, with no English UI text on other languages' pages",
          arguments: StoreKitFixtures.files)
    func everyLocale(_ name: String) throws {
        let (site, _) = try StoreKitFixtures.site(name)
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let manifest = try #require(result.manifest)
        let catalog = try StoreKitFixtures.catalog(name)
        let catalogLocales = Set(catalog.locales)
        // Catalog text that falls back to English (with a warning) is the catalog's, not the theme's.
        let catalogText = Set(catalog.products.flatMap { $0.localizations.values.flatMap { [$0.displayName, $0.description] } } + catalog.products.map(\.referenceName))
        #expect(Set(manifest.pages.map(\.locale)) == catalogLocales.union(["en-US"]))
        for entry in manifest.pages where LocaleID.language(entry.locale) != "en" {
            let html = try #require(TestSite.file(entry.path, of: result))
            let english = Self.englishFragments(for: entry.locale)
                .filter { html.contains(htmlEscaped($0)) && !catalogText.contains($0) }
            #expect(english.isEmpty, "\(name) \(entry.path) shows English UI text: \(english)")
        }
    }
}
