#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// Builds the template context of one page (DESIGN.md section 4) from its resolved store model.
struct PageContext {
    var model: StoreModel
    var text: PriceText
    var config: SiteConfig
    /// The relative path from this page up to the output root: "../../".
    var root: String
    /// The page's path below the output root: "de-DE/pro/".
    var path: String
    /// The option fields the site's templates name.
    var vocabulary = OptionContext.Vocabulary.all

    var strings: Strings { text.strings }

    /// Each option's context, in display order.
    var options: [(option: StoreOption, value: MustacheValue)] { contexts(model.options) }

    /// The options' contexts.
    func contexts(_ options: [StoreOption]) -> [(option: StoreOption, value: MustacheValue)] {
        let badgeLocale = model.page.textLocale(of: "badges")
        let isButtonsStyle = model.page.controlStyle == .buttons
        let experiment = Self.experimentKey(model.page)
        // A subscriber's options change the plan: their links name the current one.
        let current = if case .current(let id) = model.state { id } else { "" }
        return options.enumerated().map { index, option in
            var context = OptionContext(option: option, index: index, text: text,
                                        isSelected: option.id == model.selectedID, subscribeURL: nil, assetPrefix: root,
                                        buttonLabel: model.page.buttonLabel, isButtonsStyle: isButtonsStyle,
                                        badgeLocale: badgeLocale, vocabulary: vocabulary)
            context.currentProductID = option.isSubscription ? current : ""
            context.experiment = experiment
            if option.isPurchasable {
                context.subscribeURL = Self.purchaseURL(of: option, model: model, config: config,
                                                        currentProductID: context.currentProductID)
            }
            return (option, context.value)
        }
    }

    /// The option's purchase link from `actions` (a subscriber's changes the plan from `currentProductID`).
    static func purchaseURL(of option: StoreOption, model: StoreModel, config: SiteConfig,
                            currentProductID: String) -> String? {
        var values = LinkTemplate.Values(product: option.id, locale: model.locale, offer: option.offer?.offer,
                                         billingPlan: option.billingPlan.rawValue)
        values.currentProductID = currentProductID
        values.experiment = model.page.experiment?.id ?? ""
        values.variant = model.page.experiment?.variant ?? ""
        return config.links.url(for: option.product, values, billing: config.billing)
    }

    /// What an option's links read of the page's experiment: `ID:VARIANT`, or empty outside experiments.
    static func experimentKey(_ page: Page) -> String {
        page.experiment.map { $0.id + ":" + $0.variant } ?? ""
    }

    /// `products.pro.yearly.price`: every option reachable by its product ID, dots nesting.
    static func products(_ options: [(option: StoreOption, value: MustacheValue)]) -> MustacheValue {
        var tree: MustacheObject = [:]
        func insert(_ path: ArraySlice<String>, _ value: MustacheValue, into object: inout MustacheObject) {
            guard let head = path.first else { return }
            if path.count == 1 {
                if case .object(var existing)? = object[head], case .object(let fields) = value {
                    for (name, field) in fields where existing[name] == nil { existing[name] = field }
                    object[head] = .object(existing)
                } else {
                    object[head] = value
                }
                return
            }
            var child: MustacheObject = [:]
            if case .object(let existing)? = object[head] { child = existing }
            insert(path.dropFirst(), value, into: &child)
            object[head] = .object(child)
        }
        for (option, value) in options {
            insert(ArraySlice(option.id.split(separator: ".").map(String.init)), value, into: &tree)
        }
        return .object(tree)
    }

    var appName: String { config.appName ?? model.groupText.displayName }

    /// Page-level values shared by the page template and marketing placeholders; `groupTextLang` is the language of the
    /// group's name when it fell back to another (`FallbackLanguage.value`).
    func common(options: [(option: StoreOption, value: MustacheValue)],
                groupTextLang: MustacheValue) -> MustacheObject {
        let title = model.page.title.isEmpty ? model.groupText.displayName : model.page.title
        // The options the page hides are reachable by product ID too; the resolver shows every option of most pages.
        let hidden = model.allOptions.count == model.options.count ? [] : model.allOptions.filter { option in
            !model.options.contains { $0.id == option.id }
        }
        return [
            "title": .string(title),
            "locale": .string(model.locale),
            "lang": .string(model.locale),
            "dir": .string(strings.direction),
            "app": .object(["name": .string(appName),
                            "icon": config.appIcon.map { .string(root + assetURL($0)) } ?? .null,
                            "openURL": config.appOpenURL.map(MustacheValue.string) ?? .null,
                            "appStoreURL": config.appStoreURL.map(MustacheValue.string) ?? .null]),
            "app_name": .string(appName),
            "group": .object(["id": model.group.map { .string($0.id) } ?? .null,
                              "displayName": .string(model.groupText.displayName),
                              "description": .string(model.groupText.description), "textLang": groupTextLang]),
            "options": .list(options.map(\.value)),
            "planNames": .string(ICU.formatList(options.map(\.option.text.displayName), locale: model.locale)),
            "products": Self.products(hidden.isEmpty ? options : options + contexts(hidden)),
        ]
    }
}
