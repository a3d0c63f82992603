import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// Files a hostile or careless site holds (issue "No input reaches an nginx config, a CI log, a catalog file or a
/// page unchecked"): a translation named Apple's way, a folder linked out of the site, a broken
/// apple-app-site-association.
@Suite struct HostileFilesTests {
    // MARK: premium.de_DE.md

    @Test(arguments: [("pro.de_DE.md", "pro.de-DE.md"), ("pro.pt_BR.md", "pro.pt-BR.md"),
                      ("pro.zh_Hant_TW.md", "pro.zh-Hant-TW.md")])
    func aTranslationWithAppleStyleLocaleIsAnErrorNamingTheRightFile(_ name: String, _ fixed: String) {
        let site = TestSite().with { $0.content[name] = TestSite.defaultPage }
        let result = site.build()
        expectError(result.diagnostics.errors, "writes its locale with '_'", file: "site/content/\(name)", line: 1,
                    hint: "rename it \(fixed)")
        let stem = String(name.dropLast(3))
        #expect(!result.files.contains { $0.path.contains(stem) }, "no public page \(stem)")
    }

    @Test func aHyphenatedTranslationAndAnUnderscoreInAPageNameStayAsTheyWere() {
        #expect(PageLoader.nameAndLocale("pro.de-DE.md") == ("pro", "de-DE"))
        #expect(PageLoader.hyphenatedTranslation("pro.de-DE.md") == nil)
        #expect(PageLoader.hyphenatedTranslation("spring_sale.md") == nil)
        #expect(PageLoader.hyphenatedTranslation("pro.summer_sale.md") == nil)
        let site = TestSite().with { $0.content["spring_sale.md"] = TestSite.defaultPage }
        #expect(site.errors.isEmpty, "\(site.errors)")
    }

    // MARK: a folder linked out of the site

    @Test(arguments: ["static", "assets"])
    func aFolderLinkedOutOfTheSiteIsOneError(_ folderName: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(["a.txt": "x", "b.txt": "x", "deep/c.txt": "x", ".hidden": "x"], under: "elsewhere")
        try TestSite().write(to: folder.path("site"))
        try folder.symlink("site/" + folderName, to: "../elsewhere")
        let errors = SiteBuilder.build(SiteInputs.load(folder.path("site"))).diagnostics.errors
        #expect(errors.count == 1, "\(errors)")
        expectError(errors, "\(folderName)/ is a link to a folder outside the site folder",
                    file: folder.path("site/" + folderName), line: 1, hint: "copy the folder into the site")
    }

    // MARK: apple-app-site-association

    static let aasaPath = ".well-known/apple-app-site-association"
    static let aasaFile = "site/static/" + aasaPath

    func errors(aasa text: String, at path: String = aasaPath) -> (errors: [Diagnostic], files: [String]) {
        let result = TestSite().with { $0.statics[path] = Data(text.utf8) }.build()
        return (result.diagnostics.errors, result.files.map(\.path))
    }

    @Test func aValidFileIsPublishedAsItIs() throws {
        let text = #"{ "applinks": { "details": [{ "appIDs": ["ABCDE12345.com.example.birdwatch"], "#
            + #""components": [{ "/": "/app/*" }] }] } }"#
        let result = TestSite().with { $0.statics[Self.aasaPath] = Data(text.utf8) }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        #expect(TestSite.file(Self.aasaPath, of: result) == text)
        #expect(errors(aasa: #"{ "webcredentials": { "apps": ["ABCDE12345.com.example.birdwatch"] } }"#).errors.isEmpty)
    }

    @Test func aSyntaxErrorIsAnErrorAtItsLineAndColumn() {
        let text = "{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}\n"
        let (errors, files) = errors(aasa: text)
        expectError(errors, "the file is not valid JSON", file: Self.aasaFile, line: 3, column: 17, hint: "strict JSON")
        #expect(!files.contains(Self.aasaPath))
        // The file at the root is the same file to iOS.
        let root = self.errors(aasa: "{ applinks: {} }", at: "apple-app-site-association").errors
        expectError(root, "not valid JSON", file: "site/static/apple-app-site-association", line: 1, column: 3)
    }

    @Test(arguments: [("[{\"applinks\": {}}]", "must be a JSON object, not a list"),
                      ("\"applinks\"", "not a single value"),
                      ("{}", "has no applinks"), ("{\"apps\": []}", "has no applinks"),
                      ("{\"applinks\": [\"ABCDE12345.com.example.birdwatch\"]}", "'applinks' must be a JSON object"),
                      ("{\"applinks\": {}", "not valid JSON")])
    func aFileAppleCannotReadIsAnErrorNamingIt(_ text: String, _ fragment: String) {
        let (errors, files) = errors(aasa: text)
        expectError(errors, fragment, file: Self.aasaFile, line: 1)
        #expect(!files.contains(Self.aasaPath))
    }

    @Test func aFileOverAppleLimitIsAnError() {
        let paths = (0..<6000).map { "{ \"/\": \"/birds/\($0)/*\" }" }.joined(separator: ", ")
        let text = "{ \"applinks\": { \"details\": [{ \"appIDs\": [\"A.b\"], \"components\": [\(paths)] }] } }"
        #expect(text.utf8.count > 128 * 1024)
        expectError(errors(aasa: text).errors, "Apple reads at most 131072", file: Self.aasaFile, line: 1,
                    hint: "wildcards")
    }
}
