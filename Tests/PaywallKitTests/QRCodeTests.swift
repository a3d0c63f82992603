import Foundation
import Testing
@testable import PaywallKit

/// The QR code of a plain page: libqrencode's modules (QRCode.swift) and the inline SVG made of them. The code is
/// decoded from a screenshot by zbarimg in Tests/e2e/paywall_e2e/redeem.py; here the SVG is read back into modules.
@Suite struct QRCodeTests {
    static let url = "https://apps.apple.com/app/id123456789"

    /// The dark modules a path's `M x y h n v1 h-n z` runs cover, the quiet zone taken off.
    static func modules(ofPath d: String) -> Set<[Int]> {
        var dark = Set<[Int]>()
        for run in d.split(separator: "M") {
            let numbers = run.split(whereSeparator: { !$0.isNumber && $0 != "-" }).compactMap { Int($0) }
            guard numbers.count == 5, numbers[3] == 1, numbers[4] == -numbers[2], numbers[2] > 0 else {
                Issue.record("not a run: M\(run)")
                continue
            }
            let (x, y, width) = (numbers[0] - QRCode.quietZone, numbers[1] - QRCode.quietZone, numbers[2])
            #expect(run.hasSuffix("h\(width)v1h-\(width)z"), "M\(run)")
            for column in x..<(x + width) { dark.insert([column, y]) }
        }
        return dark
    }

    @Test func libqrencodeMakesAVersionSizedSymbolWithItsFinderPatterns() throws {
        #expect(QRCode.libraryVersion.hasPrefix("4."), "libqrencode \(QRCode.libraryVersion)")
        let code = try #require(QRCode(Self.url))
        #expect(code.size == 17 + 4 * code.version)
        #expect((1...4).contains(code.version), "38 bytes at level M fit version 3")
        #expect(code.modules.count == code.size * code.size)
        // The three finder patterns: a dark 7×7 ring, a light ring, a dark 3×3 centre, at three corners.
        for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    #expect(code[left + x, top + y] == (ring != 2), "finder at (\(left), \(top)): (\(x), \(y))")
                }
            }
        }
        // The timing pattern between the top finder patterns alternates, dark first.
        for x in 8..<(code.size - 8) { #expect(code[x, 6] == x.isMultiple(of: 2)) }
    }

    @Test func theSVGPathCoversExactlyTheDarkModules() throws {
        let code = try #require(QRCode(Self.url))
        var dark = Set<[Int]>()
        for y in 0..<code.size { for x in 0..<code.size where code[x, y] { dark.insert([x, y]) } }
        #expect(Self.modules(ofPath: code.pathData) == dark)
        // One run per maximal row segment: no two runs touch.
        let runs = code.pathData.split(separator: "M").count
        var segments = 0
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] && (x == 0 || !code[x - 1, y]) { segments += 1 }
        }
        #expect(runs == segments)
    }

    @Test func theSVGIsOneDeterministicPathDarkOnWhiteWithItsTextAlternative() throws {
        let code = try #require(QRCode(Self.url))
        let svg = code.svg(label: "QR code: get <Birdwatch> on the App Store")
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg class=\"qr-code\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains(#"role="img" aria-label="QR code: get &lt;Birdwatch&gt; on the App Store""#))
        #expect(svg.contains("<title>QR code: get &lt;Birdwatch&gt; on the App Store</title>"))
        #expect(svg.contains("<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"M"))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg == QRCode(Self.url)?.svg(label: "QR code: get <Birdwatch> on the App Store"))
        #expect(QRCode("https://apps.apple.com/app/id1") != code)
    }

    @Test func textLibqrencodeCannotTakeHasNoCode() {
        #expect(QRCode("a\u{0}b") == nil)
        #expect(QRCode(String(repeating: "x", count: 3000)) == nil)
    }
}
