#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The front matter's references to products, checked against the page's own.
extension Resolver {
    /// Front matter that names products (selected, badges, icons, offers, option groups) must name the page's own.
    /// `slots`: the page's products, by their places in ``Index/products``.
    func checkReferences(_ page: Page, slots: [Int], diagnostics: inout Diagnostics) {
        let ids = slots.map { index.products[$0].id }
        func check(_ id: String, _ key: String) {
            guard !ids.contains(id) else { return }
            let hint = suggestion(for: id, in: ids).map { "did you mean '\($0)'?" }
                ?? "this page offers: \(ids.joined(separator: ", "))"
            diagnostics.error(page.location(of: key), "\(key) names '\(id)', which is not on this page", hint: hint)
        }
        if let selected = page.selected { check(selected, "selected") }
        for id in page.badges.keys.sorted() { check(id, "badges") }
        for id in page.controlIcons.keys.sorted() { check(id, "controlIcons") }
        var grouped = Set<String>()
        for group in page.optionGroups?.groups ?? [] {
            for id in group.productIDs {
                check(id, "optionGroups")
                if !grouped.insert(id).inserted {
                    diagnostics.error(group.location, "'\(id)' is in two option groups",
                                      hint: "list each product in one group")
                }
            }
        }
        if let features = page.features {
            checkFeatures(features, page: page, slots: slots, diagnostics: &diagnostics)
        }
        if page.visibleRelationships != nil, !slots.contains(where: { index.products[$0].isSubscription }) {
            diagnostics.error(page.location(of: "visibleRelationships"),
                              "visibleRelationships applies to subscriptions, and this page has none",
                              hint: "remove it: a page of one-time products has no customer states")
        }
        if let offer = page.promotionalOffer,
           !slots.contains(where: { index.products[$0].promotionalOffers.contains { $0.id == offer } }) {
            let all = slots.flatMap { index.products[$0].promotionalOffers.compactMap(\.id) }
            diagnostics.error(page.location(of: "offer"),
                              "no subscription on this page has a promotional offer '\(offer)'",
                              hint: suggestion(for: offer, in: all).map { "did you mean '\($0)'?" }
                                  ?? "add it to a subscription's promotionalOffers in the catalog")
        }
    }
}
