import Foundation
import Testing
@testable import PaywallKit

/// JSON's UTF-16 surrogate pair escapes (Python's `json.dumps` writes 😀 as `"\ud83d\ude00"`): read as the
/// character in double-quoted scalars, text elsewhere, and a lone half is an error at its backslash.
extension LoaderTests {
    /// A document, the key of its root mapping to read and the string that key must hold.
    static let surrogateCases: [(text: String, key: String, expected: String)] = [
        (#"{"name": "\ud83d\ude00"}"#, "name", "😀"),
        (#"{"name": "\uD83D\uDE00"}"#, "name", "😀"),
        (#"{"name": "\uD83D\ude00!"}"#, "name", "😀!"),
        (#"{"\ud83d\ude00": "key"}"#, "😀", "key"),
        (#"name: "a\ud83d\ude00b""#, "name", "a😀b"),
        (#"{"name": "\ud83d\ude00\ud83c\udf89 \u00e9\U0001F600"}"#, "name", "😀🎉 é😀"),
        ("name: \"a\n  \\ud83d\\ude00\"", "name", "a 😀"),
        ("a: x\r\nname: \"\\ud83d\\ude00\"\r\n", "name", "😀"),
        // An escaped backslash, then the text `ud83d`; then one before a real pair.
        (#"{"name": "\\ud83d"}"#, "name", #"\ud83d"#),
        (#"{"name": "\\\ud83d\ude00"}"#, "name", #"\😀"#),
        // Outside double quotes `\u` is text.
        (#"name: '\ud83d'"#, "name", #"\ud83d"#),
        (#"name: \ud83d\ude00"#, "name", #"\ud83d\ude00"#),
        (#"name: a"\ud83d""#, "name", #"a"\ud83d""#),
        (#"name: x # "\ud83d""#, "name", "x"),
        ("name: |\n  \"\\ud83d\"\n", "name", "\"\\ud83d\"\n"),
    ]

    @Test(arguments: surrogateCases)
    func surrogatePairsReadAsTheirCharacter(_ text: String, key: String, expected: String) throws {
        let root = try YAML.parse(text, file: "f.json")
        #expect(try root[key]?.string(key) == expected)
    }

    /// A document with one lone surrogate and the escape it starts with.
    static let loneSurrogates: [(text: String, escape: String)] = [
        (#"{"name": "\ud83d"}"#, #"\ud83d"#),
        (#"{"name": "\ude00x"}"#, #"\ude00x"#),
        (#"{"name": "\ud83d\u0041"}"#, #"\ud83d\u0041"#),
        (#"{"name": "\ud83d\ud83d\ude00"}"#, #"\ud83d\ud83d"#),
        (#"{"a": "\ud83d\ude00\ud83d\ude00", "b": "x\uDE00"}"#, #"\uDE00"#),
        ("a: 1\r\nb: [\"\\ud83d\\ude00\", \"\\ud83d\"]\n", #"\ud83d""#),
    ]

    @Test(arguments: loneSurrogates)
    func aLoneSurrogateIsAnErrorAtItsBackslash(_ text: String, escape: String) {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")   // the helpers split at LF only
        let line = TestSite.line(of: escape, in: lines), column = TestSite.column(of: escape, in: lines)
        #expect {
            try YAML.parse(text, file: "f.json", lineOffset: 1)
        } throws: { error in
            let error = error as? Diagnostic
            return error?.message.contains("half of a UTF-16 surrogate pair") == true
                && error?.location == PaywallKit.SourceLocation(file: "f.json", line: line + 1, column: column)
                && error?.hint == "write the character itself, or a valid surrogate pair"
        }
    }

    /// Documents whose pairs are each replaced by 12 plain characters: every place must stay the same.
    static let placesAfterPairs: [String] = [
        #"{"a": "\ud83d\ude00", "b": "\uD83D\uDE00\ud83d\ude00", "c": ]}"#,
        #"{"a": "\ud83d\ude00", "b": 1, "a": 2}"#,
        #"{"a": "\ud83d\ude00", "b": "x", "c": *nowhere}"#,
        "{\"a\": \"\\ud83d\\ude00\",\n  \"b\": ]}",
        "a: \"\\ud83d\\ude00\"\nb: \"\\ud83d\\ude00\" \"c\"\n",
    ]

    @Test(arguments: placesAfterPairs)
    func placesAfterAPairStayRight(_ text: String) {
        let plain = text.replacingOccurrences(of: #"\\u[dD]83[dD]\\u[dD][eE]00"#, with: "xxxxxxxxxxxx",
                                              options: .regularExpression)
        #expect(plain != text)
        #expect(Self.errorLocation(text) != nil)
        #expect(Self.errorLocation(text) == Self.errorLocation(plain))
    }

    @Test func nodeLocationsAfterPairsStayRight() throws {
        let text = #"{"a": "\ud83d\ude00\ud83d\ude00", "b": "x", "c": { "d": "\ud83d\ude00" }, "e": 1}"#
        let root = try YAML.parse(text, file: "f.json")
        #expect(root["b"]?.location.column == TestSite.column(of: #""x""#, in: text))
        #expect(root["c"]?["d"]?.location.column == TestSite.column(of: #""\ud83d\ude00" }"#, in: text))
        #expect(try root.pairs("root").map(\.keyLocation.column) == [#""a""#, #""b""#, #""c""#, #""e""#].map {
            TestSite.column(of: $0, in: text)
        })
    }

    static func errorLocation(_ text: String) -> PaywallKit.SourceLocation? {
        do {
            _ = try YAML.parse(text, file: "f.json")
            return nil
        } catch {
            return error.location
        }
    }

    /// A `.storekit` file as Python's `json.dumps` writes it: the page shows the character.
    @Test func aStoreKitFileWithPythonEscapesShowsTheCharacter() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/offers.storekit")
        let json = try String(contentsOf: fixture, encoding: .utf8)
        let escaped = TestSite.replace(#""displayName" : "Plus Yearly""#,
                                       with: #""displayName" : "Plus Yearly \ud83d\ude00 Caf\u00e9""#, in: json)
        let result = TestSite().with { site in
            site.config = """
                catalog: Products.storekit
                actions: { subscribe: "https://pay.example.com/{productID}" }

                """
            site.catalogPath = "Products.storekit"
            site.catalogText = escaped
            site.content = ["atlas.md": "---\ngroupID: \"21000001\"\n---\n"]
        }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let page = result.files.first { $0.path == "en-US/atlas/index.html" }
        let html = try #require(page.map { String(decoding: $0.data, as: UTF8.self) }, "\(result.files.map(\.path))")
        #expect(html.contains("Plus Yearly 😀 Café"))
        #expect(!html.contains("ud83d"))
    }
}
