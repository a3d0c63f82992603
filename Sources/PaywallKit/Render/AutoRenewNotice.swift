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

    /// The notice as the page template reads it: `autoRenew` (`text`) and `autoRenewNotice` (`value`).
    struct Made: Sendable {
        var text: String
        var value: MustacheValue
    }

    /// A locale's notice on a page without a commitment (`plain`) and on one with (`commitment`).
    struct Locale: Sendable {
        var plain: Made
        var commitment: Made
    }

    /// `before`, `link` (the account page's words), `href` (nil: no link) and `after`, so a template can link the
    /// words.
    var value: MustacheValue {
        guard billing == .web else {
            return .object(["before": .string(text), "link": .null, "href": .null, "after": .string("")])
        }
        // The words around a NUL put where the link goes, found by its byte.
        let marked = strings.format(key, ["accountPage": "\u{0}"])
        let href = manageURL.map(MustacheValue.string) ?? .null
        guard let cut = marked.utf8.firstIndex(of: 0) else {
            return .object(["before": .string(marked), "link": .null, "href": href, "after": .string("")])
        }
        return .object(["before": .string(String(marked[..<cut])), "link": .string(strings["accountPage"]),
                        "href": href, "after": .string(String(marked[marked.utf8.index(after: cut)...]))])
    }
}

extension AutoRenewNotice.Locale {
    /// The notices of the pages in `locale`: the same on every one but for a commitment, so a build makes them once
    /// per locale (`notices` of ``PageRenderer``'s `render`).
    init(_ config: SiteConfig, locale: String, strings: Strings) {
        let manageURL = config.links.buttons["manageSubscription"]?.expand(LinkTemplate.Values(locale: locale))
        func made(hasCommitment: Bool) -> AutoRenewNotice.Made {
            let notice = AutoRenewNotice(billing: config.billing, strings: strings, manageURL: manageURL,
                                         hasCommitment: hasCommitment)
            return AutoRenewNotice.Made(text: notice.text, value: notice.value)
        }
        self.init(plain: made(hasCommitment: false), commitment: made(hasCommitment: true))
    }
}
