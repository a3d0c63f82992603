import Foundation
import Testing
@testable import PaywallKit

/// Colours are ASCII hex in every key, and text on the accent stays readable (4.5:1) or is warned about.
@Suite struct ColorTests {
    static func stylesheet(_ result: SiteBuilder.Result) -> String? {
        result.files.first { $0.path.hasPrefix("assets/paywall.") && $0.path.hasSuffix(".css") }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test(arguments: ["#ＡＢＣ", "#０６６", "#12345６", "#abc\u{301}", "#٠٦٦"])
    func digitsOtherThanASCIIAreNotAColourInAnyKey(_ color: String) {
        let theme = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"\(color)\" }").errors
        #expect(theme.contains { $0.message.contains("theme.accentColor '\(color)' is not a hex colour") }, "\(theme)")
        for (front, key) in [("background: { color: \"\(color)\" }", "background.color"), ("containerBackground: { gradient: [\"#000\", \"\(color)\"] }", "gradient"),
                             ("pickerItemBackground: \"\(color)\"", "pickerItemBackground"), ("policies: { foregroundStyle: [\"\(color)\"] }", "policies.foregroundStyle")] {
            let errors = TestSite().page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\n\(front)").errors
            #expect(errors.contains { $0.message.contains("\(key) '\(color)' is not a hex colour") && $0.location.line == 4 }, "\(key): \(errors)")
        }
        let foreground = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentForeground: \"\(color)\" }").errors
        #expect(foreground.contains { $0.message.contains("theme.accentForeground '\(color)' is not a hex colour") }, "\(foreground)")
    }

    @Test func asciiHexInEitherCaseIsAColour() {
        let result = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#0055Bb\" }").build()
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all)")
        #expect(Self.stylesheet(result)?.contains("--accent: #0055bb; --on-accent: #ffffff;") == true)
    }

    @Test func accentForegroundIsTheButtonTextAndOtherwiseTheBetterContrast() throws {
        let chosen = TestSite().config(replacing: "app: { name: Birdwatch }",
                                       with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#b3261e\", accentForeground: \"#FFFFFF\" }").build()
        #expect(chosen.diagnostics.all.isEmpty, "\(chosen.diagnostics.all)")
        #expect(try #require(Self.stylesheet(chosen)).contains("--accent: #b3261e; --on-accent: #ffffff;"))
        let light = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#ffd60a\" }").build()
        #expect(try #require(Self.stylesheet(light)).contains("--accent: #ffd60a; --on-accent: #1c1c1e;"))
    }

    @Test func aPairBelowFourAndAHalfToOneIsWarnedAtItsLine() throws {
        let line = TestSite.line(of: "app:", in: TestSite.defaultConfig) + 1
        // #F43E37: white reads at 3.75:1 and near-black at 4.33:1; both are below 4.5:1.
        let chosen = TestSite().config(replacing: "app: { name: Birdwatch }",
                                       with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#F43E37\", accentForeground: \"#ffffff\" }").build()
        let warning = try #require(chosen.diagnostics.warnings.first { $0.message.contains("contrast") }, "\(chosen.diagnostics.all)")
        #expect(warning.message.contains("theme.accentForeground #ffffff on theme.accentColor #f43e37 has a contrast of 3.75:1"))
        #expect(warning.location.file == "site/paywall.yml" && warning.location.line == line)
        #expect(!chosen.diagnostics.hasErrors, "a warning, the page still builds")
        // On a mid-tone accent (white at 3:1 or more: the red of a brand) the text is white, as a designer puts it,
        // on the accent darkened just enough to reach 4.5:1 where text sits; a light accent keeps near-black.
        let red = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#F43E37\" }").build()
        #expect(red.diagnostics.all.isEmpty, "\(red.diagnostics.all)")
        #expect(try #require(Self.stylesheet(red)).contains("--accent: #f43e37; --on-accent: #ffffff; --accent-fill: #dc3831;"))
        #expect(CSSColor.contrast("#dc3831", "#ffffff") >= 4.5 && CSSColor.contrast("#dd3932", "#ffffff") < 4.5,
                "the least darkening that reaches 4.5:1")
        #expect(CSSColor.accentText(on: "#0a84ff") == ("#ffffff", "#0875e3"))
        #expect(CSSColor.accentText(on: "#34c759") == ("#1c1c1e", nil))
        #expect(CSSColor.accentText(on: "#0066cc") == ("#ffffff", nil))
        // With an alpha channel the accent is not darkened: on mid grey neither colour reaches 4.5:1, and check says so.
        let automatic = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#777777ff\" }").build()
        #expect(automatic.diagnostics.warnings.contains { $0.message.contains("the better of white and near-black (#ffffff) on theme.accentColor #777777ff has a contrast of 4.47:1") },
                "\(automatic.diagnostics.all.map(\.description))")
        let readable = TestSite().config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\ntheme: { accentColor: \"#0066cc\" }").build()
        #expect(readable.diagnostics.all.isEmpty)
    }
}
