/// `app.redeem`: where a plain page's Open button goes after a web purchase. The checkout's success redirect
/// passes a redemption link (RevenueCat's `rc-…://redeem_web_purchase?…`, or a universal link) in the query
/// parameter `parameter`; the page's one script points the Open button at it only when it starts with one of
/// `prefixes`, each an app scheme (`rc-abc123://`) or an https URL with a path (`https://example.com/redeem/`), so
/// that no other link can be passed in (no open redirect). Without JavaScript the button is `app.openURL`.
public struct AppRedeem: Sendable, Equatable {
    /// The query parameter that holds the redemption link (a query name: letters, digits, `-`, `_`, `.`, `~`).
    public var parameter: String
    /// The links taken, by exact string prefix, checked when paywall.yml is read.
    public var prefixes: [String]

    public init(parameter: String, prefixes: [String]) {
        self.parameter = parameter
        self.prefixes = prefixes
    }
}
