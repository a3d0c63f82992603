#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// The template vocabulary of one option (DESIGN.md section 4), RevenueCat's names included as aliases.
struct OptionContext {
    var option: StoreOption
    var index: Int
    var text: PriceText
    var isSelected: Bool
    var subscribeURL: String?
    /// The subscriber's current plan when this option's link changes to it (`actions.changePlan`); else empty.
    var currentProductID = ""
    /// The page's experiment and variant (`ID:VARIANT`), which its purchase link names; else empty.
    var experiment = ""
    var assetPrefix: String
    /// The page's `buttonLabel` parts and whether each option has its own button (`buttons` style).
    var buttonLabel: Set<Page.ButtonLabel> = [.automatic]
    var isButtonsStyle = false
    /// The locale the page's `badges` are written in (the base file's when the translation has none).
    var badgeLocale: String?
    /// The fields to make.
    var vocabulary = Vocabulary.all

    /// What depends on the option's place on the page: its position, whether it is selected, its button's lines;
    /// and no included features, until `FeatureTable.annotate` sets them on a page with a comparison table.
    var pageFields: MustacheObject {
        ["index": .int(index), "isSelected": .bool(isSelected), "includedFeatures": [], "hasIncludedFeatures": false,
         "buttonLines": .list(buttonLines.enumerated().map { index, line in
             .object(["text": .string(line), "isFirst": .bool(index == 0)])
         })]
    }

    /// Everything else, the same on every page that shows this option to this customer: the fields of `vocabulary`.
    var sharedFields: MustacheObject {
        var values = MustacheObject()
        for field in vocabulary.fields {
            if let value = field.value(self) { values[field.name] = value }
        }
        return values
    }
}
