#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// Builds the template context of one page (DESIGN.md section 4) from its resolved store model. The model and the
/// settings are borrowed, not copied: a copy retains every text they hold, which the threads rendering other pages
/// share.
enum PageContext {
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

    /// The app's name, else the group's.
    static func appName(_ model: borrowing StoreModel, config: borrowing SiteConfig) -> String {
        config.appName ?? model.groupText.displayName
    }

    /// Page-level values shared by the page template and marketing placeholders: `options` as the page shows them,
    /// every option by product ID (`products`: the options the page hides are reachable too), the shown options'
    /// names (`planNames`), and `groupTextLang`, the language of the group's name when it fell back to another
    /// (`FallbackLanguage.value`). `root`: the relative path from the page up to the output root ("../../").
    static func common(_ model: borrowing StoreModel, config: borrowing SiteConfig, strings: Strings, root: String,
                       options: [(option: StoreOption, value: MustacheValue)], products: MustacheValue,
                       planNames: String, groupTextLang: MustacheValue) -> MustacheObject {
        let title = model.page.title.isEmpty ? model.groupText.displayName : model.page.title
        let appName = appName(model, config: config)
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
            "planNames": .string(planNames),
            "products": products,
        ]
    }
}
