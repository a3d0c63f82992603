import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// What a chat app or a social network shows of a shared page (Open Graph, X's card), its picture's checks, and
/// Safari's Smart App Banner.
@Suite struct LinkPreviewTests {
    /// A PNG header of the given size: the signature and an IHDR chunk, as far as `ImageSize` reads.
    static func png(_ width: UInt32, _ height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(bytes + [8, 6, 0, 0, 0])
    }

    /// A baseline JPEG: SOI, an APP0 segment, then SOF0 with the height before the width.
    static func jpeg(_ width: UInt16, _ height: UInt16) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0, 17, 8]
        for value in [height, width] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(bytes + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    }

    static let site = TestSite().with { site in
        site.config = TestSite.defaultConfig
            .replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .replacingOccurrences(of: "app: { name: Birdwatch }",
                                  with: "app: { name: Birdwatch, socialImage: assets/share.png, appStoreID: \"1234567\" }")
        site.assets["share.png"] = png(1200, 630)
    }

    static func html(_ path: String, of site: TestSite) throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let image = result.diagnostics.all.filter { $0.message.contains("image") || $0.message.contains("Image") }
        #expect(image.isEmpty, "\(image)")
        return try #require(TestSite.file(path, of: result), "not written: \(path)")
    }

    @Test func imageSizeReadsPNGAndJPEGHeadersAndNothingElse() {
        #expect(ImageSize(Self.png(1200, 630)) == ImageSize(width: 1200, height: 630))
        #expect(ImageSize(Self.jpeg(1600, 900)) == ImageSize(width: 1600, height: 900))
        #expect(ImageSize(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(ImageSize(Self.png(1200, 630).prefix(20)) == nil, "a PNG cut short says nothing")
        #expect(ImageSize(Self.jpeg(1600, 900).prefix(24)) == nil, "a JPEG cut before its frame says nothing")
        #expect(ImageSize(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0])) == nil, "a segment length under 2 ends the walk")
    }

    @Test func everyPageSaysWhatItIsInItsLanguageWithThePictureAndTheBanner() throws {
        let html = try Self.html("en-US/pro/index.html", of: Self.site)
        let head = html.components(separatedBy: "</head>")[0]
        for line in [
            "<meta property=\"og:title\" content=\"Birdwatch Pro\">",
            "<meta property=\"og:description\" content=\"Every bird, everywhere.\">",
            "<meta property=\"og:url\" content=\"https://example.com/subscribe/en-US/pro/\">",
            "<meta property=\"og:image\" content=\"https://example.com/subscribe/assets/share.png\">",
            "<meta property=\"og:locale\" content=\"en_US\">",
            "<meta property=\"og:locale:alternate\" content=\"de_DE\">",
            "<meta name=\"twitter:card\" content=\"summary_large_image\">",
            "<meta name=\"apple-itunes-app\" content=\"app-id=1234567\">",
        ] {
            #expect(head.contains(line + "\n"), "missing: \(line)")
        }
        #expect(!head.contains("og:locale:alternate\" content=\"en_US"), "a page is not its own alternate")
        let german = try Self.html("de-DE/pro/index.html", of: Self.site)
        #expect(german.contains("<meta property=\"og:locale\" content=\"de_DE\">"))
        #expect(german.contains("<meta property=\"og:locale:alternate\" content=\"en_US\">"))
    }

    @Test func aPagesOwnImageWinsAndACustomersPageIsSharedAsThePageEveryoneGets() throws {
        let site = Self.site
            .page(replacing: "groupID: birdwatch.pro",
                  with: "groupID: birdwatch.pro\nimage: assets/pro.jpg\nvisibleRelationships: [current]")
            .with { $0.assets["pro.jpg"] = Self.jpeg(1600, 900) }
        let html = try Self.html("en-US/pro/index.html", of: site)
        #expect(html.contains("<meta property=\"og:image\" content=\"https://example.com/subscribe/assets/pro.jpg\">"))
        let current = try Self.html("en-US/pro/current/pro.monthly/index.html", of: site)
        #expect(current.contains("<meta property=\"og:url\" content=\"https://example.com/subscribe/en-US/pro/\">"))
    }

    @Test func aPolicyPageIsSharedAsItselfWithTheAppsPicture() throws {
        let site = Self.site.config(replacing: "privacyPolicy: https://example.com/privacy",
                                    with: "privacyPolicy: { page: privacy.md }")
            .with { $0.content["privacy.md"] = "# Privacy\n\nWe keep nothing.\n" }
        let html = try Self.html("de-DE/policies/privacy/index.html", of: site)
        for line in ["<meta property=\"og:title\" content=\"Privacy\">",
                     "<meta property=\"og:description\" content=\"Birdwatch\">",
                     "<meta property=\"og:url\" content=\"https://example.com/subscribe/de-DE/policies/privacy/\">",
                     "<meta property=\"og:image\" content=\"https://example.com/subscribe/assets/share.png\">",
                     "<meta property=\"og:locale\" content=\"de_DE\">",
                     "<meta name=\"apple-itunes-app\" content=\"app-id=1234567\">"] {
            #expect(html.contains(line + "\n"), "missing: \(line)")
        }
    }

    @Test func withoutBaseURLThereIsNoAbsoluteAddressToShareAndCheckSaysSo() throws {
        let site = Self.site.config(replacing: "baseURL: https://example.com/subscribe/\n", with: "")
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty)
        let warning = try #require(result.diagnostics.all.first { $0.message.contains("is not shown") })
        #expect(warning.message == "app.socialImage 'assets/share.png' is not shown: a link preview needs the "
                    + "picture's absolute address, and the site has no baseURL")
        #expect(warning.location.line == 5, "app's line, one up without baseURL")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(!html.contains("og:url") && !html.contains("og:image"))
        #expect(html.contains("<meta name=\"twitter:card\" content=\"summary\">"))
        #expect(html.contains("<meta property=\"og:title\" content=\"Birdwatch Pro\">"))
    }

    @Test func aSmallPictureIsAWarningAndAnotherFormatAnErrorAtItsPlace() throws {
        let small = Self.site.with { $0.assets["share.png"] = Self.png(600, 315) }.build().diagnostics.all
            .filter { $0.message.contains("share.png") }
        #expect(small.map(\.message) == ["app.socialImage 'assets/share.png' is 600×315 pixels, under the 1200×630 "
                                            + "that link previews show sharp"])
        #expect(small.first?.severity == .warning)
        let svg = Self.site.with { $0.assets["share.png"] = Data("<svg/>".utf8) }.errors
        #expect(svg.map(\.message) == ["app.socialImage 'assets/share.png' is not a PNG or JPEG file"])
        #expect(svg.first?.location.line == 6 && svg.first?.location.column == 38, "\(svg)")
        let missing = Self.site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nimage: share.png")
            .errors
        #expect(missing.map(\.message).first?.hasPrefix("image 'share.png' is not a file in assets/") == true,
                "\(missing)")
    }

    @Test("app.appStoreID is an Apple ID's digits", arguments: ["id1234567", "12345678901234", "\"\""])
    func anAppStoreIDThatIsNotDigitsIsAnError(_ value: String) {
        let errors = Self.site.config(replacing: "appStoreID: \"1234567\"", with: "appStoreID: \(value)").errors
        #expect(errors.count == 1 && errors[0].location.line == 6, "\(errors)")
    }
}
