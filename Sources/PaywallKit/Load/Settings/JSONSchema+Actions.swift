/// The `app` and `actions` parts of `paywall schema site`.
extension JSONSchema {
    static let placeholderText = "{productID}, {locale}, {offerID}, {offerType} (introductory, promotional, "
                                 + "winBack or none) and {billingPlan} (upFront or monthly) expand, percent-encoded; "
                                 + "any other {name} is an error"

    static let app = object("The app.", [
        ("name", string("The app's name.")),
        ("icon", ref("asset")),
        ("openURL",
         string("Plain pages' Open button: a universal link (https://…) or the app's own URL scheme (myapp://open); "
                + "also {{app.openURL}} in copy.",
                pattern: "^(https://[^\\s]+|(?!(javascript|vbscript|data|blob|file|filesystem|about|http|ftp|ws|wss|"
                         + "view-source|chrome|intent|mailto|tel|sms|jar):)[A-Za-z][A-Za-z0-9+.-]*:[^\\s]*)$")),
        ("appStoreURL",
         string("Plain pages' App Store link; also {{app.appStoreURL}} in copy.", pattern: "^https://[^\\s]+$")),
        ("socialImage", string("The picture of a shared link (Open Graph, X): a PNG or JPEG in assets/, 1200×630 or "
                               + "more.")),
        ("appStoreID", string("The app's Apple ID (digits), for Safari's Smart App Banner.", pattern: "^[0-9]{1,12}$")),
        ("redeem", object("A plain page's Open button takes the redemption link the checkout's success redirect "
                          + "passes in `parameter`, only when it starts with one of `prefixes`; anything else is "
                          + "ignored. One small inline script, allowed by its hash; without JavaScript the button is "
                          + "openURL (required). actions.carry's parameters go into openURL, never into a "
                          + "redemption link.", [
            ("parameter", string("The query parameter that holds the redemption link, such as redeem_url.",
                                 pattern: "^[A-Za-z0-9._~-]{1,64}$")),
            ("prefixes", .object([
                ("type", .string("array")), ("minItems", .int(1)),
                ("description", .string("Exact starts of the links taken: an app scheme (rc-abc123://) or an https "
                                        + "URL with a '/' after its host (https://example.com/redeem/).")),
                ("items", string("An app scheme or an https URL prefix.",
                                 pattern: "^((?!(https|javascript|vbscript|data|blob|file|filesystem|about|http|ftp|"
                                          + "ws|wss|view-source|chrome|intent|mailto|tel|sms|jar):)"
                                          + "[A-Za-z][A-Za-z0-9+.-]*://|https://[A-Za-z0-9.:\\[\\]-]+/)"
                                          + "[^\\s\"'<>\\\\{}|^`]*$")),
            ])),
        ], required: ["parameter", "prefixes"])),
    ])

    /// `subscribe` and `purchase`: one template, or a link per product ID and `default`.
    static func purchaseLink(_ description: String) -> Value {
        .object([
            ("description", .string(description + " " + placeholderText + ".")),
            ("anyOf", .array([
                ref("url"),
                map("A link per product ID; `default` for every other product. A product that no link covers is an "
                    + "error.",
                    keys: "^[A-Za-z0-9._-]{1,100}$", ref("url")),
            ])),
        ])
    }

    static let queryName = string("A query parameter name.", pattern: "^[A-Za-z0-9._~-]{1,64}$")

    static let actions = object("Where buttons go. Store buttons' links expand {locale} only.", [
        ("subscribe",
         purchaseLink("Subscriptions' purchase links: a template for all (https or relative), or a link per product "
                      + "ID.")),
        ("purchase", purchaseLink("One-time products' purchase links (default: subscribe's).")),
        ("carry", .object([
            ("description",
             .string("Query parameters of the page's own URL copied into every purchase link by one small inline "
                     + "script (allowed by its hash in the page's CSP; no network, cookies or storage), "
                     + "percent-encoded. A mapping renames them (page name → link name); a list keeps the names. "
                     + "Without carry a page has no script.")),
            ("anyOf",
             .array([list("Names kept as they are.", queryName),
                     map("Page name → link name.", keys: "^[A-Za-z0-9._~-]{1,64}$", queryName)])),
        ])),
    ] + SiteConfig.actionNames.filter { !SiteConfig.purchaseActionNames.contains($0) }.map { ($0, ref("url")) })
}
