#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which products a page offers, in StoreKit's order.
extension Resolver {
    /// The products a page offers, in StoreKit's order, and the group of its subscriptions (nil when it has none).
    func products(of page: Page) throws(Diagnostic) -> PageProducts {
        switch page.selection {
        case .plain:
            return PageProducts(group: nil, slots: [])
        case .group(let id):
            guard let (number, group) = catalog.group(named: id) else {
                let names = catalog.groups.map(\.id) + catalog.groups.map(\.name).filter { !$0.isEmpty }
                let shared = catalog.groups.filter { $0.name == id }
                let hint = shared.count > 1
                    ? "\(shared.count) groups have that reference name: "
                      + "\(shared.map(\.label).joined(separator: ", ")); write the ID of one"
                    : suggestion(for: id, in: names).map { "did you mean '\($0)'?" }
                    ?? (catalog.groups.isEmpty
                        ? "\(catalog.file) has no subscription groups; list its products with "
                          + "'productIDs: [\(catalog.products.prefix(3).map(\.id).joined(separator: ", "))]'"
                        : "the catalog's groups are: \(catalog.groups.map(\.label).joined(separator: ", "))")
                throw .error(page.selectionLocation, "no subscription group '\(id)' in \(catalog.file)", hint: hint)
            }
            var slots = index.ordered[number]
            for (index, id) in page.additionalProductIDs.enumerated() {
                let location = index < page.additionalProductLocations.count
                    ? page.additionalProductLocations[index]
                    : page.location(of: "additionalProductIDs")
                let product = try product(id, at: location).product
                guard product.isOneTime else {
                    throw .error(location,
                                 "'\(id)' is an auto-renewable subscription; additionalProductIDs adds one-time "
                                 + "products",
                                 hint: "a page shows the subscriptions of one group; remove '\(id)', "
                                       + "or list every option with productIDs")
                }
                let slot = self.index.slots[id]!
                guard !slots.contains(slot) else {
                    throw .error(location, "'\(id)' is listed twice in additionalProductIDs", hint: "remove one")
                }
                slots.append(slot)
            }
            return PageProducts(group: group, slots: slots)
        case .products(let ids):
            var slots: [Int] = []
            var group: SubscriptionGroup?
            for (index, id) in ids.enumerated() {
                let location = index < page.productLocations.count
                    ? page.productLocations[index]
                    : page.selectionLocation
                let owner = try product(id, at: location).group
                if let owner {
                    if let group, group.id != owner.id {
                        throw .error(location, "'\(id)' belongs to \(owner.label), not \(group.label)",
                                     hint: "a page's subscriptions belong to one subscription group; make a page per "
                                           + "group")
                    }
                    group = owner
                }
                let slot = self.index.slots[id]!
                guard !slots.contains(slot) else {
                    throw .error(location, "'\(id)' is listed twice in productIDs", hint: "remove one")
                }
                slots.append(slot)
            }
            guard !slots.isEmpty else {
                throw .error(page.selectionLocation, "the page lists no products",
                             hint: "add 'groupID: GROUP' or 'productIDs: [ID, …]'")
            }
            return PageProducts(group: group, slots: slots)
        }
    }

    /// A product of the catalog by ID, or an error at `location` with the nearest ID.
    func product(_ id: String,
                 at location: SourceLocation) throws(Diagnostic) -> (product: Product, group: SubscriptionGroup?) {
        if let found = catalog.product(id) { return found }
        let hint = suggestion(for: id, in: catalog.products.map(\.id)).map { "did you mean '\($0)'?" }
            ?? "check the product IDs in \(catalog.file)"
        throw .error(location, "no product '\(id)' in \(catalog.file)", hint: hint)
    }

    /// The places in `group.subscriptions` in StoreKit's order: by level, then per-month price highest first, then the
    /// catalog's.
    func orderedSubscriptions(of group: SubscriptionGroup) -> [Int] {
        let storefront = catalog.storefront ?? config.storefronts["default"] ?? "USA"
        let keyed = group.subscriptions.enumerated().map { ($0.offset, $0.element, monthly($0.element, storefront)) }
        return keyed.sorted { a, b in
            if a.1.level != b.1.level { return a.1.level < b.1.level }
            if a.2 != b.2 { return a.2 > b.2 }
            return a.0 < b.0
        }.map(\.0)
    }

    /// Per-month price for ordering: in the default storefront, so that every locale lists options alike
    /// (else the first storefront by code, for a deterministic order).
    private func monthly(_ product: Product, _ storefront: String) -> ExactCost {
        let zero = ExactCost(0, over: 1, digits: 0, currency: Money.currency(of: storefront))
        guard let period = product.period,
              let price = product.price[storefront] ?? product.price.storefronts.first.flatMap({ product.price[$0] })
        else { return zero }
        return PriceMath.exactPrice(price, per: .month, for: period)
    }
}
