import Foundation
import Testing
@testable import PaywallKit

/// The table of `Accept-Language` headers that `serve` and the nginx block must answer alike (Tests/e2e/
/// accept-language.json: paywall_e2e/nginx.py sends each to a real nginx running the printed block).
@Suite struct LanguageTableTests {
    struct Table: Decodable {
        var locales: [String]
        var cases: [[String]]
    }

    static let table: Table = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("e2e/accept-language.json")
        return (try? JSONDecoder().decode(Table.self, from: Data(contentsOf: url))) ?? Table(locales: [], cases: [])
    }()

    @Test func theTableIsRead() {
        #expect(Self.table.cases.count >= 30)
    }

    /// serve's redirect of `/` (the path the e2e test asks nginx for) goes to the table's locale.
    @Test func serveRedirectsAsTheTableSays() {
        let locales = Self.table.locales
        let routes = SiteRoutes(locales: locales, defaultLocale: locales.first ?? "", pages: [("pro", locales)],
                                homes: Dictionary(uniqueKeysWithValues: locales.map { ($0, "\($0)/pro/") }),
                                prefix: "/subscribe/",
                                stylesheet: "assets/paywall.0.css", contentSecurityPolicy: HostHeaders.defaultPolicy)
        for row in Self.table.cases {
            #expect(routes.redirect(path: "/", acceptLanguage: row[0]) == "/subscribe/\(row[1])/pro/", "\(row[0])")
            #expect(routes.redirect(path: "/pro/", acceptLanguage: row[0]) == "/subscribe/\(row[1])/pro/", "\(row[0])")
        }
    }

    /// Weights are read by RFC 9110's grammar: at most three decimals, `0` to `1`, `q=` after one `;`.
    @Test func weightsFollowTheGrammar() {
        let valid: [(String, Double)] = [("0", 0), ("0.", 0), ("0.5", 0.5), ("0.05", 0.05), ("0.125", 0.125), ("1", 1),
                                         ("1.", 1), ("1.000", 1)]
        for (text, value) in valid { #expect(LanguageNegotiation.qvalue(text) == value, "\(text)") }
        for text in [".5", "0.5000", "1.5", "1.001", "2", "0x1p-1", "5e-1", " 0.5", "0,5", "", "-0.5", "+0.5", "nan",
                     "inf"] {
            #expect(LanguageNegotiation.qvalue(text) == nil, "\(text)")
        }
        let header = "de;q=0.9;q=0.8, fr;Q=0.1, ja ;\tq=0.2 , en; level=1"
        #expect(LanguageNegotiation.ranges(header).map(\.tag) == ["ja", "fr"])
    }
}
