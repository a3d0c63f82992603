import Foundation
import Testing
@testable import PaywallKit

@Suite struct ManifestTests {
    let manifest = Manifest(
        generator: "paywall",
        pages: [Manifest.Entry(path: "en-US/pro/index.html", page: "pro", locale: "en-US", variant: "new", productID: nil,
                               products: ["pro.monthly", "pro.yearly"], hash: "00ff00ff00ff00ff"),
                Manifest.Entry(path: "en-US/pro/current/pro.monthly/index.html", page: "pro", locale: "en-US", variant: "current",
                               productID: "pro.monthly", products: [], hash: "0123456789abcdef")],
        files: ["assets/a \"quoted\" name.svg", "en-US/pro/index.html", "index.html"],
        fileHashes: ["index.html": "1111111111111111", "assets/a \"quoted\" name.svg": "2222222222222222"])

    @Test func roundTrips() throws {
        #expect(Manifest.decode(manifest.encoded()) == manifest)
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let foundation = try encoder.encode(manifest) + Data("\n".utf8)
        #expect(String(decoding: manifest.encoded(), as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }

    @Test("members it does not know are skipped, whatever they hold; a null productID is none")
    func skipsUnknownMembers() {
        let text = """
            {"extra": {"a": [1, -2.5e3, true, false, null, {"b": "c\\"d"}]}, "files": ["index.html"], "generator": "paywall",
             "pages": [{"hash": "0", "locale": "en-US", "page": "pro", "path": "en-US/pro/index.html", "productID": null,
                        "products": [], "variant": "new", "later": [[]]}]}
            """
        let read = Manifest.decode(Data(text.utf8))
        #expect(read?.files == ["index.html"])
        #expect(read?.pages.first?.productID == nil && read?.pages.first?.path == "en-US/pro/index.html")
        #expect(Manifest.decode(Data(text.replacingOccurrences(of: "\"page\": \"pro\"", with: "\"page\": 7").utf8)) == nil,
                "a field of the wrong type is not a manifest")
    }

    @Test func readsAManifestWithoutFileHashesAndRefusesOtherJSON() {
        let old = Manifest(generator: "paywall", pages: manifest.pages, files: manifest.files)
        #expect(Manifest.decode(old.encoded()) == old)
        for text in ["", "[]", "{\"generator\": \"paywall\"}", "{\"files\": [], \"generator\": \"x\", \"pages\": [{}]}", "{\"a\": ", String(repeating: "[", count: 100)] {
            #expect(Manifest.decode(Data(text.utf8)) == nil, "\(text)")
        }
    }
}
