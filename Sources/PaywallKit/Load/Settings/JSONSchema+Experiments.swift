/// The schema of `experiments.json` (`paywall schema experiments`), which a build writes at the output root when
/// paywall.yml has `experiments:`, and of that key itself.
extension JSONSchema {
    static let experimentsFile = object("How the hosts assign a visitor to an experiment's variant, for an app to do "
                                        + "the same: the variant whose [from, to) holds the hash of key + unit.", [
        ("generator", string("paywall.")),
        ("hash", object("The hash: nginx's ngx_murmur_hash2 (MurmurHash2, 32 bits, seed 0), as split_clients "
                        + "computes it, over the UTF-8 bytes of the experiment's key followed by the unit.", [
            ("function", choice("The hash function.", ["murmurhash2"])), ("bits", integer("32.")),
            ("seed", integer("0.")), ("as", string("Which implementation it is.")),
            ("input", string("What is hashed.")), ("assign", string("How the hash chooses a variant.")),
        ], required: ["function", "bits", "seed"])),
        ("cookie", string("The cookie that names a visitor without a unit (set once by the host to a random ID).")),
        ("unitValue", string("How the unit's value is read: the query parameter as the URL writes it.")),
        ("experiments", list("Every experiment, in paywall.yml's order.", object("One experiment.", [
            ("id", string("Its ID.", pattern: "^[A-Za-z0-9][A-Za-z0-9-]*$")),
            ("page", string("The tested page (content/PAGE.md, the control).")),
            ("unit", nullable(string("The query parameter naming a visitor (an app user ID); null: the cookie alone.",
                                     pattern: "^[A-Za-z0-9_]+$"))),
            ("key", string("What the unit is appended to before hashing: EXPERIMENT_ID followed by ':'.")),
            ("variants", list("The variants in order, then the holdout when the weights sum under 100; their "
                              + "ranges cover 0 to 2^32 without overlap.", object("One variant.", [
                ("name", string("control, a variant's name, or holdout.")),
                ("holdout", .object([
                    ("type", .string("boolean")),
                    ("description", .string("The visitors no variant takes: they see the control.")),
                ])),
                ("weight", .object([("type", .string("number")), ("minimum", .int(0)), ("maximum", .int(100)),
                                    ("description", .string("Its share in percent."))])),
                ("from", integer("The first hash it takes.")),
                ("to", integer("The first hash it does not take (4294967296 for the last).")),
                ("page", string("The page its visitors see: PAGE+VARIANT, or PAGE for the control and the holdout.")),
                ("paths", map("Its page's folder in each locale (below the output root, as baseURL + path).",
                              keys: localePattern, string("en-US/pro+annual/."))),
                ("pages", map("Every page of it in each locale (customer states too), its page first.",
                              keys: localePattern, list("Folders.", string("A folder below the output root."))))
            ], required: ["name", "holdout", "weight", "from", "to", "page", "paths", "pages"]))),
        ], required: ["id", "page", "unit", "key", "variants"]))),
    ], required: ["generator", "hash", "cookie", "experiments"])

    /// paywall.yml's `experiments:`.
    static let experiments = list("Static A/B tests: each visitor of a page's address is led to a variant by "
                                  + "hashing EXPERIMENT_ID:UNIT as nginx's split_clients does (experiments.json).",
                                  object("One experiment.", [
        ("id", string("Letters, digits and '-'.", pattern: "^[A-Za-z0-9][A-Za-z0-9-]{0,63}$")),
        ("page", string("The tested page: content/PAGE.md is the variant control.")),
        ("variants", map("Each variant's share in percent (up to two decimals), in order; control is the page itself, "
                         + "any other NAME is content/PAGE+NAME.md; a total under 100 leaves a holdout that sees "
                         + "the control.", keys: "^[A-Za-z][A-Za-z0-9_-]{0,39}$",
                         .object([("type", .string("number")), ("minimum", .int(0)), ("maximum", .int(100))]))),
        ("unit", string("The query parameter that names a visitor (such as app_user_id); else the pw_visitor "
                        + "cookie.", pattern: "^[A-Za-z0-9_]+$")),
    ], required: ["id", "page", "variants"], additional: .bool(false)))

    static func integer(_ description: String) -> Value {
        .object([("type", .string("integer")), ("description", .string(description))])
    }
}
