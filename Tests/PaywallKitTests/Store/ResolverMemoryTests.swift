import Foundation
import Testing
@testable import PaywallKit

/// A page of many options for every customer (`visibleRelationships: [all]`) makes a set of options per customer;
/// the resolver's cache keeps a bounded number of them, not pages × options (which took gigabytes).
@Suite struct ResolverMemoryTests {
    @Test func theOptionsKeptForCustomersAreBounded() {
        let count = 300
        let products = (0..<count).map { Fixture.product("p\($0)", level: $0 + 1, "P1M", "\($0 + 1).99") }
        let resolver = Fixture.resolver(Fixture.catalog(products))
        let page = Fixture.page(relationships: [.all])
        var cache = Resolver.Cache()
        let states = resolver.states(of: page, cache: &cache)
        #expect(states.count == count + 1, "a page for a new customer and for a subscriber to each option")
        var largest = 0
        for state in states {
            var diagnostics = Diagnostics()
            let model = resolver.resolve(page, locale: "en-US", state: state, cache: &cache, diagnostics: &diagnostics)
            #expect(model?.options.count == count)
            largest = max(largest, cache.keptOptions)
        }
        #expect(largest <= Resolver.Cache.maximumKeptOptions + 2 * count, "kept \(largest) options")
        // The new customer's options are still found again while the cache lives.
        var diagnostics = Diagnostics()
        let first = resolver.resolve(page, locale: "en-US", state: .new, cache: &cache, diagnostics: &diagnostics)?.options.map(\.identity)
        let again = resolver.resolve(page, locale: "en-US", state: .new, cache: &cache, diagnostics: &diagnostics)?.options.map(\.identity)
        #expect(first != nil && first == again)
    }
}
