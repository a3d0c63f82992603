/// What templates can name, for `paywall schema page`'s `$defs.templateVocabulary`.
extension JSONSchema {
    static func names(_ description: String, _ names: [(String, String)]) -> Value {
        .object([("type", .string("object")), ("description", .string(description)),
                 ("properties", .object(names.map { ($0.0, .object([("description", .string($0.1))])) }))])
    }

    /// What a template or a `{{placeholder}}` in marketing Markdown can name (not a file format: documentation).
    static let templateVocabulary = names("The names templates and marketing placeholders can use.", [
        ("title", "The page title."), ("lang", "The page's BCP 47 locale, for lang."), ("dir", "ltr or rtl."),
        ("locale", "The page's locale."),
        ("canonicalURL", "The page's absolute URL (with baseURL); a customer's page names the page everyone gets."),
        ("noindex", "Whether the page asks search engines not to list it: a customer's page (current/ID/, lapsed/ID/) "
            + "or a plain page, or an experiment's variant."),
        ("experiment", "The page's experiment (paywall.yml's experiments:): id and variant (control on the tested "
            + "page), or null."),
        ("alternates", "The page in every locale: hreflang, href (and x-default)."),
        ("preview", "A shared link's preview: description, url, image, card (summary or summary_large_image), locale, "
            + "alternates (Open Graph's de_DE form) and appStoreID (Smart App Banner)."),
        ("tax", "What the prices include (taxes: in paywall.yml): note (\"Prices include VAT\") and spoken (read "
            + "after each option's price), or null."),
        ("languages",
         "The page in every locale, for a language switcher: locale, name (in its own language), href, isCurrent."),
        ("theme", "accentColor, accentForeground and colorScheme."),
        ("marketingHTML", "The rendered Markdown body (use {{{marketingHTML}}})."),
        ("hasH1", "The body has its own h1."), ("app", "name, icon, openURL and appStoreURL from paywall.yml."),
        ("carry", "A store page's carry script (script, hash), or null."),
        ("script", "The page's one script (script, hash): a store page's carry script, a plain page's app.redeem "
            + "script; or null. Its hash goes into the CSP."), ("app_name", "The app's name."),
        ("qrCode", "A plain page's QR code of the App Store link, else the Open link: svg (inline SVG, use "
            + "{{{svg}}}), caption and url; or null."),
        ("group",
         "id, displayName and description of the subscription group (a page without one: id null, the app's name)."),
        ("planNames", "The options' names as a list in the page's language."),
        ("controlStyle", "The page's control style."), ("isPicker", "A radio-group style."),
        ("isButtons", "One button per option."), ("isPaged", "A carousel style."),
        ("isBottomBar", "The purchase controls sit in a sticky bar."),
        ("options", "Every option, in display order (see option)."),
        ("products", "Options by product ID; dots nest: products.pro.yearly.price."),
        ("sections",
         "Option groups: key, label, index, isFirst, isOpen (the tab shown first), marketingHTML, name, options."),
        ("hasTabs", "Sections are tabs."), ("hasSharedPicker", "Sections share one picker."),
        ("groupLinks", "Links to the option groups' pages: label, href, isCurrent."),
        ("policies", "Policy links: kind, label, href."), ("storeButtons", "Store buttons: kind, label, href."),
        ("state", "The customer: name (new, current, lapsed), isNew, productID."),
        ("autoRenew",
         "The auto-renewal notice (worded by paywall.yml's billing, and for a commitment where an option shown is "
         + "billed monthly); null where no subscription is shown."),
        ("autoRenewNotice",
         "The notice in parts, to link its account page: before, link (the words), href (actions.manageSubscription, "
         + "or null), after."),
        ("t", "Every UI string of the page's language: t.subscribe …"),
        ("stylesheet", "The stylesheet's relative URL."), ("root", "The relative path to the site's root."),
        ("features",
         "The plan comparison, null without one: caption, isBefore, isAfter, columns (name, nameLang), rows (label, "
         + "labelLang, cells: isValue, isIncluded, value, valueLang)."),
        ("titleLang",
         "lang and dir of the title when it fell back to another language, else null (also group.textLang, "
         + "option textLang and badgeLang, section labelLang)."),
        ("option",
         "An option: id, index, kind (autoRenewable, nonRenewing, nonConsumable, consumable), isSubscription, "
         + "isOneTime, displayName, description, icon, badge, isSelected, isCurrent, isPurchasable, relationship, "
         + "familyShareable, familySharing, level, price, period, periodText, periodLabel, pricePerPeriod, "
         + "pricePerPeriodSpoken, pricePerDay, pricePerWeek, pricePerMonth, pricePerYear (subscriptions only), "
         + "equivalent, relativeDiscount, offer (kind, id, paymentMode, isFreeTrial, price, period, periodCount, "
         + "duration, text, shortText), purchaseTerms (one-time products: One-time purchase, 1 year of access, "
         + "does not renew), action (subscribe or purchase), actionLabel, buttonLines, accessibleLabel, "
         + "renewal (a subscription's renewal terms, its offer first; a commitment's terms when billed monthly), "
         + "purchaseSummary (the plan, its terms and renewal: the line under a picker's button), billingPlan (upFront "
         + "or monthly), commitment (a monthly plan's: payments (12), paymentsText, total, totalText, period (P1Y), "
         + "periodText, text: the payments and total as one phrase; null when billed up front), subscribeURL, "
         + "purchaseURL, textLang and badgeLang (lang and dir of text that fell back to another language, else null), "
         + "includedFeatures (label, labelLang, value, valueLang) and hasIncludedFeatures; "
         + "and RevenueCat's product_name, price_per_period, price_per_period_full, total_price_and_per_month, "
         + "sub_price_per_month, sub_price_per_week, sub_price_per_day, sub_relative_discount, sub_duration, "
         + "sub_period, sub_offer_price, sub_offer_duration."),
    ])
}
