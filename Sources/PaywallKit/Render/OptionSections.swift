#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// Options split for `optionGroups` (SubscriptionOptionGroup): by period, family sharing, level, or explicit lists.
struct OptionSection {
    var key: String
    var label: String?
    /// The locale the label is written in, when it may be another language's (catalog names, front matter).
    var labelLocale: String?
    var marketing: String?
    var options: [(option: StoreOption, value: MustacheValue)]

    static func split(_ options: [(option: StoreOption, value: MustacheValue)], _ groups: Page.OptionGroups?,
                      text: PriceText) -> [OptionSection] {
        guard let groups else { return [OptionSection(key: "all", options: options)] }
        if !groups.groups.isEmpty {
            return groups.groups.enumerated().map { index, group in
                OptionSection(key: "group-\(index + 1)", label: group.label, marketing: group.marketing,
                              options: group.productIDs.compactMap { id in options.first { $0.option.id == id } })
            }.filter { !$0.options.isEmpty }
        }
        var sections: [OptionSection] = []
        func add(_ key: String, _ label: String, _ item: (option: StoreOption, value: MustacheValue),
                 labelLocale: String? = nil) {
            if let index = sections.firstIndex(where: { $0.key == key }) { sections[index].options.append(item) } else {
                sections.append(OptionSection(key: key, label: label, labelLocale: labelLocale, options: [item]))
            }
        }
        for item in options {
            let option = item.option
            // One-time products have their own section, whatever the grouping: "Lifetime" or "One-time purchase".
            if !option.isSubscription && groups.groupBy != .familyShareable {
                add(option.kind == .nonConsumable ? "lifetime" : "one-time", text.oneTimeLabel(option.kind), item)
                continue
            }
            switch groups.groupBy {
            case .period, nil:
                let period = option.period ?? Period(1, .month)
                add(period.description.lowercased(), text.periodLabel(period), item)
            case .familyShareable:
                add(option.product.familyShareable ? "family" : "individual",
                    text.strings[option.product.familyShareable ? "groupFamily" : "groupIndividual"], item)
            case .level:
                let level = options.filter { $0.option.product.level == option.product.level }
                    .map(\.option.text.displayName)
                add("level-\(option.product.level)", commonWords(level) ?? option.text.displayName, item,
                    labelLocale: option.textLocale)
            }
        }
        // Subscriptions first, in period or level order; then lifetime, then other one-time products.
        func rank(_ section: OptionSection) -> (Int, Double) {
            let option = section.options[0].option
            if section.key == "lifetime" { return (1, 0) }
            if section.key == "one-time" { return (2, 0) }
            return (0, groups.groupBy == .level ? Double(option.product.level) : option.period?.months ?? 0)
        }
        switch groups.groupBy {
        case .period, .level, nil:
            sections.sort { rank($0) < rank($1) }
        case .familyShareable:
            sections.sort { $0.key == "individual" && $1.key == "family" }
        }
        return sections
    }
}

extension OptionSection {
    /// The sections of a page as template values, and how they are shown.
    struct Layout {
        var values: [MustacheValue] = []
        /// Sections under headings share one picker (one selection, one subscribe button); tabs and links give
        /// each section its own.
        var sharedPicker: Bool
        var hasTabs: Bool

        init(page: borrowing Page, options: [(option: StoreOption, value: MustacheValue)], selectedID: String?,
             text: PriceText, onlySection: String?, allowRawHTML: Bool) {
            let sections = OptionSection.split(options, page.optionGroups, text: text)
                .filter { onlySection == nil || $0.key == onlySection }
            // Explicit groups' labels and copy are front matter: the translation's, else the base file's.
            let groupsLocale = page.optionGroups?.groups.isEmpty == false ? page.textLocale(of: "optionGroups") : nil
            let style = page.optionGroups?.style ?? .automatic
            sharedPicker = sections.count > 1 && style == .sections && page.controlStyle.isPicker
            hasTabs = sections.count > 1 && (style == .tabs || style == .automatic)
            // The tab that opens is the one holding the selected option. (Options are read by index here: a closure
            // given the options themselves copies each one it is given.)
            let openTab = sections.firstIndex { section in
                section.options.indices.contains { section.options[$0].option.id == selectedID }
            } ?? 0
            for (index, section) in sections.enumerated() {
                // Each picker has one checked option: the page's selection, else its first purchasable one.
                let all = section.options
                let selected = all.indices.first { all[$0].option.id == selectedID }
                    ?? (sharedPicker ? nil : all.indices.first { all[$0].option.isPurchasable })
                let checkedID = selected.map { all[$0].option.id }
                // A carousel opens on its first card, and no browser scrolls one to a checked radio without script:
                // the selected card comes first (then the rest in their order), so the page opens on what it sells.
                var ordered = all
                if page.controlStyle == .pagedPicker || page.controlStyle == .pagedProminentPicker, let selected {
                    ordered.insert(ordered.remove(at: selected), at: 0)
                }
                // An option already marked right is left as it is (the same object on every page).
                let options = ordered.indices.map { position -> MustacheValue in
                    let (isSelected, value) = (ordered[position].option.id == checkedID, ordered[position].value)
                    guard case .object(var fields) = value else { return value }
                    if case .bool(isSelected)? = fields["isSelected"] { return value }
                    fields["isSelected"] = .bool(isSelected)
                    return .object(fields)
                }
                values.append(.object([
                    "key": .string(section.key),
                    "label": section.label.map(MustacheValue.string) ?? .null,
                    "labelLang": FallbackLanguage.value(groupsLocale ?? section.labelLocale, on: text.locale),
                    "index": .int(index),
                    "isFirst": .bool(index == 0),
                    "isOpen": .bool(index == openTab),
                    "marketingHTML": section.marketing.map { markdown in
                        let words = FallbackLanguage.tableWords(text.strings, markdownLocale: groupsLocale)
                        let html = Markdown.render(markdown, allowRawHTML: allowRawHTML, tableWords: words).html
                        return .string(FallbackLanguage.wrap(html, groupsLocale, on: text.locale))
                    } ?? .null,
                    "options": .list(options),
                    "name": .string(sharedPicker ? "plan" : "plan-\(index)"),
                ]))
            }
        }
    }
}

/// The words every name starts with: "Pro Monthly", "Pro Yearly" → "Pro"; nil when none.
func commonWords(_ names: [String]) -> String? {
    guard let first = names.first?.split(separator: " ") else { return nil }
    var count = first.count
    for name in names.dropFirst() {
        let words = name.split(separator: " ")
        count = min(count, zip(first, words).prefix { $0 == $1 }.count)
    }
    return count == 0 || (names.count == 1) ? nil : first.prefix(count).joined(separator: " ")
}
