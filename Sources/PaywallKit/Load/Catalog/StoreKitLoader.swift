#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads Xcode `.storekit` files of every schema version (1.0 to 5.0). Unknown keys are ignored.
public enum StoreKitLoader {
    public static func load(_ root: YAMLNode, file: String, diagnostics: inout Diagnostics) -> Catalog? {
        guard case .mapping = root.value else {
            diagnostics.error(root.location, "a .storekit file must be a JSON object, not \(root.kindName)",
                              hint: "export it again from Xcode's StoreKit configuration editor")
            return nil
        }
        var groups: [SubscriptionGroup] = []
        var oneTime: [Product] = []
        let before = diagnostics.errorsReported
        let storefront = storefront(root, diagnostics: &diagnostics)
        if let list = root["subscriptionGroups"] {
            for item in diagnostics.collect({ try list.sequence("subscriptionGroups") }) ?? [] {
                do {
                    groups.append(try group(item, storefront: storefront ?? "USA", diagnostics: &diagnostics))
                } catch {
                    diagnostics.append(error)
                }
            }
        }
        for (key, fixedKind) in [("products", nil), ("nonRenewingSubscriptions", Product.Kind.nonRenewing)] {
            guard let list = root[key] else { continue }
            for item in diagnostics.collect({ try list.sequence(key) }) ?? [] {
                do throws(Diagnostic) {
                    var kind = fixedKind
                    if kind == nil { kind = try productKind(item, diagnostics: &diagnostics) }
                    guard let kind else { continue }
                    oneTime.append(try oneTimeProduct(item, kind, storefront: storefront ?? "USA",
                                                      diagnostics: &diagnostics))
                } catch {
                    diagnostics.append(error)
                }
            }
        }
        if groups.isEmpty && oneTime.isEmpty && diagnostics.errorsReported == before {
            diagnostics.error(root.location, "\(file) has no subscription groups and no products",
                              hint: "add a subscription group or an in-app purchase in Xcode's StoreKit configuration "
                                    + "editor")
        }
        let policies = root["appPolicies"].map { appPolicies($0, file: file, diagnostics: &diagnostics) } ?? Policies()
        guard diagnostics.errorsReported == before else { return nil }
        let locale = ((try? root["settings"]?["_locale"]?.string("_locale")) ?? nil).flatMap(LocaleID.canonical)
        return Catalog(groups: groups, oneTimeProducts: oneTime, appPolicies: policies, storefront: storefront ?? "USA",
                       defaultLocale: locale, file: file)
    }

    static func group(_ node: YAMLNode, storefront: String,
                      diagnostics: inout Diagnostics) throws(Diagnostic) -> SubscriptionGroup {
        guard case .mapping = node.value else { throw .error(node.location, "a subscription group must be an object") }
        let name = try node["name"]?.catalogText("name") ?? ""
        let id = try node["id"]?.string("id") ?? name
        try Identifier.check(id, "the subscription group ID", at: node["id"]?.location ?? node.location)
        var products: [Product] = []
        for item in try node["subscriptions"]?.sequence("subscriptions") ?? [] {
            do { products.append(try subscription(item, storefront: storefront, diagnostics: &diagnostics)) } catch {
                diagnostics.append(error)
            }
        }
        return SubscriptionGroup(id: id, name: name, localizations: try localizations(node["localizations"]),
                                 subscriptions: products, location: node.location)
    }

    static func localizations(_ node: YAMLNode?) throws(Diagnostic) -> [String: LocalizedText] {
        var result: [String: LocalizedText] = [:]
        for item in try node?.sequence("localizations") ?? [] {
            let code = try item["locale"]?.string("locale") ?? ""
            guard let locale = LocaleID.canonical(code) else {
                throw .error(item.location, "'\(code)' is not a locale", hint: "use a locale such as en_US")
            }
            guard result[locale] == nil else {
                throw .error(item.location, "a second localization for \(locale) ('\(code)')",
                             hint: "keep one of the two in Xcode's editor")
            }
            result[locale] = LocalizedText(displayName: try item["displayName"]?.catalogText("displayName") ?? "",
                                           description: try item["description"]?
                                               .catalogText("description", lines: true) ?? "")
        }
        return result
    }

    static func subscription(_ node: YAMLNode, storefront: String,
                             diagnostics: inout Diagnostics) throws(Diagnostic) -> Product {
        guard case .mapping = node.value else { throw .error(node.location, "a subscription must be an object") }
        let (id, referenceName, texts) = try identity(node, .autoRenewable, diagnostics: &diagnostics)
        let periodNode = try required(node, "recurringSubscriptionPeriod", in: "subscription")
        let price = try displayPrice(required(node, "displayPrice", in: "subscription"), storefront: storefront)
        var intros = try node["introductoryOffers"]?.sequence("introductoryOffers") ?? []
        if let single = node["introductoryOffer"], !single.isNull, intros.isEmpty { intros = [single] }
        func offers(_ items: [YAMLNode], _ kind: Offer.Kind) throws(Diagnostic) -> [Offer] {
            var result: [Offer] = []
            for item in items {
                if let offer = try offer(item, kind, storefront: storefront, of: id, diagnostics: &diagnostics) {
                    result.append(offer)
                }
            }
            return result
        }
        let period = try NativeCatalogLoader.renewalPeriod(periodNode, "recurringSubscriptionPeriod")
        var introductory = try offers(intros, .introductory)
        var promotional = try offers(node["adHocOffers"]?.sequence("adHocOffers") ?? [], .promotional)
        var winBack = try offers(node["winbackOffers"]?.sequence("winbackOffers") ?? [], .winBack)
        let monthly = try monthlyPlan(node, of: id, period: period, upFront: price, storefront: storefront,
                                      intro: introductory.first { $0.billingPlan == .monthly },
                                      diagnostics: &diagnostics)
        dropOrphanOffers(&introductory, &promotional, &winBack, hasMonthlyPlan: monthly != nil, of: id,
                         diagnostics: &diagnostics)
        return Product(
            id: id, referenceName: referenceName,
            level: try groupNumber(node),
            period: period,
            price: price,
            familyShareable: try node["familyShareable"]?.bool("familyShareable") ?? false,
            introductoryOffer: introductory.first { $0.billingPlan == .upFront },
            promotionalOffers: promotional, winBackOffers: winBack, monthlyPlan: monthly,
            localizations: texts, location: node.location)
    }

    /// A subscription's level of service in its group: Xcode writes `groupNumber` for every subscription, 1 the
    /// highest.
    static func groupNumber(_ node: YAMLNode) throws(Diagnostic) -> Int {
        let number = try required(node, "groupNumber", in: "subscription")
        let level = try number.int("groupNumber")
        guard level >= 1 else {
            throw .error(number.location, "groupNumber must be 1 or more (1 is the highest level of service)",
                         hint: "set the subscription's level in Xcode's StoreKit configuration editor")
        }
        return level
    }

    /// The kind of a `products[]` entry; nil, with a warning, for a type paywall does not know.
    static func productKind(_ node: YAMLNode, diagnostics: inout Diagnostics) throws(Diagnostic) -> Product.Kind? {
        guard case .mapping = node.value else { throw .error(node.location, "a product must be an object") }
        let type = try node["type"]?.string("type") ?? ""
        switch type {
        case "NonConsumable": return .nonConsumable
        case "Consumable": return .consumable
        case "NonRenewingSubscription": return .nonRenewing
        default:
            diagnostics.warning(node["type"]?.location ?? node.location,
                                "product type '\(type)' is unknown; the product is left out",
                                hint: "paywall reads NonConsumable and Consumable products and "
                                      + "nonRenewingSubscriptions")
            return nil
        }
    }

    /// A non-consumable, consumable or non-renewing subscription (which a `.storekit` file gives no period).
    static func oneTimeProduct(_ node: YAMLNode, _ kind: Product.Kind, storefront: String,
                               diagnostics: inout Diagnostics) throws(Diagnostic) -> Product {
        guard case .mapping = node.value else { throw .error(node.location, "a \(kind.noun) must be an object") }
        let (id, referenceName, texts) = try identity(node, kind, diagnostics: &diagnostics)
        return Product(id: id, kind: kind, referenceName: referenceName, level: 0, period: nil,
                       price: try displayPrice(required(node, "displayPrice", in: kind.noun), storefront: storefront),
                       familyShareable: try node["familyShareable"]?.bool("familyShareable") ?? false,
                       localizations: texts, location: node.location)
    }

    /// The product ID, the reference name (else the ID) and texts whose missing display names fall back to it.
    static func identity(_ node: YAMLNode, _ kind: Product.Kind, diagnostics: inout Diagnostics)
        throws(Diagnostic) -> (id: String, referenceName: String, texts: [String: LocalizedText]) {
        let idNode = node["productID"] ?? node
        let id = try idNode.nonEmptyString("productID")
        try Identifier.check(id, "the product ID", at: idNode.location)
        let referenceName = try node["referenceName"]?.catalogText("referenceName") ?? ""
        let fallback = referenceName.isEmpty ? id : referenceName
        var texts = try localizations(node["localizations"])
        if texts.isEmpty
            || texts.values.contains(where: { $0.displayName.trimmingSpaces.isEmpty }) {
            diagnostics.warning(node.location, "\(kind.noun) '\(id)' has no display name; using '\(fallback)'",
                                hint: "set a display name in Xcode's StoreKit configuration editor")
            for (locale, text) in texts where text.displayName.trimmingSpaces.isEmpty {
                texts[locale]?.displayName = fallback
            }
        }
        return (id, fallback, texts.isEmpty ? ["en-US": LocalizedText(displayName: fallback, description: "")] : texts)
    }

    static func required(_ node: YAMLNode, _ key: String, in what: String) throws(Diagnostic) -> YAMLNode {
        guard let value = node[key], !value.isNull else {
            throw .error(node.location, "this \(what) has no '\(key)'",
                         hint: "set it in Xcode's StoreKit configuration editor")
        }
        return value
    }

    static func displayPrice(_ node: YAMLNode, storefront: String) throws(Diagnostic) -> Price {
        let amount = try node.money("displayPrice", currency: Money.currency(of: storefront))
        try NativeCatalogLoader.checkDecimals(amount, storefront: storefront, at: node.location)
        return Price([storefront: amount], location: node.location)
    }

    /// An offer; nil, with a warning, when it has no price though it is not free (Xcode 12 and 13 wrote
    /// `"displayPrice": ""` for pay-as-you-go and pay-up-front offers whose price was never set).
    static func offer(_ node: YAMLNode, _ kind: Offer.Kind, storefront: String, of productID: String,
                      diagnostics: inout Diagnostics) throws(Diagnostic) -> Offer? {
        let modeNode = try required(node, "paymentMode", in: "offer")
        let mode: Offer.PaymentMode
        switch try modeNode.string("paymentMode") {
        case "free": mode = .freeTrial
        case "payAsYouGo": mode = .payAsYouGo
        case "payUpFront": mode = .payUpFront
        case let other:
            throw .error(modeNode.location, "'\(other)' is not a StoreKit payment mode",
                         hint: "use free, payAsYouGo or payUpFront")
        }
        let referenceName = try node["referenceName"]?.catalogText("referenceName")
        var id = referenceName.flatMap { Identifier.isValid($0) ? $0 : nil }
        if let idNode = node["offerID"], case let given = try idNode.string("offerID"), !given.isEmpty {
            try Identifier.check(given, "the offer ID", at: idNode.location)
            id = given
        } else if let referenceName, id == nil, kind != .introductory {
            diagnostics.warning(node["referenceName"]?.location ?? node.location,
                                "the \(kind == .winBack ? "win-back" : kind.rawValue) offer '\(referenceName)' of "
                                + "'\(productID)' has no offerID, and its reference name is not an ID",
                                hint: "give it an offer ID in Xcode (letters, digits, '.', '_' and '-'); "
                                      + "until then a page cannot name it and {offerID} is empty for it")
        }
        var price: Price?
        if mode != .freeTrial {
            guard let priceNode = node["displayPrice"], !priceNode.isNull, (try? priceNode.string("displayPrice")) != ""
            else {
                let name = "\(mode.rawValue) \(kind == .winBack ? "win-back" : kind.rawValue) offer"
                    + ((id ?? referenceName).map { " '\($0)'" } ?? "")
                diagnostics.warning(node["displayPrice"]?.location ?? node.location,
                                    "the \(name) of '\(productID)' has no price; it is left out",
                                    hint: "set the offer's price in Xcode's StoreKit configuration editor (Xcode 12 "
                                          + "and 13 left it empty)")
                return nil
            }
            price = try displayPrice(priceNode, storefront: storefront)
        }
        let period = try NativeCatalogLoader.period(required(node, "subscriptionPeriod", in: "offer"),
                                                    "subscriptionPeriod")
        let numberOfPeriods = node["numberOfPeriods"]
        let count = try NativeCatalogLoader.offerLength(period, count: try numberOfPeriods?.int("numberOfPeriods"),
                                                        at: node.location, countLocation: numberOfPeriods?.location)
        return Offer(id: id, kind: kind, paymentMode: mode, period: period, periodCount: count, price: price,
                     billingPlan: billingPlanType(node), location: node.location)
    }

    /// A non-empty `eula` becomes the terms page; the first policy's URL (or text) the privacy policy. Their
    /// text is checked as catalog text (an error for a control character); values that are not text are ignored.
    static func appPolicies(_ node: YAMLNode, file: String, diagnostics: inout Diagnostics) -> Policies {
        var result = Policies()
        func text(_ node: YAMLNode?, _ key: String) -> String? {
            guard let node, (try? node.string(key)) != nil else { return nil }
            return diagnostics.collect { try node.catalogText(key, lines: true) }
        }
        if let eula = text(node["eula"], "eula"), !eula.trimmingSpacesAndNewlines.isEmpty {
            result.termsOfService = .page(name: "terms", markdown: eula, location: node.location)
        }
        for item in (try? node["policies"]?.sequence("policies")) ?? [] {
            if let url = try? item["policyURL"]?.string("policyURL"), !url.isEmpty,
               (try? SafeURL.check(url, "policyURL", at: item.location)) != nil {
                result.privacyPolicy = .url(url)
            } else if let text = text(item["policyText"], "policyText"), !text.isEmpty {
                result.privacyPolicy = .page(name: "privacy", markdown: text, location: item.location)
            }
            if result.privacyPolicy != nil { break }
        }
        return result
    }
}
