import Mustache

/// The auto-renewal notice under the options (App Store guideline 3.1.2), worded for who bills: a web checkout
/// ("cancel any time from your account page", linked to `actions.manageSubscription` when set) or the App Store.
/// Where an option is on a commitment, it says what cancelling one does: it stops the commitment's next renewal,
/// and the current commitment's monthly payments stay due, as that option's own terms say.
struct AutoRenewNotice {
    var billing: SiteConfig.Billing
    var strings: Strings
    /// `actions.manageSubscription`, expanded for the page's locale.
    var manageURL: String?
    /// Whether an option shown is billed monthly with a commitment.
    var hasCommitment = false

    /// The string's key: `autoRenew`, `autoRenewWeb`, `autoRenewCommitment` or `autoRenewCommitmentWeb`.
    var key: String {
        (hasCommitment ? "autoRenewCommitment" : "autoRenew") + (billing == .web ? "Web" : "")
    }

    /// The whole notice as text.
    var text: String {
        billing == .appStore ? strings[key] : strings.format(key, ["accountPage": strings["accountPage"]])
    }

    /// `before`, `link` (the account page's words), `href` (nil: no link) and `after`, so a template can link the
    /// words.
    var value: MustacheValue {
        guard billing == .web else {
            return .object(["before": .string(text), "link": .null, "href": .null, "after": .string("")])
        }
        let marker = "\u{0}"
        let parts = strings.format(key, ["accountPage": marker]).split(separator: marker, maxSplits: 1,
                                                                       omittingEmptySubsequences: false)
        let before = String(parts[0])
        let after = parts.count > 1 ? String(parts[1]) : ""
        return .object(["before": .string(before), "link": parts.count > 1 ? .string(strings["accountPage"]) : .null,
                        "href": manageURL.map(MustacheValue.string) ?? .null, "after": .string(after)])
    }
}
