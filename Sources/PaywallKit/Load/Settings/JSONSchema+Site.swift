/// The schema of paywall.yml (`paywall schema site`); its `app` and `actions` are in JSONSchema+Actions.
extension JSONSchema {
    static let site = object("The site's settings.", [
        ("baseURL",
         string("Absolute https URL of the output, for canonical and hreflang links.", pattern: "^https://")),
        ("catalog", string("The catalog file: YAML, JSON or an Xcode .storekit file (default catalog.yml).")),
        ("defaultLocale", ref("locale", "The page when no translation matches.")),
        ("locales", list("Locales to build (default: every locale the catalog localizes).", ref("locale"))),
        ("storefronts",
         map("Which storefront's prices each locale shows; 'default' for the rest.",
             keys: "^(default|[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*)$",
                            string("An App Store storefront (ISO 3166 alpha-3).", pattern: "^[A-Za-z]{3}$"))),
        ("app", app),
        ("actions", actions),
        ("policies", ref("policies")),
        ("theme", object("Colours.", [
            ("accentColor", ref("color")),
            ("accentForeground",
             ref("color", "Text on the accent (default: white or near-black, whichever contrasts more).")),
            ("colorScheme", choice("light, dark or automatic.", SiteConfig.ColorScheme.allCases.map(\.rawValue))),
        ])),
        ("allowRawHTML",
         .object([("type", .string("boolean")),
                  ("description", .string("Keep raw HTML in Markdown (default false)."))])),
        ("hosting",
         list("Hosts whose own files the build writes at the output root (default none): netlify and "
              + "cloudflare-pages get _redirects (language redirects, the manifest refused) and _headers (CSP, "
              + "nosniff, caching); github-pages gets .nojekyll. netlify and cloudflare-pages exclude each other.",
              choice("A host.", Hosting.allCases.map(\.rawValue)))),
        ("billing",
         choice("Who bills the subscriptions, for the renewal wording: web (a web checkout, the default) or appStore.",
                           SiteConfig.Billing.allCases.map(\.rawValue))),
        ("taxes",
         map("Whether each storefront's prices include tax, said below them: included (\"Prices include VAT\"), "
             + "excluded (\"Plus applicable tax\") or none; by storefront, or default (default: excluded in USA and "
             + "CAN, included elsewhere, as the App Store prices them).",
             keys: "^(default|[A-Za-z]{3})$",
             choice("included, excluded or none.", TaxDisplay.allCases.map(\.rawValue)))),
        ("home",
         string("The page (a content file's name) that / and each LOCALE/ open (default: each locale's first "
                + "store page by name).")),
        ("experiments", experiments),
    ])
}
