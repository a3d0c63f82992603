import Mustache

/// What a chat app or a social network shows of a shared page (Open Graph, X's card), and Safari's Smart App Banner.
struct LinkPreview {
    var model: StoreModel
    var config: SiteConfig
    var placement: PageRenderer.Placement
    /// The page's canonical address: a customer's page (current/ID/) is shared as the page everyone gets.
    var url: String?

    /// `description`: the group's description (null without one: the page's meta description is used); `url` and
    /// `image` only with baseURL (both must be absolute); `locale` and `alternates` as Open Graph writes them
    /// (`de_DE`).
    var context: MustacheObject {
        let text = model.groupText
        let image = (model.page.image ?? config.appSocialImage).flatMap { path in
            config.baseURL.map { $0 + assetURL(path) }
        }
        func ogLocale(_ locale: String) -> String { locale.replacingOccurrences(of: "-", with: "_") }
        let alternates = placement.alternates.map(\.locale).filter { $0 != model.locale }
        return [
            "description": text.description.isEmpty ? .null : .string(text.description),
            "url": url.map(MustacheValue.string) ?? .null,
            "image": image.map(MustacheValue.string) ?? .null,
            "card": .string(image == nil ? "summary" : "summary_large_image"),
            "locale": .string(ogLocale(model.locale)),
            "alternates": .list(alternates.map { .string(ogLocale($0)) }),
            "appStoreID": config.appStoreID.map(MustacheValue.string) ?? .null,
        ]
    }
}
