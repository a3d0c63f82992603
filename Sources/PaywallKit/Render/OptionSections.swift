import Mustache

/// Options split for `optionGroups` (SubscriptionOptionGroup): by period, family sharing, level, or explicit lists.
struct OptionSection {
    var key: String
    var label: String?
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
        func add(_ key: String, _ label: String, _ item: (option: StoreOption, value: MustacheValue)) {
            if let index = sections.firstIndex(where: { $0.key == key }) { sections[index].options.append(item) } else {
                sections.append(OptionSection(key: key, label: label, options: [item]))
            }
        }
        for item in options {
            let option = item.option
            switch groups.groupBy {
            case .period, nil:
                add(option.period.description.lowercased(), text.periodLabel(option.period), item)
            case .familyShareable:
                add(option.product.familyShareable ? "family" : "individual",
                    text.strings[option.product.familyShareable ? "groupFamily" : "groupIndividual"], item)
            case .level:
                add("level-\(option.product.level)", option.text.displayName, item)
            }
        }
        switch groups.groupBy {
        case .period, nil:
            sections.sort { $0.options[0].option.period.months < $1.options[0].option.period.months }
        case .familyShareable:
            sections.sort { $0.key == "individual" && $1.key == "family" }
        case .level:
            sections.sort { $0.options[0].option.product.level < $1.options[0].option.product.level }
        }
        return sections
    }
}

import Foundation
