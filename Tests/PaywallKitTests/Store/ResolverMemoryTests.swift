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
            largest = max(largest, cache.options.cost)
        }
        #expect(largest <= Resolver.Cache.optionsLimit, "kept \(largest) options")
        #expect(cache.options.evictions > 0, "older customers' options made room")
        // What is used again stays: the new customer's options are found again, not made again.
        var diagnostics = Diagnostics()
        _ = resolver.resolve(page, locale: "en-US", state: .new, cache: &cache, diagnostics: &diagnostics)
        let hits = cache.options.hits
        let again = resolver.resolve(page, locale: "en-US", state: .new, cache: &cache, diagnostics: &diagnostics)
        #expect(again?.options.count == count && cache.options.hits == hits + 1)
    }
}
