import Mustache

/// What a chat app or a social network shows of a shared page (Open Graph, X's card), and Safari's Smart App Banner.
struct LinkPreview {
    /// The description; nil: the page's own meta description (a store page's group and plans).
    var description: String?
    /// The page's canonical address: a customer's page (current/ID/) is shared as the page everyone gets.
    var url: String?
    /// The picture, an asset path (`assets/share.png`): the page's `image:`, else `app.socialImage`.
    var image: String?
    var locale: String
    /// The page's other locales.
    var alternates: [String] = []

    /// A store or plain page: the group's description (the page's meta description without one), the page's
    /// picture, its locale and the page's others.
    init(model: borrowing StoreModel, config: borrowing SiteConfig, placement: borrowing PageRenderer.Placement,
         url: String?) {
        let text = model.groupText.description
        description = text.isEmpty ? nil : text
        self.url = url
        image = model.page.image ?? config.appSocialImage
        locale = model.locale
        alternates = placement.alternates.map(\.locale).filter { $0 != model.locale }
    }

    init(description: String?, url: String?, image: String?, locale: String) {
        (self.description, self.url, self.image, self.locale) = (description, url, image, locale)
    }

    /// `url` and `image` only with baseURL (both must be absolute); `locale` and `alternates` as Open Graph writes
    /// them (`de_DE`); `appStoreID` for the Smart App Banner.
    func context(_ config: SiteConfig) -> MustacheObject {
        let image = image.flatMap { path in config.baseURL.map { $0 + assetURL(path) } }
        func ogLocale(_ locale: String) -> String {
            // Byte for byte into the new string: a page lists every other locale, twenty on some sites.
            var locale = locale
            return locale.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for index in bytes.indices {
                        buffer[index] = bytes[index] == UInt8(ascii: "-") ? UInt8(ascii: "_") : bytes[index]
                    }
                    return bytes.count
                }
            }
        }
        return [
            "description": description.map(MustacheValue.string) ?? .null,
            "url": url.map(MustacheValue.string) ?? .null,
            "image": image.map(MustacheValue.string) ?? .null,
            "card": .string(image == nil ? "summary" : "summary_large_image"),
            "locale": .string(ogLocale(locale)),
            "alternates": .list(alternates.map { .string(ogLocale($0)) }),
            "appStoreID": config.appStoreID.map(MustacheValue.string) ?? .null,
        ]
    }
}
