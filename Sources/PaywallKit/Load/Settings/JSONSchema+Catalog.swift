/// The schema of the catalog (`paywall schema catalog`).
extension JSONSchema {
    /// A one-time product's keys; `period` only for a non-renewing subscription.
    static func oneTimeProduct(_ description: String, period: Bool = false) -> Value {
        var properties: [(String, Value)] = [
            ("id", string("The product ID.")),
            ("referenceName", string("Internal name; the fallback display name.")),
        ]
        if period {
            properties.append(("period",
                               ref("period",
                                   "How long the access lasts (optional): 1 year of access, does not renew.")))
        }
        properties += [
            ("price", ref("price")),
            ("familyShareable",
             .object([("type", .string("boolean")), ("description", .string("Shown as Family Sharing."))])),
            ("icon", ref("asset", "A decorative icon beside the option.")),
            ("localizations", ref("localizations")),
        ]
        return object(description, properties, required: ["id", "price"])
    }

    static let catalog = object("The product catalog: subscription groups, one-time products and app policies. "
                                + "It needs a group or a product.", [
        ("subscriptionGroups",
         list("Groups of subscriptions; a customer holds at most one subscription of a group.",
              object("A subscription group.", [
            ("id", string("The group's ID, named by a page's groupID.")),
            ("name", string("Reference name.")),
            ("localizations", ref("localizations")),
            ("subscriptions", list("The group's auto-renewable subscriptions.", object("A subscription.", [
                ("id", string("The product ID.")),
                ("referenceName", string("Internal name; the fallback display name.")),
                ("level",
                 .object([("type", .string("integer")), ("minimum", .int(1)),
                          ("description", .string("Level of service; 1 is the highest."))])),
                ("period", ref("period", "The billing period.")),
                ("price", ref("price")),
                ("familyShareable",
                 .object([("type", .string("boolean")), ("description", .string("Shown as Family Sharing."))])),
                ("icon", ref("asset", "A decorative icon beside the option.")),
                ("introductoryOffer", .object([("description", .string("An offer, or a list of one per billing plan.")),
                                               ("anyOf",
                                                .array([ref("offer"), list("One per billing plan.", ref("offer"))]))])),
                ("promotionalOffers", list("Offers for existing and lapsed subscribers.", ref("offer"))),
                ("winBackOffers", list("Offers for lapsed subscribers.", ref("offer"))),
                ("billingPlans", object("P1Y only: 12 monthly payments with a 12-month commitment.", [
                    ("monthly",
                     object("The monthly plan; the storefronts of price are where it exists (not USA or SGP).", [
                        ("price", ref("price", "Each monthly payment.")),
                        ("commitmentPrice", ref("price", "The total of the 12 payments, where it is not 12 × price.")),
                    ], required: ["price"])),
                ])),
                ("localizations", ref("localizations")),
            ], required: ["id", "level", "period", "price"]))),
        ], required: ["id", "subscriptions"]))),
        ("nonConsumables",
         list("Products bought once and kept: a Lifetime plan, an unlock.", oneTimeProduct("A non-consumable."))),
        ("nonRenewingSubscriptions",
         list("Access for a time, paid once; it does not renew.",
              oneTimeProduct("A non-renewing subscription.", period: true))),
        ("consumables", list("Products used up and bought again: credits, tips.", oneTimeProduct("A consumable."))),
        ("appPolicies", ref("policies")),
        ("storefront",
         string("The storefront whose prices locales show where paywall.yml maps none (an imported .storekit's).",
                pattern: storefrontPattern)),
        ("defaultLocale", ref("locale", "The default locale when paywall.yml names none (an imported .storekit's).")),
    ])
}
