/// `features` names the page's own columns: levels of its group on a `groupID` page, its products on a `productIDs`
/// page.
extension Resolver {
    /// `slots`: the page's products, by their places in ``Index/products``.
    func checkFeatures(_ features: Page.Features, page: Page, slots: [Int], diagnostics: inout Diagnostics) {
        let isGroupPage = if case .group = page.selection { true } else { false }
        let levels = Array(Set(slots.filter { index.products[$0].isSubscription }.map { index.products[$0].level }))
            .sorted()
        let ids = slots.map { index.products[$0].id }
        let levelList = levels.map(String.init).joined(separator: ", ")

        func checkLevel(_ text: String, at location: SourceLocation) {
            guard let level = Int(text) else {
                diagnostics.error(location,
                                  "'\(text)' is not a level; on a groupID page the columns are the group's levels",
                                  hint: ids.contains(text)
                                      ? "name levels (\(levelList)), not products"
                                      : "use one of the levels: \(levelList)")
                return
            }
            guard !levels.contains(level) else { return }
            diagnostics.error(location, "no level \(level) on this page",
                              hint: "the group's levels are: \(levelList) (1 is the highest)")
        }
        func checkProduct(_ id: String, at location: SourceLocation) {
            guard !ids.contains(id) else { return }
            let hint = suggestion(for: id, in: ids).map { "did you mean '\($0)'?" }
                ?? "this page offers: \(ids.joined(separator: ", "))"
            diagnostics.error(location, "features names '\(id)', which is not on this page", hint: hint)
        }

        for row in features.rows {
            switch row.cells {
            case .levels(let items):
                guard isGroupPage else {
                    diagnostics.error(items.first?.location ?? row.location,
                                      "levels are the columns of a groupID page; this page lists productIDs",
                                      hint: "write 'products: [ID, …]' for the products that include '\(row.label)'")
                    continue
                }
                for item in items { checkLevel(String(item.value), at: item.location) }
            case .products(let items):
                guard !isGroupPage else {
                    diagnostics.error(items.first?.location ?? row.location,
                                      "the columns of a groupID page are its levels, not products",
                                      hint: "write 'levels: [\(levels.first ?? 1)]' for the levels that include "
                                            + "'\(row.label)'")
                    continue
                }
                for item in items { checkProduct(item.value, at: item.location) }
            case .values(let values):
                for value in values {
                    if isGroupPage {
                        checkLevel(value.key.value, at: value.key.location)
                    } else { checkProduct(value.key.value, at: value.key.location) }
                }
            }
        }
    }
}
