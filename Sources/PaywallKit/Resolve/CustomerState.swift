/// Who the page is for: StoreKit decides this at run time; paywall writes one page per state.
public enum CustomerState: Hashable, Sendable, Encodable {
    /// No subscription in the group: every option, introductory offers (eligible).
    case new
    /// Subscribed to the product: only the visible relationships, the plan marked current.
    case current(String)
    /// Subscription lapsed: every option, the product's win-back offer.
    case lapsed(String)

    /// The output path below the page folder: "", "current/ID/", "lapsed/ID/".
    public var pathComponent: String {
        switch self {
        case .new: ""
        case .current(let id): "current/\(id)/"
        case .lapsed(let id): "lapsed/\(id)/"
        }
    }

    public var name: String {
        switch self {
        case .new: "new"
        case .current: "current"
        case .lapsed: "lapsed"
        }
    }

    /// The plan a subscriber's purchase links change from: the product of `.current`, else empty.
    public var currentProductID: String {
        if case .current(let id) = self { id } else { "" }
    }

    public var productID: String? {
        switch self {
        case .new: nil
        case .current(let id), .lapsed(let id): id
        }
    }
}
