/// The scripts a site's pages may hold (DESIGN.md: no JavaScript but these), each allowed by its hash in its page's
/// own policy and in the header policy every host sends with that page (``SiteRoutes/policy(for:)``).
extension SiteConfig {
    /// A content page's one script, by its kind: a store page's (and its customer-state pages') carries the page's
    /// query parameters into purchase links (`actions.carry`); a plain page's points the Open button at the
    /// checkout's redemption link (`app.redeem`).
    public func pageScript(isPlain: Bool) -> (source: String, hash: String)? {
        isPlain ? redeemScript.map { ($0.source, $0.hash) } : links.script.map { ($0.source, $0.hash) }
    }

    /// The redirecting pages' script: with either of those, so that the query reaches the page that reads it.
    public var forwardScript: ForwardScript? { links.script == nil && redeemScript == nil ? nil : .shared }
}
