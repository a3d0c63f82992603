import Foundation

/// Reads Xcode `.storekit` files of every schema version (1.0 to 5.0). Unknown keys are ignored.
public enum StoreKitLoader {
    public static func load(_ root: YAMLNode, file: String, diagnostics: inout Diagnostics) -> Catalog? {
        guard case .mapping = root.value else {
            diagnostics.error(root.location, "a .storekit file must be a JSON object, not \(root.kindName)",
                              hint: "export it again from Xcode's StoreKit configuration editor")
            return nil
        }
        let storefront = (try? root["settings"]?["_storefront"]?.string("_storefront")) ?? nil
        var groups: [SubscriptionGroup] = []
        let before = diagnostics.errorsReported
        if let list = root["subscriptionGroups"] {
            for item in diagnostics.collect({ try list.sequence("subscriptionGroups") }) ?? [] {
                do { groups.append(try group(item, storefront: storefront ?? "USA", diagnostics: &diagnostics)) } catch {
                    diagnostics.append(error)
                }
            }
        }
        if root["subscriptionGroups"] == nil || (groups.isEmpty && diagnostics.errorsReported == before) {
            diagnostics.error(root.location, "\(file) has no subscription groups",
                              hint: "add an auto-renewable subscription group in Xcode's StoreKit configuration editor")
        }
        let policies = root["appPolicies"].map { appPolicies($0, file: file) } ?? Policies()
        guard diagnostics.errorsReported == before else { return nil }
        let locale = ((try? root["settings"]?["_locale"]?.string("_locale")) ?? nil).flatMap(LocaleID.canonical)
        return Catalog(groups: groups, appPolicies: policies, storefront: storefront ?? "USA", defaultLocale: locale, file: file)
    }

    static func group(_ node: YAMLNode, storefront: String, diagnostics: inout Diagnostics) throws(Diagnostic) -> SubscriptionGroup {
        guard case .mapping = node.value else { throw .error(node.location, "a subscription group must be an object") }
        let name = try node["name"]?.string("name") ?? ""
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
            result[locale] = LocalizedText(displayName: try item["displayName"]?.string("displayName") ?? "",
                                           description: try item["description"]?.string("description") ?? "")
        }
        return result
    }

    static func subscription(_ node: YAMLNode, storefront: String, diagnostics: inout Diagnostics) throws(Diagnostic) -> Product {
        guard case .mapping = node.value else { throw .error(node.location, "a subscription must be an object") }
        let idNode = node["productID"] ?? node
        let id = try idNode.nonEmptyString("productID")
        try Identifier.check(id, "the product ID", at: idNode.location)
        let referenceName = try node["referenceName"]?.string("referenceName") ?? ""
        let periodNode = try required(node, "recurringSubscriptionPeriod")
        let price = try displayPrice(required(node, "displayPrice"), storefront: storefront)
        var texts = try localizations(node["localizations"])
        let fallback = referenceName.isEmpty ? id : referenceName
        if texts.isEmpty || texts.values.contains(where: { $0.displayName.trimmingCharacters(in: .whitespaces).isEmpty }) {
            diagnostics.warning(node.location, "subscription '\(id)' has no display name; using '\(fallback)'",
                                hint: "set a display name in Xcode's StoreKit configuration editor")
            for (locale, text) in texts where text.displayName.trimmingCharacters(in: .whitespaces).isEmpty {
                texts[locale]?.displayName = fallback
            }
        }
        var intros = try node["introductoryOffers"]?.sequence("introductoryOffers") ?? []
        if let single = node["introductoryOffer"], !single.isNull, intros.isEmpty { intros = [single] }
        let promotional = try (node["adHocOffers"]?.sequence("adHocOffers") ?? []).map { item throws(Diagnostic) in
            try offer(item, .promotional, storefront: storefront)
        }
        let winBack = try (node["winbackOffers"]?.sequence("winbackOffers") ?? []).map { item throws(Diagnostic) in
            try offer(item, .winBack, storefront: storefront)
        }
        return Product(
            id: id, referenceName: fallback,
            level: try node["groupNumber"]?.int("groupNumber") ?? 1,
            period: try NativeCatalogLoader.period(periodNode, "recurringSubscriptionPeriod"),
            price: price,
            familyShareable: try node["familyShareable"]?.bool("familyShareable") ?? false,
            introductoryOffer: try intros.first.map { item throws(Diagnostic) in try offer(item, .introductory, storefront: storefront) },
            promotionalOffers: promotional, winBackOffers: winBack,
            localizations: texts.isEmpty ? ["en-US": LocalizedText(displayName: fallback, description: "")] : texts,
            location: node.location)
    }

    static func required(_ node: YAMLNode, _ key: String) throws(Diagnostic) -> YAMLNode {
        guard let value = node[key], !value.isNull else {
            throw .error(node.location, "this subscription has no '\(key)'", hint: "set it in Xcode's StoreKit configuration editor")
        }
        return value
    }

    static func displayPrice(_ node: YAMLNode, storefront: String) throws(Diagnostic) -> Price {
        Price([storefront: try node.decimal("displayPrice")])
    }

    static func offer(_ node: YAMLNode, _ kind: Offer.Kind, storefront: String) throws(Diagnostic) -> Offer {
        let modeNode = try required(node, "paymentMode")
        let mode: Offer.PaymentMode
        switch try modeNode.string("paymentMode") {
        case "free": mode = .freeTrial
        case "payAsYouGo": mode = .payAsYouGo
        case "payUpFront": mode = .payUpFront
        case let other:
            throw .error(modeNode.location, "'\(other)' is not a StoreKit payment mode", hint: "use free, payAsYouGo or payUpFront")
        }
        let price: Price? = mode == .freeTrial ? nil : try displayPrice(required(node, "displayPrice"), storefront: storefront)
        let referenceName = try node["referenceName"]?.string("referenceName")
        return Offer(id: try node["offerID"]?.string("offerID") ?? referenceName,
                     kind: kind, paymentMode: mode,
                     period: try NativeCatalogLoader.period(required(node, "subscriptionPeriod"), "subscriptionPeriod"),
                     periodCount: max(1, try node["numberOfPeriods"]?.int("numberOfPeriods") ?? 1),
                     price: price, location: node.location)
    }

    /// A non-empty `eula` becomes the terms page; the first policy's URL (or text) the privacy policy.
    static func appPolicies(_ node: YAMLNode, file: String) -> Policies {
        var result = Policies()
        if let eula = try? node["eula"]?.string("eula"), !eula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            result.termsOfService = .page(name: "terms", markdown: eula, location: node.location)
        }
        for item in (try? node["policies"]?.sequence("policies")) ?? [] {
            if let url = try? item["policyURL"]?.string("policyURL"), !url.isEmpty, (try? SafeURL.check(url, "policyURL", at: item.location)) != nil {
                result.privacyPolicy = .url(url)
            } else if let text = try? item["policyText"]?.string("policyText"), !text.isEmpty {
                result.privacyPolicy = .page(name: "privacy", markdown: text, location: item.location)
            }
            if result.privacyPolicy != nil { break }
        }
        return result
    }
}
