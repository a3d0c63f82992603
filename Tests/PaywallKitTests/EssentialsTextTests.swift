import Foundation
import Testing
@testable import PaywallKit

/// What PaywallKit writes without Foundation's formatting (it imports FoundationEssentials only, see the Makefile's
/// build) holds to what Foundation gives, checked here where the tests may import all of Foundation.
@Suite struct EssentialsTextTests {
    @Test func fixedPointAsStringFormat() {
        for value in [0, 0.04, 0.05, 0.051, 1.25, 12.345, 99.999, 1234.5678, -0.4, -2.75, 0.3333333] {
            for places in 0...3 {
                #expect(TextFormat.fixed(value, places: places) == String(format: "%.\(places)f", value),
                        "\(value) to \(places) places")
            }
        }
    }

    @Test func hexAsStringFormat() {
        for value: UInt32 in [0, 7, 0x1F, 0x7F, 0xFEFF, 0x2028, 0x1F600] {
            #expect(TextFormat.hex(value) == String(format: "%04X", value))
            #expect(TextFormat.hex(value, uppercase: false) == String(format: "%04x", value))
        }
    }

    @Test func pathComponentsAsNSString() {
        // (Not a one-letter name: corelibs Foundation's deletingLastPathComponent traps on "a".)
        for path in ["a/b/c", "ab", "a/b.md", "/a", "/", "a/b/", "", "de-DE/membership/index.html", "/x/y//"] {
            #expect(TextFormat.lastPathComponent(path) == (path as NSString).lastPathComponent, "\(path)")
            #expect(TextFormat.deletingLastPathComponent(path) == (path as NSString).deletingLastPathComponent,
                    "\(path)")
        }
    }

    @Test func urlPathAsPercentEncoding() {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))
        for path in ["assets/my icon.svg", "assets/größe.png", "a?b#c;d%e", "日本/画像.jpg", "a+b=c&d'(e)*~@!$,"] {
            #expect(TextFormat.urlPath(path) == path.addingPercentEncoding(withAllowedCharacters: allowed))
        }
    }

    @Test func roundingDownAsNSDecimalRound() {
        for text in ["49.99", "4.165833", "7800", "0.005", "12.340", "-12.345", "-4.10", "3", "99.9999", "0"] {
            let value = Decimal(string: text)!
            var money = Money.of(text.hasPrefix("-") ? String(text.dropFirst()) : text)
            if text.hasPrefix("-") { money.minorUnits.negate() }
            for places in 0...3 {
                var input = value, expected = Decimal()
                NSDecimalRound(&expected, &input, places, .down)
                #expect(money.roundedDown(toDigits: places).plain == expected.description, "\(text) to \(places) places")
            }
        }
        #expect(PriceMath.relativeDiscount(ExactCost(.of("8")), comparedTo: ExactCost(.of("12"))) == 33)
    }

    @Test func stringSearchesAsNSString() {
        let text = "<HTML><Head></HEAD><body>x</BODY>y</body>"
        #expect(text.asciiCaseInsensitiveRange(of: "</head>") == text.range(of: "</head>", options: .caseInsensitive))
        #expect(text.lastAsciiCaseInsensitiveRange(of: "</body>")
                    == text.range(of: "</body>", options: [.caseInsensitive, .backwards]))
        #expect(" \t a b \u{00A0}".trimmingSpaces == " \t a b \u{00A0}".trimmingCharacters(in: .whitespaces))
        #expect("\n a \r\n\u{2028}".trimmingSpacesAndNewlines
                    == "\n a \r\n\u{2028}".trimmingCharacters(in: .whitespacesAndNewlines))
        #expect("a-b-c".replacingEvery("-", with: "\\-") == "a-b-c".replacingOccurrences(of: "-", with: "\\-"))
    }

    @Test func containsAsFoundation() {
        let texts = ["a\r\nb", "{{\u{301}x}}", "&amp;", "x/\u{200D}y", "/\u{1F3FB}", "e\u{301}", ":\u{903}", "🇩🇪 a b", ""]
        for text in texts {
            for needle in ["\r", "\n", "{{", "&", "/", ":", "e", " ", "a b"] {
                #expect(text.containsText(needle) == (text as any StringProtocol).contains(needle), "\(text) \(needle)")
            }
        }
    }

    @Test func strictJSONAcceptsWhatJSONSerializationAccepts() throws {
        let texts = ["{}", "[]", "\"a\"", "1", "-0.5e+3", "true", "null", "{\"a\": [1, {\"b\": \"\\u00e9\\n\"}]}",
                     "{\"a\":}", "[,]", "{a: 1}", "[1,]", "01", "\"\\x\"", "{\"a\": 1", "\"\\ud800\"", "[1] 2", "",
                     "{\"a\": 1,}", "[1,,]", "{,}", "[[]]", "[[1],[2,]]", "-01", "1.", "\u{FEFF}{}", "\"a\u{1}b\""]
        for text in texts {
            let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed))
            let strict = try? StrictJSON.read(Array(text.utf8))
            #expect((foundation != nil) == (strict != nil), "\(text)")
        }
        let members = try StrictJSON.read(Array(#"{"applinks": {}, "appclips": [], "x": 1}"#.utf8)).members
        #expect(members == ["applinks": .object, "appclips": .array, "x": .scalar])
    }

    @Test func uppercaseByTheLocalesRules() {
        #expect(ICU.uppercased("i", locale: "tr-TR") == "İ")
        #expect(ICU.uppercased("i", locale: "en-US") == "I")
        #expect(ICU.uppercased("é", locale: "fr-FR") == "é".uppercased(with: Locale(identifier: "fr-FR")))
    }
}
