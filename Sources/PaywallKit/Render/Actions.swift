import Foundation

/// Expands `actions` URL templates: `{productID}`, `{locale}` and `{offerID}`, percent-encoded.
public enum Actions {
    /// The URL template of an option's purchase link: `subscribe` for a subscription; `purchase`, else
    /// `subscribe`, for a one-time product.
    public static func purchase(_ product: Product, in actions: [String: String]) -> String? {
        product.isSubscription ? actions["subscribe"] : actions["purchase"] ?? actions["subscribe"]
    }

    public static func expand(_ template: String, productID: String = "", locale: String, offerID: String = "") -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#/")
        func encode(_ value: String) -> String { value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value }
        return template
            .replacingOccurrences(of: "{productID}", with: encode(productID))
            .replacingOccurrences(of: "{locale}", with: encode(locale))
            .replacingOccurrences(of: "{offerID}", with: encode(offerID))
    }
}
