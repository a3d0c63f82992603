/// The schema of `offers.json` (`paywall schema offers`), the data copy of what every store page sells that a build
/// writes at the output root.
extension JSONSchema {
    static let offers = object("What every store page sells, in its words and as numbers: the page's own texts.", [
        ("generator", string("paywall.")),
        ("pages", list("Every store page and customer-state page, by path.", offersPage)),
    ], required: ["generator", "pages"])

    static let offersPage = object("One page.", [
        ("path", string("The page's folder below the output root: en-US/pro/, en-US/pro/current/pro.monthly/.")),
        ("page", string("The content file's name.")),
        ("locale", ref("locale")),
        ("storefront", string("The App Store storefront whose prices it shows.", pattern: storefrontPattern)),
        ("currency", string("ISO 4217.", pattern: "^[A-Z]{3}$")),
        ("state", choice("Who the page is for.", ["new", "current", "lapsed"])),
        ("productID", nullable(string("The subscriber's product (current, lapsed); null for new."))),
        ("options", list("The options the page shows, in its order.", offersOption)),
    ], required: ["path", "page", "locale", "storefront", "currency", "state", "productID", "options"])

    static let offersOption = object("One option, as the page shows it.", [
        ("product", string("The product ID.")),
        ("index", .object([("type", .string("integer")), ("minimum", .int(0)),
                           ("description", .string("Its place among the page's options (data-index)."))])),
        ("kind", choice("The product type.", Product.Kind.allCases.map(\.rawValue))),
        ("displayName", string("Its name on the page.")),
        ("price", string("The billed price as the page writes it (\"$49.99\", \"Free\").")),
        ("amount", decimal("The billed price: each payment of a monthly plan.")),
        ("currency", string("ISO 4217.", pattern: "^[A-Z]{3}$")),
        ("period", nullable(ref("period", "The subscription period; null for a one-time product."))),
        ("billingPeriod", nullable(ref("period", "How often the price is charged (P1M on a monthly plan)."))),
        ("billed", string("The billed price and period as the page writes it: \"$49.99/year\".")),
        ("billingPlan", nullable(choice("upFront or monthly; null for a one-time product.",
                                        BillingPlan.allCases.map(\.rawValue)))),
        ("pricePerMonth", nullable(string("The per-month price (rounded down as the App Store does)."))),
        ("equivalent", nullable(string("The smaller price beside the billed one: \"$4.16/month\"."))),
        ("discount", nullable(string("The saving as the page writes it: \"Save 37%\"."))),
        ("discountPercent", nullable(.object([("type", .string("integer")), ("minimum", .int(1))]))),
        ("offer", nullable(object("The offer this customer is shown.", [
            ("kind", choice("The offer type.", Offer.Kind.allCases.map(\.rawValue))),
            ("id", nullable(string("The offer ID."))),
            ("paymentMode", choice("How it is paid.", Offer.PaymentMode.allCases.map(\.rawValue))),
            ("price", string("Its price as the page writes it.")), ("amount", decimal("Its price.")),
            ("period", ref("period")), ("periodCount", .object([("type", .string("integer"))])),
            ("duration", string("How long it lasts, in words.")),
            ("text", string("The offer and the price after it, as the page writes them.")),
        ], required: ["kind", "paymentMode", "price", "amount", "period", "periodCount", "text"]))),
        ("commitment", nullable(object("A monthly plan's commitment.", [
            ("payments", .object([("type", .string("integer"))])), ("total", string("The total, in words.")),
            ("totalAmount", decimal("The total.")), ("period", ref("period")),
        ], required: ["payments", "total", "totalAmount", "period"]))),
        ("isCurrent", .object([("type", .string("boolean")), ("description", .string("The subscriber's plan."))])),
        ("purchaseURL", nullable(ref("url", "Where its button goes; null for the current plan."))),
    ], required: ["product", "index", "kind", "price", "amount", "currency", "billed", "offer", "isCurrent",
                  "purchaseURL"])

    static func decimal(_ description: String) -> Value {
        string(description + " A decimal string: \"49.99\", \"7800\".", pattern: "^[0-9]+(\\.[0-9]+)?$")
    }

    static func nullable(_ value: Value) -> Value {
        .object([("anyOf", .array([value, .object([("type", .string("null"))])]))])
    }
}
