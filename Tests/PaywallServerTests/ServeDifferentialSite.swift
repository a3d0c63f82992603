import Foundation

/// The site `ServeDifferentialTests` serves, and the script of edits it applies to it: every kind of input a user
/// edits while `paywall serve` runs, each one file written or removed.
enum DifferentialSite {
    static let config = """
        baseURL: https://example.com/subscribe/
        catalog: catalog.yml
        defaultLocale: en-US
        locales: [en-US, de-DE, fr-FR, en-GB]
        storefronts: { default: USA, de-DE: DEU, fr-FR: FRA }
        app: { name: Birdwatch, icon: assets/icon.svg }
        actions:
          subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}&offer={offerID}
          changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}&offer={offerID}
          restorePurchases: https://example.com/restore
        policies:
          termsOfService: { page: terms.md }
          privacyPolicy: https://example.com/privacy
        theme: { accentColor: "#0b6e4f" }

        """

    static let catalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            localizations:
              en-US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." }
              de-DE: { displayName: Birdwatch Pro, description: "Jeder Vogel, überall." }
              fr-FR: { displayName: Birdwatch Pro, description: "Chaque oiseau, partout." }
            subscriptions:
              - id: pro.yearly
                level: 1
                period: P1Y
                price: { USA: "49.99", DEU: "54.99", FRA: "54.99" }
                introductoryOffer: { paymentMode: freeTrial, period: P1W }
                winBackOffers:
                  - { id: back, paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: { USA: "2.99", DEU: "2.99", FRA: "2.99" } }
                localizations:
                  en-US: { displayName: Yearly, description: Billed every year. }
                  de-DE: { displayName: Jährlich, description: Jährlich berechnet. }
                  fr-FR: { displayName: Annuel, description: Facturé chaque année. }
              - id: pro.monthly
                level: 1
                period: P1M
                price: { USA: "4.99", DEU: "5.49", FRA: "5.49" }
                localizations:
                  en-US: { displayName: Monthly, description: Billed every month. }
                  de-DE: { displayName: Monatlich, description: Monatlich berechnet. }
                  fr-FR: { displayName: Mensuel, description: Facturé chaque mois. }
              - id: lite.monthly
                level: 2
                period: P1M
                price: { USA: "1.99", DEU: "2.29", FRA: "2.29" }
                localizations:
                  en-US: { displayName: Lite, description: The essentials. }
                  de-DE: { displayName: Lite, description: Das Wichtigste. }
                  fr-FR: { displayName: Lite, description: L’essentiel. }

        """

    /// The same group as an Xcode StoreKit file (its own storefront, USA), other storefronts' prices in prices.yml.
    static let storekit = """
        { "identifier": "B1", "products": [], "settings": { "_storefront": "USA", "_locale": "en_US" },
          "version": { "major": 3, "minor": 0 },
          "subscriptionGroups": [ { "id": "birdwatch.pro", "name": "Birdwatch Pro",
            "localizations": [ { "locale": "en_US", "displayName": "Birdwatch Pro", "description": "Every bird, everywhere." } ],
            "subscriptions": [
              { "productID": "pro.yearly", "referenceName": "Pro Yearly", "groupNumber": 1, "recurringSubscriptionPeriod": "P1Y",
                "displayPrice": "44.99", "familyShareable": false, "type": "RecurringSubscription", "internalID": "1",
                "localizations": [ { "locale": "en_US", "displayName": "Yearly", "description": "Billed every year." } ] },
              { "productID": "pro.monthly", "referenceName": "Pro Monthly", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M",
                "displayPrice": "4.49", "familyShareable": false, "type": "RecurringSubscription", "internalID": "2",
                "localizations": [ { "locale": "en_US", "displayName": "Monthly", "description": "Billed every month." } ] },
              { "productID": "lite.monthly", "referenceName": "Lite", "groupNumber": 2, "recurringSubscriptionPeriod": "P1M",
                "displayPrice": "1.99", "familyShareable": false, "type": "RecurringSubscription", "internalID": "3",
                "localizations": [ { "locale": "en_US", "displayName": "Lite", "description": "The essentials." } ] } ] } ] }

        """

    static let prices = """
        pro.yearly: { DEU: "49.99", FRA: "49.99" }
        pro.monthly: { DEU: "4.99", FRA: "4.99" }
        lite.monthly: { DEU: "1.99", FRA: "1.99" }

        """

    /// The store page; `states`: whether it has customer-state pages (current/ID/, lapsed/ID/).
    static func pro(_ body: String, extra: String = "", states: Bool = true) -> String {
        """
        ---
        title: Birdwatch Pro
        groupID: birdwatch.pro
        \(states ? "visibleRelationships: [upgrade, current]\n" : "")\(extra)---
        # Hear every bird

        \(body) Only {{products.pro.yearly.pricePerMonth}} a month, billed yearly.

        """
    }

    static func translation(_ heading: String) -> String { "---\ntitle: Birdwatch Pro\n---\n# \(heading)\n\nNur {{products.pro.yearly.pricePerMonth}} im Monat.\n" }

    static let plans = "---\ntitle: Plans\nproductIDs: [pro.monthly, pro.yearly]\ncontrolStyle: buttons\n---\nTwo ways to pay.\n"

    static func marketing(_ heading: String) -> String {
        "<header class=\"marketing\">\n<p class=\"kicker\">\(heading)</p>\n{{^hasH1}}<h1>{{title}}</h1>{{/hasH1}}\n<div class=\"prose\">\n{{{marketingHTML}}}\n</div>\n</header>\n"
    }

    static func icon(_ fill: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><circle cx=\"8\" cy=\"8\" r=\"7\" fill=\"\(fill)\"/></svg>\n"
    }

    /// Relative path → text: the site before the first edit.
    static let files: [String: String] = [
        "paywall.yml": config,
        "catalog.yml": catalog,
        "Products.storekit": storekit,
        "prices.yml": prices,
        "content/pro.md": pro("Identify every bird you hear."),
        "content/pro.de.md": translation("Höre jeden Vogel"),
        "content/plans.md": plans,
        "content/thanks.md": "---\ntitle: Thank you\n---\nWelcome aboard.\n",
        "content/terms.md": "---\ntitle: Terms of Service\n---\nBe kind to birds.\n",
        "templates/partials/marketing.mustache": marketing("New"),
        "templates/strings/en.json": "{ \"subscribe\": \"Start birding\" }\n",
        "assets/icon.svg": icon("#0b6e4f"),
        "static/robots.txt": "User-agent: *\nAllow: /\n",
    ]

    /// One step of the script: a file written (text) or removed (nil), whether the build after it succeeds, and
    /// (where the step is there to exercise keeping) which pages the rebuild renders.
    struct Edit {
        var name: String
        var path: String
        var text: String?
        var succeeds = true
        var renders = Renders.any

        enum Renders: Equatable {
            /// Not checked.
            case any
            /// Every page (`renderedPages` nil).
            case whole
            /// These pages; the others are kept.
            case only([String])
        }
    }

    static let thanks = "---\ntitle: Thank you\n---\nWelcome aboard, birder.\n"

    static func replacing(_ text: String, _ old: String, _ new: String) -> String {
        precondition(text.contains(old), "the fixture has no '\(old)'")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Each edit applies to the site as the previous ones left it.
    static let edits: [Edit] = {
        var catalog = Self.catalog, config = Self.config, storekit = Self.storekit
        func change(_ text: inout String, _ old: String, _ new: String) -> String { text = replacing(text, old, new); return text }
        let styled = "badges: { pro.yearly: Best value }\nbackground: { color: \"#0b1d3a\" }\n"
        return [
            Edit(name: "page body", path: "content/pro.md", text: pro("Name every bird you hear.")),
            Edit(name: "page front matter", path: "content/pro.md", text: pro("Name every bird you hear.", extra: "badges: { pro.yearly: Best value }\n")),
            Edit(name: "page front matter that changes the stylesheet", path: "content/pro.md", text: pro("Name every bird you hear.", extra: styled)),
            Edit(name: "page front matter that removes its customer states", path: "content/pro.md",
                 text: pro("Name every bird you hear.", extra: styled, states: false)),
            Edit(name: "plain page body", path: "content/thanks.md", text: thanks, renders: .only(["thanks"])),
            // Back to a text it had two builds ago: the spare folder holds that page's file from then.
            Edit(name: "plain page body back to its earlier text", path: "content/thanks.md", text: Self.files["content/thanks.md"],
                 renders: .only(["thanks"])),
            Edit(name: "plain page body again", path: "content/thanks.md", text: thanks, renders: .only(["thanks"])),
            Edit(name: "policy page body", path: "content/terms.md", text: "---\ntitle: Terms of Service\n---\nBe kinder to birds.\n",
                 renders: .only([])),
            // en-GB reads thanks.md too, and says it is untranslated only once the page has a translation.
            Edit(name: "translation of a plain page added", path: "content/thanks.de.md", text: "---\ntitle: Danke\n---\nWillkommen.\n",
                 renders: .only(["thanks"])),
            Edit(name: "translation edited", path: "content/pro.de.md", text: translation("Erkenne jeden Vogel")),
            Edit(name: "translation added", path: "content/pro.fr.md", text: "---\ntitle: Birdwatch Pro\n---\n# Chaque oiseau\n\nÉcoutez.\n"),
            Edit(name: "translation removed", path: "content/pro.de.md", text: nil),
            Edit(name: "catalog price", path: "catalog.yml", text: change(&catalog, "USA: \"49.99\"", "USA: \"39.99\"")),
            Edit(name: "catalog display name", path: "catalog.yml", text: change(&catalog, "displayName: Yearly", "displayName: Annual")),
            Edit(name: "strings file", path: "templates/strings/en.json", text: "{ \"subscribe\": \"Join the flock\" }\n"),
            Edit(name: "strings file added", path: "templates/strings/fr.json", text: "{ \"subscribe\": \"Rejoindre\" }\n"),
            Edit(name: "theme partial", path: "templates/partials/marketing.mustache", text: marketing("Fresh")),
            Edit(name: "paywall.yml accent colour", path: "paywall.yml", text: change(&config, "#0b6e4f", "#a02040")),
            Edit(name: "paywall.yml locale removed", path: "paywall.yml", text: change(&config, "[en-US, de-DE, fr-FR, en-GB]", "[en-US, fr-FR, en-GB]")),
            Edit(name: "asset edited", path: "assets/icon.svg", text: icon("#a02040"), renders: .only([])),
            Edit(name: "static file", path: "static/robots.txt", text: "User-agent: *\nDisallow: /\n", renders: .only([])),
            Edit(name: "page added", path: "content/extra.md", text: "---\ntitle: Extra\ngroupID: birdwatch.pro\n---\nMore birds.\n"),
            // The locale choosers and the locale-less addresses name each page by its title.
            Edit(name: "page title", path: "content/plans.md", text: plans.replacingOccurrences(of: "title: Plans", with: "title: Pricing")),
            Edit(name: "plain page title", path: "content/thanks.md", text: "---\ntitle: Thanks\n---\nWelcome aboard, birder.\n"),
            Edit(name: "page removed", path: "content/plans.md", text: nil),
            // The fix keeps the stylesheet, so that the rebuild after it keeps the other pages (and must not keep them stale).
            Edit(name: "page broken", path: "content/pro.md", text: pro("Broken.", extra: styled + "colour: red\n"), succeeds: false),
            Edit(name: "catalog price while the page is broken", path: "catalog.yml", text: change(&catalog, "USA: \"1.99\"", "USA: \"2.49\""),
                 succeeds: false),
            Edit(name: "page fixed", path: "content/pro.md", text: pro("Fixed.", extra: styled), renders: .whole),
            // Edits made while the build fails are not in the output: the good build after renders them, whatever it
            // recorded of the failed builds in between.
            Edit(name: "page broken again", path: "content/pro.md", text: pro("Broken.", extra: styled + "colour: red\n"), succeeds: false),
            Edit(name: "plain page body while a page is broken", path: "content/thanks.md",
                 text: "---\ntitle: Thanks\n---\nWelcome aboard, fellow birder.\n", succeeds: false),
            Edit(name: "page fixed again", path: "content/pro.md", text: pro("Fixed again.", extra: styled), renders: .only(["pro", "thanks"])),
            // A → B → A while broken, for both pages: the output holds A of each, so every page is kept.
            Edit(name: "page broken a third time", path: "content/pro.md", text: pro("Broken.", extra: styled + "colour: red\n"), succeeds: false),
            Edit(name: "plain page body edited while a page is broken", path: "content/thanks.md",
                 text: "---\ntitle: Thanks\n---\nWelcome aboard, dear birder.\n", succeeds: false),
            Edit(name: "plain page body back while a page is broken", path: "content/thanks.md",
                 text: "---\ntitle: Thanks\n---\nWelcome aboard, fellow birder.\n", succeeds: false),
            Edit(name: "page fixed as it was", path: "content/pro.md", text: pro("Fixed again.", extra: styled), renders: .only([])),
            Edit(name: "catalog broken", path: "catalog.yml", text: catalog + "  - id: [\n", succeeds: false),
            Edit(name: "catalog fixed", path: "catalog.yml", text: change(&catalog, "USA: \"4.99\"", "USA: \"3.99\"")),
            Edit(name: "paywall.yml catalog to .storekit", path: "paywall.yml", text: change(&config, "catalog: catalog.yml", "catalog: Products.storekit")),
            Edit(name: "storekit price", path: "Products.storekit", text: change(&storekit, "\"44.99\"", "\"42.99\"")),
            Edit(name: "prices.yml", path: "prices.yml", text: replacing(prices, "DEU: \"49.99\"", "DEU: \"47.99\"")),
        ]
    }()
}
