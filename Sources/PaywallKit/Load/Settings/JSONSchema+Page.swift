/// The schema of a page's front matter (`paywall schema page`).
extension JSONSchema {
    static let page = object("A page's front matter: one SubscriptionStoreView.", [
        ("title", string("The page title (default: the group's display name).")),
        ("groupID",
         string("Every subscription of this group (its ID, or its reference name when no other group has it), "
                + "ordered by level, then per-month price. A page with neither groupID nor productIDs is a plain page "
                + "(a checkout's success page): its body, the app's Open and App Store links, the policy links.")),
        ("productIDs",
         oneOrMany("Exactly these products, in this order: subscriptions of one group and one-time products.",
                   string("A product ID."))),
        ("additionalProductIDs",
         oneOrMany("With groupID: one-time products shown after the group's subscriptions, in this order.",
                   string("A product ID."))),
        ("visibleRelationships",
         oneOrMany("What a subscriber sees (with groupID).",
                   choice("A relationship.", Page.Relationship.allCases.map(\.rawValue)))),
        ("marketing",
         choice("automatic: app icon, group name and description; markdown: the page's body.",
                Page.Marketing.allCases.map(\.rawValue))),
        ("controlStyle", choice("How the options are shown.", Page.ControlStyle.allCases.map(\.rawValue))),
        ("controlPlacement",
         choice("Where the purchase controls sit.", Page.ControlPlacement.allCases.map(\.rawValue))),
        ("buttonLabel",
         oneOrMany("What the purchase button says.", choice("A part.", Page.ButtonLabel.allCases.map(\.rawValue)))),
        ("controlIcons", map("Icons by product ID, overriding the catalog's.", keys: ".+", ref("asset"))),
        ("badges", map("Capsule badges by product ID.", keys: ".+", string("The badge text."))),
        ("selected", string("The product ID selected when the page opens.")),
        ("background", object("The page's background.", [("color", ref("color")), ("image", ref("asset"))])),
        ("containerBackground", object("A background behind the header or the whole column.", [
            ("placement", choice("header or fullHeight.", Page.ContainerBackground.Placement.allCases.map(\.rawValue))),
            ("color", ref("color")),
            ("gradient", list("Top-to-bottom gradient stops.", ref("color"))),
        ])),
        ("pickerItemBackground", ref("color", "The options' background.")),
        ("colorScheme", choice("Force light or dark for this page.", SiteConfig.ColorScheme.allCases.map(\.rawValue))),
        ("image", string("The picture of this page's shared link (Open Graph, X): a PNG or JPEG in assets/, "
                         + "1200×630 or more; default app.socialImage.")),
        ("policies", object("Policy links for this page (over paywall.yml and the catalog).", [
            ("termsOfService", ref("policyLink")), ("privacyPolicy", ref("policyLink")),
            ("foregroundStyle", oneOrMany("Primary and secondary colours of the policy links.", ref("color"))),
        ])),
        ("storeButtons", object("Store buttons: automatic follows StoreKit's defaults.",
                                Page.StoreButton.allCases.map {
                                    ($0.rawValue, choice("Visibility.", Page.Visibility.allCases.map(\.rawValue)))
                                })),
        ("optionGroups", object("Options in groups (SubscriptionOptionGroup).", [
            ("style",
             choice("tabs, links (a page per group), sections or automatic.",
                    Page.OptionGroups.Style.allCases.map(\.rawValue))),
            ("groupBy",
             choice("Group by period, family sharing or level.", Page.OptionGroups.GroupBy.allCases.map(\.rawValue))),
            ("groups", list("Explicit groups.", object("A group of options.", [
                ("label", string("The group's label.")),
                ("productIDs", oneOrMany("Its products.", string("A product ID."))),
                ("marketing", string("Markdown shown above the group.")),
                ("billingPlan",
                 choice("The billing plan of this group's options (default: the page's).",
                        BillingPlan.allCases.map(\.rawValue))),
            ], required: ["label", "productIDs"]))),
        ])),
        ("offer",
         object("Offers for subscribers.",
                [("promotional", string("A promotional offer ID to show where it applies."))])),
        ("billingPlan",
         choice("upFront (default) or monthly: 12 monthly payments where the storefront has the plan "
                + "(preferredSubscriptionPricingTerms).",
                               BillingPlan.allCases.map(\.rawValue))),
        ("features", .object([
            ("description",
             .string("A plan comparison table: a row per feature; the columns are the page's service levels (groupID, "
                     + "named as optionGroups groupBy: level names them) or its products (productIDs). "
                     + "In a translation (NAME.LOCALE.md), only labels.")),
            ("anyOf", .array([
                object("The comparison (in the base file).", [
                    ("placement",
                     choice("Before or after the options (default afterOptions).",
                            Page.Features.Placement.allCases.map(\.rawValue))),
                    ("rows",
                     list("The features, top to bottom.",
                          object("One feature: its label and exactly one of levels, products or values.", [
                        ("label", string("The feature's name; translated in NAME.LOCALE.md under features.labels.")),
                        ("levels", oneOrMany("groupID page: the levels that include it (1 is the highest).",
                                             .object([("type", .string("integer")), ("minimum", .int(1))]))),
                        ("products",
                         oneOrMany("productIDs page: the products that include it.",
                                   string("A product ID on the page."))),
                        ("values",
                         map("The text each column shows, keyed by level (groupID) or product ID; a column without one "
                             + "is not included.",
                                       keys: ".+", string("The text: Unlimited, \"10\"."))),
                    ], required: ["label"]))),
                ], required: ["rows"]),
                object("A translation's features: the base file's texts in this language.", [
                    ("labels",
                     map("The base file's label or value → this language's.", keys: ".+",
                         string("The translation."))),
                ], required: ["labels"]),
            ])),
        ])),
    ])
}
