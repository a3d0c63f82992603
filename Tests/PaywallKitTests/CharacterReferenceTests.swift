import Foundation
import Testing
@testable import PaywallKit

/// Raw HTML's links are checked as Chromium reads them: `Fixtures/character-references.json` is what Chromium's
/// parser made of each href (written by Tests/e2e/character_references.py): the attribute's decoded value and the
/// URL it resolved against the page https://site.example/page/.
@Suite struct CharacterReferenceTests {
    struct Row: Decodable {
        var raw: String
        var attribute: String
        var href: String
    }

    static let rows: [Row] = {
        let file = CatalogImportTests.ownFixtures.appendingPathComponent("character-references.json")
        return (try? JSONDecoder().decode([Row].self, from: Data(contentsOf: file))) ?? []
    }()

    static func accepted(_ raw: String) -> Bool {
        RawHTMLCheck.problems("<a href=\"\(raw)\">x</a>", at: SourceLocation(file: "content/pro.md")).isEmpty
    }

    @Test func theTableIsRead() {
        #expect(Self.rows.count > 70)
    }

    @Test func attributesDecodeAsChromiumDecodesThem() {
        for row in Self.rows {
            #expect(CharacterReferences.decodeAttribute(row.raw) == row.attribute,
                    "\(row.raw.debugDescription): Chromium read \(row.attribute.debugDescription)")
        }
    }

    /// A link raw HTML keeps opens an https page: one of the site's (a relative link) or one written as https://….
    /// So `javascript&#58alert(1)`, `/&#47evil.example/` and `/\evil.example` are refused.
    @Test func everyAcceptedLinkOpensAnHTTPSPage() {
        for row in Self.rows where Self.accepted(row.raw) {
            let explicit = row.attribute.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("https://")
            let onSite = row.href.hasPrefix("https://site.example/")
            #expect(row.href.hasPrefix("https://") && (onSite || explicit),
                    "\(row.raw.debugDescription) was accepted; Chromium opens \(row.href)")
        }
    }

    @Test(arguments: ["javascript&#58alert(1)", "&#106avascript:alert(1)", "/&#47evil.example/",
                      "&#100ata:text/html,x", "//evil.example/", "\\\\evil.example", "/\\evil.example",
                      "/&#9;/evil.example", "//site.example/x"])
    func offSiteAndScriptLinksAreRefused(_ raw: String) {
        #expect(!Self.accepted(raw))
    }

    /// Ordinary links stay accepted: relative ones without control characters, and every https:// one.
    @Test func ordinaryLinksAreAccepted() {
        for row in Self.rows {
            let relative = row.href.hasPrefix("https://site.example/page/")
                && !row.attribute.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            guard relative || row.attribute.lowercased().hasPrefix("https://") || row.raw == "/assets/pic.png" else {
                continue
            }
            #expect(Self.accepted(row.raw), "\(row.raw.debugDescription)")
        }
    }

    @Test func numericReferencesFollowTheStandard() {
        #expect(CharacterReferences.codePoint(0) == "\u{FFFD}")
        #expect(CharacterReferences.codePoint(0xD800) == "\u{FFFD}")
        #expect(CharacterReferences.codePoint(0x110000) == "\u{FFFD}")
        #expect(CharacterReferences.codePoint(0x80) == "\u{20AC}")
        #expect(CharacterReferences.codePoint(0x81) == "\u{81}")
        #expect(CharacterReferences.decodeAttribute("&#x0000000000000000003a;") == ":")
    }
}
