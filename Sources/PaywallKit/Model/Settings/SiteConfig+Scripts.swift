/// The scripts a site's pages may hold (DESIGN.md: no JavaScript but these), each allowed by its hash in its page's
/// own policy and in the header policy every host sends with that page (``SiteRoutes/policy(for:)``).
extension SiteConfig {
    /// The redirecting pages' script: with `actions.carry`, so that the query reaches the page carry reads it on.
    public var forwardScript: ForwardScript? { links.script == nil ? nil : .shared }

    /// The hash of the script a content page holds: a store page (and its customer-state pages) the carry script;
    /// a plain page none.
    public func scriptHash(isPlain: Bool) -> String? { isPlain ? nil : links.script?.hash }
}
