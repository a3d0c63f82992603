/// The files `paywall init` writes: a site that builds and passes `check` as it is.
enum Scaffold {
    /// The scaffold's `baseURL`.
    static let baseURL = "https://example.com/subscribe/"

    static let files: [(path: String, text: String)] = [
        ("paywall.yml", """
            # Site settings. `paywall schema site` prints every key for your editor.
            baseURL: \(baseURL)      # where public/ will be served (canonical and hreflang links)
            catalog: catalog.yml                         # or an Xcode .storekit file
            defaultLocale: en-US
            locales: [en-US]                             # add de-DE, ja-JP … with their text in the catalog
            storefronts: { default: USA }                # which App Store prices each locale shows
            app:
              name: My App
              icon: assets/icon.svg
              openURL: https://example.com/app/open      # the welcome page's Open button: a universal link or myapp://
              appStoreURL: https://apps.apple.com/app/id123456789
              # redeem: { parameter: redeem_url, prefixes: ["myapp://"] }  # Open takes the checkout's redemption link
            actions:                                     # where buttons go; {productID} {locale} {offerID} \
            {offerType} {billingPlan} expand
              subscribe: https://example.com/checkout?product={productID}&locale={locale}&offer={offerType}
              # or a link per product: subscribe: { premium.yearly: https://buy.stripe.com/…, default: https://… }
              # carry: [app_user_id, utm_source]         # copy these from the page's URL into purchase links
              restorePurchases: https://example.com/account
              manageSubscription: https://example.com/account  # a subscriber's account page (change or cancel)
            policies:                                    # required by App Store guideline 3.1.2
              termsOfService: https://example.com/terms
              privacyPolicy: https://example.com/privacy
            theme: { accentColor: "#0066cc", colorScheme: automatic }

            """),
        ("catalog.yml", """
            # The catalog: subscription groups, as in App Store Connect. `paywall schema catalog` describes it.
            subscriptionGroups:
              - id: myapp.premium
                name: Premium
                localizations:
                  en-US: { displayName: My App Premium, description: "Everything, everywhere." }
                subscriptions:
                  - id: premium.yearly
                    referenceName: Premium Yearly
                    level: 1                                  # 1 is the highest level of service
                    period: P1Y
                    price: { USA: "39.99" }                   # decimal strings by storefront
                    introductoryOffer: { paymentMode: freeTrial, period: P1W }
                    localizations:
                      en-US: { displayName: Premium Yearly, description: "The best value." }
                  - id: premium.monthly
                    referenceName: Premium Monthly
                    level: 1
                    period: P1M
                    price: { USA: "4.99" }
                    localizations:
                      en-US: { displayName: Premium Monthly, description: "Cancel anytime." }
                  - id: basic.monthly
                    referenceName: Basic Monthly
                    level: 2
                    period: P1M
                    price: { USA: "1.99" }
                    localizations:
                      en-US: { displayName: Basic Monthly, description: "The essentials." }
            # One-time products sit beside the groups: nonConsumables (a Lifetime plan), nonRenewingSubscriptions
            # (with an optional period) and consumables, each with id, referenceName, price and localizations.

            """),
        ("content/premium.md", """
            ---
            # Each content/NAME.md is one page, written to public/LOCALE/NAME/. Translations: NAME.de.md.
            title: My App Premium
            # Which options: every subscription of a group (ordered by level, then price) …
            groupID: myapp.premium
            # … then these one-time products after them:
            # additionalProductIDs: [lifetime]
            # … or exactly these, in this order (subscriptions of one group and one-time products):
            # productIDs: [premium.yearly, premium.monthly]
            # picker | buttons | compactPicker | prominentPicker | pagedPicker | pagedProminentPicker | automatic
            controlStyle: automatic
            # The option chosen when the page opens (default: the first).
            selected: premium.yearly
            # Small capsules beside options.
            badges: { premium.yearly: Best value }
            # For subscribers: write current/ID/ pages showing only these relationships.
            # visibleRelationships: [upgrade, current]
            # Store buttons: automatic | visible | hidden (restore purchases needs actions.restorePurchases).
            storeButtons: { restorePurchases: visible }
            # A plan comparison after the options: a column per level (1 is the highest), a row per feature.
            # features:
            #   rows:
            #     - { label: Unlimited projects, levels: [1, 2] }
            #     - { label: Sync across devices, levels: [1] }
            ---
            # Do more with Premium

            Your marketing copy, in Markdown. Prices come from the catalog, never typed by hand:
            Premium is only **{{products.premium.yearly.pricePerMonth}}** a month, billed yearly.

            - Unlimited projects
            - Sync across devices

            """),
        ("content/welcome.md", """
            ---
            # A plain page: no groupID or productIDs, so no options; the app's Open button and App Store link.
            # Point your checkout's success URL here: BASEURL/en-US/welcome/ (a Stripe Payment Link's
            # "After payment" redirect, Stripe Checkout's success_url, Paddle's success URL).
            title: Welcome to My App
            ---
            # You're all set

            Thank you for subscribing. Open {{app.name}} to start, or get it from the App Store on a new device.

            """),
        ("assets/icon.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">\
            <rect width="120" height="120" rx="26" fill="#0066cc"/>\
            <path d="M60 26l10 22 24 3-18 16 5 24-21-12-21 12 5-24-18-16 24-3z" fill="#fff"/></svg>

            """),
    ]
}
