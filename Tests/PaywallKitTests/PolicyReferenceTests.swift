import Foundation
import Testing
@testable import PaywallKit

/// Which content file is a policy page never hangs on another page: a store page named as a policy is an error at the
/// place that names it, a translation no locale reads names nothing, and a file that is two policies' page is titled
/// by both, whichever page names it first.
@Suite struct PolicyReferenceTests {
    let site = TestSite()

    /// `pro.md` sells the group; `other.md` sells it too, and may name `pro.md` as its privacy policy.
    func twoStorePages(otherFrontMatter: String = "", extra: [String: String] = [:]) -> TestSite {
        site.with { site in
            site.content["other.md"] = TestSite.page("Other copy.", frontMatter: otherFrontMatter)
            for (name, text) in extra { site.content[name] = text }
        }
    }

    @Test func aStorePageNamedAsAPolicyIsAnErrorWhereItIsNamed() {
        let frontMatter = "policies: { privacyPolicy: { page: pro.md } }\n"
        let result = twoStorePages(otherFrontMatter: frontMatter).build()
        // Line 4 of other.md: the title, the groupID, then the policies line; `pro.md` starts at column 36.
        expectError(result.diagnostics.errors, "'pro' is a store page (it names a groupID or productIDs), not a policy page",
                    file: "site/content/other.md", line: 4, column: 36)
        #expect(result.files.isEmpty)
    }

    @Test func aTranslationNoLocaleReadsMakesNoPolicyPage() {
        // other.fr.md is read by no locale (the site has en-US only): what it names is not a policy page, so pro
        // stays a store page, as it is without other.fr.md.
        let translation = TestSite.page("Autre.", frontMatter: "policies: { privacyPolicy: { page: pro.md } }\n")
        let result = twoStorePages(extra: ["other.fr.md": translation]).build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
        let alone = twoStorePages().build()
        for path in ["en-US/pro/index.html", "pro/index.html"] {
            #expect(TestSite.file(path, of: result) != nil, "\(path) missing")
            #expect(TestSite.file(path, of: result) == TestSite.file(path, of: alone))
        }
        #expect(!result.files.contains { $0.path.hasPrefix("en-US/policies/pro/") })
    }

    @Test("a file that is the page of both policies is titled by both, whichever page names it first",
          arguments: [false, true])
    func oneFileForBothPolicies(_ swapped: Bool) {
        let (first, second) = swapped ? ("privacyPolicy", "termsOfService") : ("termsOfService", "privacyPolicy")
        let result = site.with { site in
            site.content["pro.md"] = TestSite.page(frontMatter: "policies: { \(first): { page: legal.md } }\n")
            site.content["other.md"] = TestSite.page(frontMatter: "policies: { \(second): { page: legal.md } }\n")
            site.content["legal.md"] = "We keep nothing and you may cancel.\n"
        }.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
        let page = TestSite.file("en-US/policies/legal/index.html", of: result) ?? ""
        #expect(page.contains("<title>Terms of Service and Privacy Policy</title>"), "\(page.prefix(600))")
    }

    @Test func aFileForOnePolicyKeepsItsTitle() {
        let result = site.page(replacing: "groupID: birdwatch.pro\n",
                               with: "groupID: birdwatch.pro\npolicies: { termsOfService: { page: terms.md } }\n")
            .with { $0.content["terms.md"] = "Be kind.\n" }.build()
        let page = TestSite.file("en-US/policies/terms/index.html", of: result) ?? ""
        #expect(page.contains("<title>Terms of Service</title>"), "\(page.prefix(600))")
    }
}
