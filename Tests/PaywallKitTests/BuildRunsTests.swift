import Testing
@testable import PaywallKit

/// How a build shares its pages among threads (`SiteBuilder.runs`).
@Suite("Runs of pages per thread")
struct BuildRunsTests {
    @Test("every page once, in order; whole locales while more remain than threads, then short runs",
          arguments: [([100, 100, 100, 100], 2), ([2000], 2), ([1000, 1000, 1000], 4), ([0, 5, 0, 7], 2), ([3], 8), ([], 2)])
    func runs(_ sizes: [Int], _ threads: Int) {
        let runs = SiteBuilder.runs(localeSizes: sizes, threads: threads)
        #expect(runs.flatMap { Array($0) } == Array(0..<sizes.reduce(0, +)), "each unit once, in order")
        #expect(runs.allSatisfy { !$0.isEmpty })
        var start = 0
        for (locale, size) in sizes.enumerated() {
            let inLocale = runs.filter { $0.lowerBound >= start && $0.upperBound <= start + size }
            #expect(inLocale.reduce(0) { $0 + $1.count } == size, "no run crosses into another locale")
            if locale < sizes.count - threads, size > 0 {
                #expect(inLocale == [start..<start + size], "one run for a locale that is not among the last")
            }
            start += size
        }
    }

    @Test("the last locales are split, so that threads finish together")
    func tail() {
        let runs = SiteBuilder.runs(localeSizes: Array(repeating: 100, count: 20), threads: 2)
        #expect(runs.prefix(18).allSatisfy { $0.count == 100 })
        #expect(runs.dropFirst(18).count >= 8)
    }
}
