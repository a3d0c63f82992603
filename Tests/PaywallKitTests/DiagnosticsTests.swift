import Testing
@testable import PaywallKit

/// The collector keeps each diagnostic once, in the order found, however many times stages report it.
@Suite struct DiagnosticsTests {
    @Test("repeats are dropped, below and above the count at which a set takes over", arguments: [1, 7, 8, 9, 40])
    func repeatsAreKeptOnce(distinct: Int) {
        let found = (0..<distinct).map { number in
            Diagnostic.warning(SourceLocation(file: "content/page\(number % 3).md", line: number), "page \(number) has no translation")
        }
        var diagnostics = Diagnostics()
        for round in 0..<3 {
            for diagnostic in round == 1 ? found.reversed() : found { diagnostics.append(diagnostic) }
        }
        #expect(!diagnostics.hasErrors)
        diagnostics.append(.error(SourceLocation(file: "content/page0.md"), "page 0 has no translation"))
        diagnostics.append(.error(SourceLocation(file: "content/page0.md"), "page 0 has no translation"))
        #expect(diagnostics.hasErrors)
        #expect(diagnostics.all == found + [.error(SourceLocation(file: "content/page0.md"), "page 0 has no translation")])
        #expect(diagnostics.errorsReported == 2, "a repeated error is kept once and counted each time")
        // The same text with another hint or group is another diagnostic.
        diagnostics.append(.warning(found[0].location, found[0].message, hint: "add content/page0.de-DE.md"))
        #expect(diagnostics.all.count == distinct + 2)
    }
}
