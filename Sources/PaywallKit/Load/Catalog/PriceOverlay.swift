#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// `prices.yml` beside a `.storekit` catalog: prices for storefronts past the file's own, merged at load.
/// ```yaml
/// pro.monthly: { DEU: "9.99", JPN: "1500" }            # the product's price
/// pro.yearly:
///   price: { DEU: "89.99" }
///   introductoryOffer: { DEU: "4.99" }                  # the up-front plan's (not for a free trial)
///   offers: { comeback: { DEU: "19.99" } }              # promotional and win-back offers, by ID
///   billingPlans: { monthly: { price: { DEU: "7.99" }, commitmentPrice: { DEU: "94.99" } } }
/// ```
public enum PriceOverlay {
    /// `prices.yml` in the folder of `catalog` (a path relative to the site).
    public static func path(beside catalog: String) -> String {
        joinPath(Platform.parentFolder(of: catalog), "prices.yml")
    }

    /// Adds the prices of `root` to `catalog`; every problem is reported at its line.
    public static func merge(_ root: YAMLNode, into catalog: inout Catalog, diagnostics: inout Diagnostics) {
        guard let pairs = diagnostics.collect({ try root.pairs("prices.yml") }) else { return }
        for pair in pairs {
            guard let (groupIndex, index) = place(of: pair.key, in: catalog) else {
                let hint = suggestion(for: pair.key, in: catalog.products.map(\.id)).map { "did you mean '\($0)'?" }
                    ?? "check the product IDs in \(catalog.file)"
                diagnostics.error(pair.keyLocation, "no product '\(pair.key)' in \(catalog.file)", hint: hint)
                continue
            }
            var product = groupIndex.map { catalog.groups[$0].subscriptions[index] } ?? catalog.oneTimeProducts[index]
            diagnostics.collect { () throws(DiagnosticsError) in
                try merge(pair.value, into: &product, storefront: catalog.storefront)
            }
            if let groupIndex {
                catalog.groups[groupIndex].subscriptions[index] = product
            } else { catalog.oneTimeProducts[index] = product }
        }
    }

    static func place(of id: String, in catalog: Catalog) -> (group: Int?, index: Int)? {
        for (number, group) in catalog.groups.enumerated() {
            if let index = group.subscriptions.firstIndex(where: { $0.id == id }) { return (number, index) }
        }
        return catalog.oneTimeProducts.firstIndex { $0.id == id }.map { (nil, $0) }
    }

    /// A map of storefront codes alone is the product's price; otherwise the keys say what each price is for.
    static func merge(_ node: YAMLNode, into product: inout Product, storefront: String?) throws(DiagnosticsError) {
        var diagnostics = Diagnostics()
        let reader: MappingReader
        do { reader = try MappingReader(node, product.id) } catch { throw DiagnosticsError([error]) }
        let keys = ["price", "introductoryOffer", "offers", "billingPlans"]
        let pairs = (try? node.pairs(product.id)) ?? []
        if !pairs.isEmpty, pairs.allSatisfy({ !keys.contains($0.key) }) {
            diagnostics.collect { try add(node, to: &product.price, product.id, storefront: storefront) }
        } else {
            diagnostics.append(contentsOf: reader.unknownKeys(keys))
            if let price = reader["price"] {
                diagnostics.collect {
                    try add(price, to: &product.price, "\(product.id).price", storefront: storefront)
                }
            }
            if let intro = reader["introductoryOffer"] {
                diagnostics.collect {
                    try addIntro(intro, to: &product.introductoryOffer, "'\(product.id)'",
                                 "\(product.id).introductoryOffer", storefront: storefront)
                }
            }
            if let offers = reader["offers"] {
                diagnostics.collect { () throws(Diagnostic) in
                    try mergeOffers(offers, into: &product, storefront: storefront)
                }
            }
            if let plans = reader["billingPlans"] {
                diagnostics.collect { try mergePlans(plans, into: &product, storefront: storefront) }
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
    }

    static func mergeOffers(_ node: YAMLNode, into product: inout Product, storefront: String?) throws(Diagnostic) {
        for pair in try node.pairs("offers") {
            var found = false
            for index in product.promotionalOffers.indices where product.promotionalOffers[index].id == pair.key
                && product.promotionalOffers[index].price != nil {
                try add(pair.value, to: &product.promotionalOffers[index].price!, "offers.\(pair.key)",
                        storefront: storefront)
                found = true
            }
            for index in product.winBackOffers.indices where product.winBackOffers[index].id == pair.key
                && product.winBackOffers[index].price != nil {
                try add(pair.value, to: &product.winBackOffers[index].price!, "offers.\(pair.key)",
                        storefront: storefront)
                found = true
            }
            guard found else {
                let offers = product.promotionalOffers + product.winBackOffers
                let ids = offers.filter { $0.price != nil }.compactMap(\.id)
                throw .error(pair.keyLocation,
                             "'\(product.id)' has no paid promotional or win-back offer '\(pair.key)'",
                             hint: suggestion(for: pair.key, in: ids).map { "did you mean '\($0)'?" }
                                 ?? "its priced offers are: \(ids.isEmpty ? "none" : ids.joined(separator: ", "))")
            }
        }
    }

    static func mergePlans(_ node: YAMLNode, into product: inout Product,
                           storefront: String?) throws(DiagnosticsError) {
        let plans: MappingReader, monthly: MappingReader
        do throws(Diagnostic) {
            plans = try MappingReader(node, "billingPlans")
            if let unknown = plans.unknownKeys(["monthly"]).first { throw unknown }
            monthly = try MappingReader(try plans.required("monthly"), "billingPlans.monthly")
            if let unknown = monthly.unknownKeys(["price", "commitmentPrice", "introductoryOffer"]).first {
                throw unknown
            }
        } catch { throw DiagnosticsError([error]) }
        guard var plan = product.monthlyPlan else {
            throw DiagnosticsError([.error(node.location, "'\(product.id)' has no MONTHLY billing plan to price",
                                           hint: "enable its monthly plan in Xcode's StoreKit configuration editor "
                                                 + "(P1Y subscriptions only)")])
        }
        var diagnostics = Diagnostics()
        if let price = monthly["price"] {
            diagnostics.collect {
                try add(price, to: &plan.price, "billingPlans.monthly.price", storefront: storefront)
            }
        }
        if let total = monthly["commitmentPrice"] {
            var totals = plan.commitmentPrice ?? Price([:], location: total.location)
            diagnostics.collect {
                try add(total, to: &totals, "billingPlans.monthly.commitmentPrice", storefront: storefront)
            }
            plan.commitmentPrice = totals
        }
        diagnostics.collect { () throws(Diagnostic) in
            try MonthlyPlan.check(payment: plan.price, total: plan.commitmentPrice, at: node.location)
        }
        if let intro = monthly["introductoryOffer"] {
            diagnostics.collect {
                try addIntro(intro, to: &plan.introductoryOffer, "the monthly plan of '\(product.id)'",
                             "billingPlans.monthly.introductoryOffer", storefront: storefront)
            }
        }
        if let storefronts = plan.commitmentPrice?.storefronts,
           let extra = storefronts.first(where: { plan.price[$0] == nil }) {
            diagnostics.error(monthly["commitmentPrice"]?.location ?? node.location,
                              "commitmentPrice has a price for \(extra), where the monthly plan has no payment",
                              hint: "add \(extra) to billingPlans.monthly.price")
        }
        product.monthlyPlan = plan
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
    }

    /// Prices a paid introductory offer (`owner` names whose offer it is in the message).
    static func addIntro(_ node: YAMLNode, to offer: inout Offer?, _ owner: String, _ what: String,
                         storefront: String?) throws(Diagnostic) {
        guard offer?.price != nil else {
            throw .error(node.location, "\(owner) has no paid introductory offer to price",
                         hint: "add the offer in Xcode's StoreKit configuration editor, or remove this key")
        }
        try add(node, to: &offer!.price!, what, storefront: storefront)
    }

    /// Adds the storefronts of `node` to `price`; the `.storekit` file's own storefront stays the file's.
    static func add(_ node: YAMLNode, to price: inout Price, _ what: String, storefront: String?) throws(Diagnostic) {
        let extra = try NativeCatalogLoader.price(node, what)
        for code in extra.storefronts {
            if code == storefront {
                throw .error(node.location, "\(what) sets a \(code) price, which the .storekit file gives",
                             hint: "change the \(code) price in Xcode's StoreKit configuration editor; prices.yml adds "
                                   + "other storefronts")
            }
            price.amounts[code] = extra[code]
        }
    }
}
