import Foundation

/// JSON Schemas (draft 2020-12) of paywall's file formats, for editors' completion and validation
/// (`paywall schema catalog|page|site`). Built from the same key lists the loaders accept.
public enum JSONSchema {
    public enum Format: String, CaseIterable, Sendable { case catalog, page, site }

    /// A JSON value with ordered keys, so the printed schema reads top-down.
    indirect enum Value {
        case string(String), bool(Bool), int(Int), array([Value]), object([(String, Value)])

        func json(_ indent: String = "") -> String {
            let inner = indent + "  "
            switch self {
            case .string(let text): return JSONText.quoted(text)
            case .bool(let flag): return flag ? "true" : "false"
            case .int(let number): return String(number)
            case .array(let items):
                if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                    return "[" + items.map { $0.json() }.joined(separator: ", ") + "]"
                }
                return "[\n" + items.map { inner + $0.json(inner) }.joined(separator: ",\n") + "\n\(indent)]"
            case .object(let pairs):
                if pairs.isEmpty { return "{}" }
                return "{\n" + pairs.map { "\(inner)\(JSONText.quoted($0.0)): \($0.1.json(inner))" }.joined(separator: ",\n") + "\n\(indent)}"
            }
        }

    }

    /// The schema as pretty-printed JSON.
    public static func text(_ format: Format) -> String {
        let (title, body) = switch format {
        case .catalog: ("paywall catalog", catalog)
        case .page: ("paywall page front matter", page)
        case .site: ("paywall.yml", site)
        }
        var pairs: [(String, Value)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://paywall.example/schema/\(format.rawValue).json")),
            ("title", .string(title)),
        ]
        if case .object(let rest) = body { pairs += rest }
        guard case .object(var defs) = definitions else { return "" }
        if format == .page { defs.append(("templateVocabulary", templateVocabulary)) }
        pairs.append(("$defs", .object(defs)))
        return Value.object(pairs).json() + "\n"
    }

    // MARK: Building blocks

    static func string(_ description: String, pattern: String? = nil, format: String? = nil) -> Value {
        var pairs: [(String, Value)] = [("type", .string("string")), ("description", .string(description))]
        if let pattern { pairs.append(("pattern", .string(pattern))) }
        if let format { pairs.append(("format", .string(format))) }
        return .object(pairs)
    }

    static func choice(_ description: String, _ values: [String]) -> Value {
        .object([("description", .string(description)), ("enum", .array(values.map(Value.string)))])
    }

    static func ref(_ name: String, _ description: String? = nil) -> Value {
        var pairs: [(String, Value)] = [("$ref", .string("#/$defs/\(name)"))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }

    static func object(_ description: String, _ properties: [(String, Value)], required: [String] = [],
                       additional: Value? = nil) -> Value {
        var pairs: [(String, Value)] = [("type", .string("object")), ("description", .string(description)),
                                        ("properties", .object(properties))]
        if !required.isEmpty { pairs.append(("required", .array(required.map(Value.string)))) }
        pairs.append(("additionalProperties", additional ?? .bool(false)))
        return .object(pairs)
    }

    static func map(_ description: String, keys pattern: String, _ value: Value) -> Value {
        .object([("type", .string("object")), ("description", .string(description)),
                 ("propertyNames", .object([("pattern", .string(pattern))])), ("additionalProperties", value)])
    }

    static func list(_ description: String, _ item: Value) -> Value {
        .object([("type", .string("array")), ("description", .string(description)), ("items", item)])
    }

    static func oneOrMany(_ description: String, _ item: Value) -> Value {
        .object([("description", .string(description)), ("anyOf", .array([item, .object([("type", .string("array")), ("items", item)])]))])
    }

    static let localePattern = "^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$"
    static let storefrontPattern = "^[A-Z]{3}$"

    static let definitions = Value.object([
        ("locale", string("A BCP 47 locale: en-US, de, pt-BR, zh-Hans (en_US is accepted too).", pattern: localePattern)),
        ("url", string("An https:// URL or a relative path; javascript:, data: and http: are rejected.",
                       pattern: "^(https://[^\\s]+|(?![A-Za-z][A-Za-z0-9+.-]*:)(?!//)[^\\s]*)$")),
        ("color", string("A hex colour, quoted: \"#0a84ff\", \"#fff\", \"#ffffff22\".", pattern: "^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")),
        ("period", string("An ISO 8601 period: P1W, P1M, P3M, P6M, P1Y.", pattern: "^P[1-9][0-9]*[DWMY]$")),
        ("asset", string("A file in the site's assets/ folder.", pattern: "^assets/.+")),
        ("price", map("Prices by App Store storefront (ISO 3166 alpha-3), as decimal strings: { USA: \"4.99\" }.",
                      keys: storefrontPattern, string("A decimal price with no currency sign: \"4.99\", \"7800\".", pattern: "^[0-9]+(\\.[0-9]+)?$"))),
        ("localizedText", object("Display name and description in one locale.", [
            ("displayName", string("The name shown to customers.")),
            ("description", string("One line under the name.")),
        ])),
        ("localizations", map("Texts by locale.", keys: localePattern, ref("localizedText"))),
        ("policyLink", .object([("description", .string("A URL, or { page: NAME.md } rendered from content/ as its own page.")),
                                ("anyOf", .array([ref("url"), object("A policy page.", [("page", string("A Markdown file in content/."))], required: ["page"]),
                                                  object("A policy's text (an imported EULA).", [("text", string("Markdown rendered as its own page."))], required: ["text"])]))])),
        ("policies", object("Terms of Service and Privacy Policy (App Store guideline 3.1.2).", [
            ("termsOfService", ref("policyLink")), ("privacyPolicy", ref("policyLink")),
        ])),
        ("offer", object("An offer: introductory, promotional or win-back.", [
            ("id", string("The offer ID (required for promotional and win-back offers).")),
            ("paymentMode", choice("freeTrial: nothing to pay; payAsYouGo: price each period for periodCount periods; payUpFront: price once for the whole period.",
                                   Offer.PaymentMode.allCases.map(\.rawValue))),
            ("period", ref("period")),
            ("periodCount", .object([("type", .string("integer")), ("minimum", .int(1)), ("description", .string("How many periods (payAsYouGo)."))])),
            ("price", ref("price")),
            ("billingPlan", choice("The billing plan it applies to (default upFront).", BillingPlan.allCases.map(\.rawValue))),
        ], required: ["paymentMode", "period"])),
    ])

    // MARK: Template vocabulary

    static func names(_ description: String, _ names: [(String, String)]) -> Value {
        .object([("type", .string("object")), ("description", .string(description)),
                 ("properties", .object(names.map { ($0.0, .object([("description", .string($0.1))])) }))])
    }

    /// What a template or a `{{placeholder}}` in marketing Markdown can name (not a file format: documentation).
    static let templateVocabulary = names("The names templates and marketing placeholders can use.", [
        ("title", "The page title."), ("lang", "The page's BCP 47 locale, for lang."), ("dir", "ltr or rtl."),
        ("locale", "The page's locale."), ("canonicalURL", "The page's absolute URL (with baseURL)."),
        ("alternates", "The page in every locale: hreflang, href (and x-default)."),
        ("languages", "The page in every locale, for a language switcher: locale, name (in its own language), href, isCurrent."),
        ("theme", "accentColor, accentForeground and colorScheme."),
        ("marketingHTML", "The rendered Markdown body (use {{{marketingHTML}}})."), ("hasH1", "The body has its own h1."),
        ("app", "name, icon, openURL and appStoreURL from paywall.yml."), ("carry", "The carry script (script, hash), or null."), ("app_name", "The app's name."),
        ("group", "id, displayName and description of the subscription group (a page without one: id null, the app's name)."),
        ("planNames", "The options' names as a list in the page's language."),
        ("controlStyle", "The page's control style."), ("isPicker", "A radio-group style."), ("isButtons", "One button per option."),
        ("isPaged", "A carousel style."), ("isBottomBar", "The purchase controls sit in a sticky bar."),
        ("options", "Every option, in display order (see option)."),
        ("products", "Options by product ID; dots nest: products.pro.yearly.price."),
        ("sections", "Option groups: key, label, index, isFirst, isOpen (the tab shown first), marketingHTML, name, options."),
        ("hasTabs", "Sections are tabs."), ("hasSharedPicker", "Sections share one picker."),
        ("groupLinks", "Links to the option groups' pages: label, href, isCurrent."),
        ("policies", "Policy links: kind, label, href."), ("storeButtons", "Store buttons: kind, label, href."),
        ("state", "The customer: name (new, current, lapsed), isNew, productID."),
        ("autoRenew", "The auto-renewal notice (worded by paywall.yml's billing, and for a commitment where an option shown is billed monthly); null where no subscription is shown."),
        ("autoRenewNotice", "The notice in parts, to link its account page: before, link (the words), href (actions.manageSubscription, or null), after."),
        ("t", "Every UI string of the page's language: t.subscribe …"),
        ("stylesheet", "The stylesheet's relative URL."), ("root", "The relative path to the site's root."),
        ("features", "The plan comparison, null without one: caption, isBefore, isAfter, columns (name, nameLang), rows (label, labelLang, cells: isValue, isIncluded, value, valueLang)."),
        ("titleLang", "lang and dir of the title when it fell back to another language, else null (also group.textLang, option textLang and badgeLang, section labelLang)."),
        ("option", "An option: id, index, kind (autoRenewable, nonRenewing, nonConsumable, consumable), isSubscription, isOneTime, displayName, description, icon, badge, isSelected, isCurrent, isPurchasable, relationship, familyShareable, familySharing, level, price, period, periodText, periodLabel, pricePerPeriod, pricePerPeriodSpoken, pricePerDay, pricePerWeek, pricePerMonth, pricePerYear (subscriptions only), equivalent, relativeDiscount, offer (kind, id, paymentMode, isFreeTrial, price, period, periodCount, duration, text, shortText), purchaseTerms (one-time products: One-time purchase, 1 year of access, does not renew), action (subscribe or purchase), actionLabel, buttonLines, accessibleLabel, renewal (a subscription's renewal terms, its offer first; a commitment's terms when billed monthly), purchaseSummary (the plan, its terms and renewal: the line under a picker's button), billingPlan (upFront or monthly), commitment (a monthly plan's: payments (12), paymentsText, total, totalText, period (P1Y), periodText, text: the payments and total as one phrase; null when billed up front), subscribeURL, purchaseURL, textLang and badgeLang (lang and dir of text that fell back to another language, else null), includedFeatures (label, labelLang, value, valueLang) and hasIncludedFeatures; and RevenueCat's product_name, price_per_period, price_per_period_full, total_price_and_per_month, sub_price_per_month, sub_price_per_week, sub_price_per_day, sub_relative_discount, sub_duration, sub_period, sub_offer_price, sub_offer_duration."),
    ])

    // MARK: Formats

    /// A one-time product's keys; `period` only for a non-renewing subscription.
    static func oneTimeProduct(_ description: String, period: Bool = false) -> Value {
        var properties: [(String, Value)] = [
            ("id", string("The product ID.")),
            ("referenceName", string("Internal name; the fallback display name.")),
        ]
        if period { properties.append(("period", ref("period", "How long the access lasts (optional): 1 year of access, does not renew."))) }
        properties += [
            ("price", ref("price")),
            ("familyShareable", .object([("type", .string("boolean")), ("description", .string("Shown as Family Sharing."))])),
            ("icon", ref("asset", "A decorative icon beside the option.")),
            ("localizations", ref("localizations")),
        ]
        return object(description, properties, required: ["id", "price"])
    }

    static let catalog = object("The product catalog: subscription groups, one-time products and app policies. It needs a group or a product.", [
        ("subscriptionGroups", list("Groups of subscriptions; a customer holds at most one subscription of a group.", object("A subscription group.", [
            ("id", string("The group's ID, named by a page's groupID.")),
            ("name", string("Reference name.")),
            ("localizations", ref("localizations")),
            ("subscriptions", list("The group's auto-renewable subscriptions.", object("A subscription.", [
                ("id", string("The product ID.")),
                ("referenceName", string("Internal name; the fallback display name.")),
                ("level", .object([("type", .string("integer")), ("minimum", .int(1)), ("description", .string("Level of service; 1 is the highest."))])),
                ("period", ref("period", "The billing period.")),
                ("price", ref("price")),
                ("familyShareable", .object([("type", .string("boolean")), ("description", .string("Shown as Family Sharing."))])),
                ("icon", ref("asset", "A decorative icon beside the option.")),
                ("introductoryOffer", .object([("description", .string("An offer, or a list of one per billing plan.")),
                                               ("anyOf", .array([ref("offer"), list("One per billing plan.", ref("offer"))]))])),
                ("promotionalOffers", list("Offers for existing and lapsed subscribers.", ref("offer"))),
                ("winBackOffers", list("Offers for lapsed subscribers.", ref("offer"))),
                ("billingPlans", object("P1Y only: 12 monthly payments with a 12-month commitment.", [
                    ("monthly", object("The monthly plan; the storefronts of price are where it exists (not USA or SGP).", [
                        ("price", ref("price", "Each monthly payment.")),
                        ("commitmentPrice", ref("price", "The total of the 12 payments, where it is not 12 × price.")),
                    ], required: ["price"])),
                ])),
                ("localizations", ref("localizations")),
            ], required: ["id", "level", "period", "price"]))),
        ], required: ["id", "subscriptions"]))),
        ("nonConsumables", list("Products bought once and kept: a Lifetime plan, an unlock.", oneTimeProduct("A non-consumable."))),
        ("nonRenewingSubscriptions", list("Access for a time, paid once; it does not renew.", oneTimeProduct("A non-renewing subscription.", period: true))),
        ("consumables", list("Products used up and bought again: credits, tips.", oneTimeProduct("A consumable."))),
        ("appPolicies", ref("policies")),
        ("storefront", string("The storefront whose prices locales show where paywall.yml maps none (an imported .storekit's).", pattern: storefrontPattern)),
        ("defaultLocale", ref("locale", "The default locale when paywall.yml names none (an imported .storekit's).")),
    ])

    static let page = object("A page's front matter: one SubscriptionStoreView.", [
        ("title", string("The page title (default: the group's display name).")),
        ("groupID", string("Every subscription of this group (its ID, or its reference name when no other group has it), ordered by level, then per-month price. A page with neither groupID nor productIDs is a plain page (a checkout's success page): its body, the app's Open and App Store links, the policy links.")),
        ("productIDs", oneOrMany("Exactly these products, in this order: subscriptions of one group and one-time products.", string("A product ID."))),
        ("additionalProductIDs", oneOrMany("With groupID: one-time products shown after the group's subscriptions, in this order.", string("A product ID."))),
        ("visibleRelationships", oneOrMany("What a subscriber sees (with groupID).", choice("A relationship.", Page.Relationship.allCases.map(\.rawValue)))),
        ("marketing", choice("automatic: app icon, group name and description; markdown: the page's body.", Page.Marketing.allCases.map(\.rawValue))),
        ("controlStyle", choice("How the options are shown.", Page.ControlStyle.allCases.map(\.rawValue))),
        ("controlPlacement", choice("Where the purchase controls sit.", Page.ControlPlacement.allCases.map(\.rawValue))),
        ("buttonLabel", oneOrMany("What the purchase button says.", choice("A part.", Page.ButtonLabel.allCases.map(\.rawValue)))),
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
        ("policies", object("Policy links for this page (over paywall.yml and the catalog).", [
            ("termsOfService", ref("policyLink")), ("privacyPolicy", ref("policyLink")),
            ("foregroundStyle", oneOrMany("Primary and secondary colours of the policy links.", ref("color"))),
        ])),
        ("storeButtons", object("Store buttons: automatic follows StoreKit's defaults.",
                                Page.StoreButton.allCases.map { ($0.rawValue, choice("Visibility.", Page.Visibility.allCases.map(\.rawValue))) })),
        ("optionGroups", object("Options in groups (SubscriptionOptionGroup).", [
            ("style", choice("tabs, links (a page per group), sections or automatic.", Page.OptionGroups.Style.allCases.map(\.rawValue))),
            ("groupBy", choice("Group by period, family sharing or level.", Page.OptionGroups.GroupBy.allCases.map(\.rawValue))),
            ("groups", list("Explicit groups.", object("A group of options.", [
                ("label", string("The group's label.")),
                ("productIDs", oneOrMany("Its products.", string("A product ID."))),
                ("marketing", string("Markdown shown above the group.")),
                ("billingPlan", choice("The billing plan of this group's options (default: the page's).", BillingPlan.allCases.map(\.rawValue))),
            ], required: ["label", "productIDs"]))),
        ])),
        ("offer", object("Offers for subscribers.", [("promotional", string("A promotional offer ID to show where it applies."))])),
        ("billingPlan", choice("upFront (default) or monthly: 12 monthly payments where the storefront has the plan (preferredSubscriptionPricingTerms).",
                               BillingPlan.allCases.map(\.rawValue))),
        ("features", .object([
            ("description", .string("A plan comparison table: a row per feature; the columns are the page's service levels (groupID, named as optionGroups groupBy: level names them) or its products (productIDs). In a translation (NAME.LOCALE.md), only labels.")),
            ("anyOf", .array([
                object("The comparison (in the base file).", [
                    ("placement", choice("Before or after the options (default afterOptions).", Page.Features.Placement.allCases.map(\.rawValue))),
                    ("rows", list("The features, top to bottom.", object("One feature: its label and exactly one of levels, products or values.", [
                        ("label", string("The feature's name; translated in NAME.LOCALE.md under features.labels.")),
                        ("levels", oneOrMany("groupID page: the levels that include it (1 is the highest).",
                                             .object([("type", .string("integer")), ("minimum", .int(1))]))),
                        ("products", oneOrMany("productIDs page: the products that include it.", string("A product ID on the page."))),
                        ("values", map("The text each column shows, keyed by level (groupID) or product ID; a column without one is not included.",
                                       keys: ".+", string("The text: Unlimited, \"10\"."))),
                    ], required: ["label"]))),
                ], required: ["rows"]),
                object("A translation's features: the base file's texts in this language.", [
                    ("labels", map("The base file's label or value → this language's.", keys: ".+", string("The translation."))),
                ], required: ["labels"]),
            ])),
        ])),
    ])

    static let site = object("The site's settings.", [
        ("baseURL", string("Absolute https URL of the output, for canonical and hreflang links.", pattern: "^https://")),
        ("catalog", string("The catalog file: YAML, JSON or an Xcode .storekit file (default catalog.yml).")),
        ("defaultLocale", ref("locale", "The page when no translation matches.")),
        ("locales", list("Locales to build (default: every locale the catalog localizes).", ref("locale"))),
        ("storefronts", map("Which storefront's prices each locale shows; 'default' for the rest.", keys: "^(default|[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*)$",
                            string("An App Store storefront (ISO 3166 alpha-3).", pattern: "^[A-Za-z]{3}$"))),
        ("app", app),
        ("actions", actions),
        ("policies", ref("policies")),
        ("theme", object("Colours.", [
            ("accentColor", ref("color")),
            ("accentForeground", ref("color", "Text on the accent (default: white or near-black, whichever contrasts more).")),
            ("colorScheme", choice("light, dark or automatic.", SiteConfig.ColorScheme.allCases.map(\.rawValue))),
        ])),
        ("allowRawHTML", .object([("type", .string("boolean")), ("description", .string("Keep raw HTML in Markdown (default false)."))])),
        ("hosting", list("Hosts whose own files the build writes at the output root (default none): netlify and cloudflare-pages "
                         + "get _redirects (language redirects, the manifest refused) and _headers (CSP, nosniff, caching); "
                         + "github-pages gets .nojekyll. netlify and cloudflare-pages exclude each other.",
                         choice("A host.", Hosting.allCases.map(\.rawValue)))),
        ("billing", choice("Who bills the subscriptions, for the renewal wording: web (a web checkout, the default) or appStore.",
                           SiteConfig.Billing.allCases.map(\.rawValue))),
    ])
}
