#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the native catalog format (YAML or JSON) of DESIGN.md section 2.
public enum NativeCatalogLoader {
    /// The top-level lists of one-time products, with the kind each holds.
    static let oneTimeLists: [(key: String, kind: Product.Kind)] = [
        ("nonConsumables", .nonConsumable), ("nonRenewingSubscriptions", .nonRenewing), ("consumables", .consumable),
    ]

    /// The keys of the catalog's top level.
    static let topLevelKeys = ["subscriptionGroups"] + oneTimeLists.map(\.key)
        + ["appPolicies", "storefront", "defaultLocale"]

    public static func load(_ root: YAMLNode, file: String) throws(DiagnosticsError) -> Catalog {
        var diagnostics = Diagnostics()
        var groups: [SubscriptionGroup] = []
        var oneTime: [Product] = []
        var appPolicies = Policies()
        var storefront: String?, defaultLocale: String?
        if let reader = diagnostics.collect({ try MappingReader(root, "the catalog") }) {
            diagnostics.append(contentsOf: reader.unknownKeys(topLevelKeys))
            (storefront, defaultLocale) = Self.settings(reader, diagnostics: &diagnostics)
            if let list = reader["subscriptionGroups"],
               let items = diagnostics.collect({ try list.sequence("subscriptionGroups") }) {
                for item in items {
                    if let group = diagnostics.collect({ try Self.group(item) }) { groups.append(group) }
                }
            }
            for (key, kind) in oneTimeLists {
                guard let list = reader[key], let items = diagnostics.collect({ try list.sequence(key) })
                else { continue }
                for item in items {
                    if let product = diagnostics.collect({ try Self.oneTimeProduct(item, kind) }) {
                        oneTime.append(product)
                    }
                }
            }
            if !diagnostics.hasErrors && groups.isEmpty && oneTime.isEmpty {
                diagnostics.error(root.location, "the catalog has no subscription groups and no products",
                                  hint: "add 'subscriptionGroups', 'nonConsumables', 'nonRenewingSubscriptions' or "
                                        + "'consumables' (see `paywall schema catalog`)")
            }
            if let node = reader["appPolicies"] {
                appPolicies = Self.policies(node, "appPolicies", diagnostics: &diagnostics).policies
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return Catalog(groups: groups, oneTimeProducts: oneTime, appPolicies: appPolicies, storefront: storefront,
                       defaultLocale: defaultLocale, file: file)
    }

    /// `termsOfService` / `privacyPolicy` as URLs or `{ page: NAME.md }`: each link that reads (one refused leaves
    /// the other), and the keys of those refused, whose errors are in `diagnostics`.
    public static func policies(_ node: YAMLNode, _ what: String, extraKeys: [String] = [],
                                diagnostics: inout Diagnostics) -> (policies: Policies, refused: Set<String>) {
        var result = Policies()
        var refused: Set<String> = []
        if let reader = diagnostics.collect({ try MappingReader(node, what) }) {
            let known = ["termsOfService", "privacyPolicy"] + extraKeys
            diagnostics.append(contentsOf: reader.unknownKeys(known))
            refused.formUnion(reader.misspelledKeys(known))
            for (key, path) in [("termsOfService", \Policies.termsOfService),
                                ("privacyPolicy", \Policies.privacyPolicy)] {
                guard let value = reader[key] else { continue }
                if diagnostics.collect({ result[keyPath: path] = try link(value, "\(what).\(key)") }) == nil {
                    refused.insert(key)
                }
            }
        }
        return (result, refused)
    }

    static func link(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> Policies.Link {
        if case .mapping = node.value {
            let reader = try MappingReader(node, what)
            if let text = try policyText(reader, what) { return text }
            if let unknown = reader.unknownKeys(["page"]).first { throw unknown }
            let pageNode = try reader.required("page")
            return .page(name: try pageNode.nonEmptyString("\(what).page"), markdown: "", location: pageNode.location)
        }
        let url = try node.nonEmptyString(what)
        try SafeURL.check(url, what, at: node.location)
        return .url(url)
    }

    static func group(_ node: YAMLNode) throws(DiagnosticsError) -> SubscriptionGroup {
        var diagnostics = Diagnostics()
        let reader: MappingReader
        do { reader = try MappingReader(node, "a subscription group") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(["id", "name", "localizations", "subscriptions"]))
        let id = diagnostics.collect { try Self.identifier(reader, "the group ID") } ?? ""
        let name = diagnostics.collect { try reader["name"]?.catalogText("name") } ?? nil
        let texts = diagnostics.collect { try Self.localizations(reader["localizations"]) } ?? [:]
        var products: [Product] = []
        if let items = diagnostics.collect({ try reader.required("subscriptions").sequence("subscriptions") }) {
            for item in items {
                if let product = diagnostics.collect({ try Self.product(item) }) { products.append(product) }
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return SubscriptionGroup(id: id, name: name ?? id, localizations: texts, subscriptions: products,
                                 location: node.location)
    }

    /// The required `id`, checked as a path-safe identifier.
    static func identifier(_ reader: MappingReader, _ what: String) throws(Diagnostic) -> String {
        let node = try reader.required("id")
        let id = try node.nonEmptyString("id")
        try Identifier.check(id, what, at: node.location)
        return id
    }

    static func localizations(_ node: YAMLNode?) throws(DiagnosticsError) -> [String: LocalizedText] {
        guard let node else { return [:] }
        var diagnostics = Diagnostics()
        var result: [String: LocalizedText] = [:]
        var keys: [String: String] = [:]
        let pairs = diagnostics.collect { try node.pairs("localizations") } ?? []
        for pair in pairs {
            diagnostics.collect { () throws(Diagnostic) in
                guard let locale = LocaleID.canonical(pair.key) else {
                    throw .error(pair.keyLocation, "'\(pair.key)' is not a BCP 47 locale",
                                 hint: "write it like en-US, de, pt-BR or zh-Hans")
                }
                if let first = keys.updateValue(pair.key, forKey: locale) {
                    throw .error(pair.keyLocation, "'\(pair.key)' and '\(first)' are the same locale (\(locale))",
                                 hint: "keep one of the two")
                }
                let reader = try MappingReader(pair.value, "localizations.\(pair.key)")
                if let unknown = reader.unknownKeys(["displayName", "description"]).first { throw unknown }
                result[locale] = LocalizedText(displayName: try reader["displayName"]?.catalogText("displayName") ?? "",
                                               description: try reader["description"]?
                                                   .catalogText("description", lines: true) ?? "")
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return result
    }

    static let productKeys = ["id", "referenceName", "level", "period", "price", "familyShareable", "icon",
                              "introductoryOffer", "promotionalOffers", "winBackOffers", "billingPlans",
                              "localizations"]
    /// Keys of a one-time product; a non-renewing subscription may also say how long it lasts (`period`).
    static let oneTimeKeys = ["id", "referenceName", "price", "familyShareable", "icon", "localizations"]

    static func product(_ node: YAMLNode) throws(DiagnosticsError) -> Product {
        var diagnostics = Diagnostics()
        let reader: MappingReader
        do { reader = try MappingReader(node, "a subscription") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(productKeys))
        let common = Self.common(reader, diagnostics: &diagnostics)
        let level = diagnostics.collect { () throws(Diagnostic) in
            let node = try reader.required("level")
            let level = try node.int("level")
            guard level >= 1
            else { throw .error(node.location, "level must be 1 or more (1 is the highest level of service)") }
            return level
        }
        let period = diagnostics.collect { try Self.renewalPeriod(reader.required("period"), "period") }
        let intros = diagnostics.collect { () throws(DiagnosticsError) in
            try reader["introductoryOffer"].map { node throws(DiagnosticsError) in try Self.introductoryOffers(node) }
                ?? []
        } ?? []
        var promotional: [Offer] = [], winBack: [Offer] = []
        for (key, kind) in [("promotionalOffers", Offer.Kind.promotional), ("winBackOffers", .winBack)] {
            guard let list = reader[key], let items = diagnostics.collect({ try list.sequence(key) }) else { continue }
            for item in items {
                guard let offer = diagnostics.collect({ try Self.offer(item, kind) }) else { continue }
                if kind == .promotional { promotional.append(offer) } else { winBack.append(offer) }
            }
        }
        let plan = diagnostics.collect {
            try Self.billingPlans(reader, period: period, intro: intros.first { $0.billingPlan == .monthly })
        } ?? nil
        checkPlanOffers(promotional + winBack, plan: plan, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors, let level, let period, let price = common.price
        else { throw DiagnosticsError(diagnostics.all) }
        return Product(id: common.id, referenceName: common.referenceName, level: level, period: period, price: price,
                       familyShareable: common.familyShareable, icon: common.icon?.path,
                       iconLocation: common.icon?.location,
                       introductoryOffer: intros.first { $0.billingPlan == .upFront }, promotionalOffers: promotional,
                       winBackOffers: winBack, monthlyPlan: plan, localizations: common.texts, location: node.location)
    }

    /// A non-consumable, consumable or non-renewing subscription from its top-level list.
    static func oneTimeProduct(_ node: YAMLNode, _ kind: Product.Kind) throws(DiagnosticsError) -> Product {
        var diagnostics = Diagnostics()
        let reader: MappingReader
        do { reader = try MappingReader(node, "a \(kind.noun)") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(kind == .nonRenewing
                                                          ? oneTimeKeys + ["period"]
                                                          : oneTimeKeys))
        let common = Self.common(reader, diagnostics: &diagnostics)
        let period = diagnostics.collect { try reader["period"].map { node throws(Diagnostic) in
            let period = try Self.period(node, "period")
            guard period.maximumDays <= 3660 else {
                throw Diagnostic.error(node.location, "period '\(period)' is longer than 10 years",
                                       hint: "write how long the access lasts, such as P1Y")
            }
            return period
        } } ?? nil
        guard !diagnostics.hasErrors, let price = common.price else { throw DiagnosticsError(diagnostics.all) }
        return Product(id: common.id, kind: kind, referenceName: common.referenceName, level: 0, period: period,
                       price: price, familyShareable: common.familyShareable, icon: common.icon?.path,
                       iconLocation: common.icon?.location, localizations: common.texts, location: node.location)
    }

    /// The keys every product has: id, reference name, price, family sharing, icon and texts.
    static func common(_ reader: MappingReader, diagnostics: inout Diagnostics)
        -> (id: String, referenceName: String, price: Price?, familyShareable: Bool,
            icon: (path: String, location: SourceLocation)?, texts: [String: LocalizedText]) {
        let id = diagnostics.collect { try Self.identifier(reader, "the product ID") } ?? ""
        let referenceName = diagnostics.collect { try reader["referenceName"]?.catalogText("referenceName") } ?? nil
        let price = diagnostics.collect {
            try Self.price(reader.required("price"), "price", keyLocation: reader.keyLocation("price"))
        }
        let family = diagnostics.collect { try reader["familyShareable"]?.bool("familyShareable") } ?? nil
        let icon = diagnostics.collect { () throws(Diagnostic) -> (path: String, location: SourceLocation)? in
            guard let node = reader["icon"] else { return nil }
            return (try node.nonEmptyString("icon"), node.location)
        } ?? nil
        let texts = diagnostics.collect { try Self.localizations(reader["localizations"]) } ?? [:]
        return (id, referenceName ?? id, price, family ?? false, icon, texts)
    }
}
