import Foundation

/// Reads the native catalog format (YAML or JSON) of DESIGN.md section 2.
public enum NativeCatalogLoader {
    /// The top-level lists of one-time products, with the kind each holds.
    static let oneTimeLists: [(key: String, kind: Product.Kind)] = [
        ("nonConsumables", .nonConsumable), ("nonRenewingSubscriptions", .nonRenewing), ("consumables", .consumable),
    ]

    /// The keys of the catalog's top level.
    static let topLevelKeys = ["subscriptionGroups"] + oneTimeLists.map(\.key) + ["appPolicies", "storefront", "defaultLocale"]

    public static func load(_ root: YAMLNode, file: String) throws(DiagnosticsError) -> Catalog {
        var diagnostics = Diagnostics()
        var groups: [SubscriptionGroup] = []
        var oneTime: [Product] = []
        var appPolicies = Policies()
        var storefront: String?, defaultLocale: String?
        if let reader = diagnostics.collect({ try MappingReader(root, "the catalog") }) {
            diagnostics.append(contentsOf: reader.unknownKeys(topLevelKeys))
            (storefront, defaultLocale) = Self.settings(reader, diagnostics: &diagnostics)
            if let list = reader["subscriptionGroups"], let items = diagnostics.collect({ try list.sequence("subscriptionGroups") }) {
                for item in items {
                    if let group = diagnostics.collect({ try Self.group(item) }) { groups.append(group) }
                }
            }
            for (key, kind) in oneTimeLists {
                guard let list = reader[key], let items = diagnostics.collect({ try list.sequence(key) }) else { continue }
                for item in items {
                    if let product = diagnostics.collect({ try Self.oneTimeProduct(item, kind) }) { oneTime.append(product) }
                }
            }
            if !diagnostics.hasErrors && groups.isEmpty && oneTime.isEmpty {
                diagnostics.error(root.location, "the catalog has no subscription groups and no products",
                                  hint: "add 'subscriptionGroups', 'nonConsumables', 'nonRenewingSubscriptions' or 'consumables' (see `paywall schema catalog`)")
            }
            if let node = reader["appPolicies"] {
                appPolicies = diagnostics.collect({ try Self.policies(node, "appPolicies") }) ?? Policies()
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return Catalog(groups: groups, oneTimeProducts: oneTime, appPolicies: appPolicies, storefront: storefront,
                       defaultLocale: defaultLocale, file: file)
    }

    /// `termsOfService` / `privacyPolicy` as URLs or `{ page: NAME.md }`.
    public static func policies(_ node: YAMLNode, _ what: String, extraKeys: [String] = []) throws(DiagnosticsError) -> Policies {
        var diagnostics = Diagnostics()
        var result = Policies()
        if let reader = diagnostics.collect({ try MappingReader(node, what) }) {
            diagnostics.append(contentsOf: reader.unknownKeys(["termsOfService", "privacyPolicy"] + extraKeys))
            for (key, path) in [("termsOfService", \Policies.termsOfService), ("privacyPolicy", \Policies.privacyPolicy)] {
                guard let value = reader[key] else { continue }
                diagnostics.collect { result[keyPath: path] = try link(value, "\(what).\(key)") }
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return result
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
        return SubscriptionGroup(id: id, name: name ?? id, localizations: texts, subscriptions: products, location: node.location)
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
                    throw .error(pair.keyLocation, "'\(pair.key)' is not a BCP 47 locale", hint: "write it like en-US, de, pt-BR or zh-Hans")
                }
                if let first = keys.updateValue(pair.key, forKey: locale) {
                    throw .error(pair.keyLocation, "'\(pair.key)' and '\(first)' are the same locale (\(locale))", hint: "keep one of the two")
                }
                let reader = try MappingReader(pair.value, "localizations.\(pair.key)")
                if let unknown = reader.unknownKeys(["displayName", "description"]).first { throw unknown }
                result[locale] = LocalizedText(displayName: try reader["displayName"]?.catalogText("displayName") ?? "",
                                               description: try reader["description"]?.catalogText("description", lines: true) ?? "")
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return result
    }

    static let productKeys = ["id", "referenceName", "level", "period", "price", "familyShareable", "icon",
                              "introductoryOffer", "promotionalOffers", "winBackOffers", "billingPlans", "localizations"]
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
            guard level >= 1 else { throw .error(node.location, "level must be 1 or more (1 is the highest level of service)") }
            return level
        }
        let period = diagnostics.collect { try Self.renewalPeriod(reader.required("period"), "period") }
        let intros = diagnostics.collect { () throws(DiagnosticsError) in
            try reader["introductoryOffer"].map { node throws(DiagnosticsError) in try Self.introductoryOffers(node) } ?? []
        } ?? []
        var promotional: [Offer] = [], winBack: [Offer] = []
        for (key, kind) in [("promotionalOffers", Offer.Kind.promotional), ("winBackOffers", .winBack)] {
            guard let list = reader[key], let items = diagnostics.collect({ try list.sequence(key) }) else { continue }
            for item in items {
                guard let offer = diagnostics.collect({ try Self.offer(item, kind) }) else { continue }
                if kind == .promotional { promotional.append(offer) } else { winBack.append(offer) }
            }
        }
        let plan = diagnostics.collect { try Self.billingPlans(reader, period: period, intro: intros.first { $0.billingPlan == .monthly }) } ?? nil
        checkPlanOffers(promotional + winBack, plan: plan, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors, let level, let period, let price = common.price else { throw DiagnosticsError(diagnostics.all) }
        return Product(id: common.id, referenceName: common.referenceName, level: level, period: period, price: price,
                       familyShareable: common.familyShareable, icon: common.icon?.path, iconLocation: common.icon?.location,
                       introductoryOffer: intros.first { $0.billingPlan == .upFront }, promotionalOffers: promotional, winBackOffers: winBack,
                       monthlyPlan: plan,
                       localizations: common.texts, location: node.location)
    }

    /// A non-consumable, consumable or non-renewing subscription from its top-level list.
    static func oneTimeProduct(_ node: YAMLNode, _ kind: Product.Kind) throws(DiagnosticsError) -> Product {
        var diagnostics = Diagnostics()
        let reader: MappingReader
        do { reader = try MappingReader(node, "a \(kind.noun)") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(kind == .nonRenewing ? oneTimeKeys + ["period"] : oneTimeKeys))
        let common = Self.common(reader, diagnostics: &diagnostics)
        let period = diagnostics.collect { try reader["period"].map { node throws(Diagnostic) in
            let period = try Self.period(node, "period")
            guard period.maximumDays <= 3660 else {
                throw Diagnostic.error(node.location, "period '\(period)' is longer than 10 years", hint: "write how long the access lasts, such as P1Y")
            }
            return period
        } } ?? nil
        guard !diagnostics.hasErrors, let price = common.price else { throw DiagnosticsError(diagnostics.all) }
        return Product(id: common.id, kind: kind, referenceName: common.referenceName, level: 0, period: period, price: price,
                       familyShareable: common.familyShareable, icon: common.icon?.path, iconLocation: common.icon?.location,
                       localizations: common.texts, location: node.location)
    }

    /// The keys every product has: id, reference name, price, family sharing, icon and texts.
    static func common(_ reader: MappingReader, diagnostics: inout Diagnostics)
        -> (id: String, referenceName: String, price: Price?, familyShareable: Bool, icon: (path: String, location: SourceLocation)?,
            texts: [String: LocalizedText]) {
        let id = diagnostics.collect { try Self.identifier(reader, "the product ID") } ?? ""
        let referenceName = diagnostics.collect { try reader["referenceName"]?.catalogText("referenceName") } ?? nil
        let price = diagnostics.collect { try Self.price(reader.required("price"), "price", keyLocation: reader.keyLocation("price")) }
        let family = diagnostics.collect { try reader["familyShareable"]?.bool("familyShareable") } ?? nil
        let icon = diagnostics.collect { () throws(Diagnostic) -> (path: String, location: SourceLocation)? in
            guard let node = reader["icon"] else { return nil }
            return (try node.nonEmptyString("icon"), node.location)
        } ?? nil
        let texts = diagnostics.collect { try Self.localizations(reader["localizations"]) } ?? [:]
        return (id, referenceName ?? id, price, family ?? false, icon, texts)
    }

    /// An auto-renewable subscription's period: one the App Store offers.
    static func renewalPeriod(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> Period {
        let period = try self.period(node, what)
        guard Period.renewalPeriods.contains(period) else {
            throw .error(node.location, "\(what) '\(period)' is not a period App Store subscriptions renew at",
                         hint: "use P1W, P1M, P2M, P3M, P6M or P1Y")
        }
        return period
    }

    /// An offer lasts `count` periods, 1 or more, and at most a year in all (as the App Store allows).
    static func offerLength(_ period: Period, count: Int?, at location: SourceLocation, countLocation: SourceLocation?) throws(Diagnostic) -> Int {
        let count = count ?? 1
        guard count >= 1 else {
            throw .error(countLocation ?? location, "an offer lasts 1 or more periods, not \(count)", hint: "write 1 or more, or leave it out for 1")
        }
        guard count <= 366, period.maximumDays <= 366, period.maximumDays * count <= 366 else {
            throw .error(countLocation ?? location, "an offer of \(count) × \(period) lasts longer than the 1 year the App Store allows",
                         hint: "shorten the offer's period or its number of periods")
        }
        return count
    }

    /// `amount` may have no more decimals than the storefront's currency (USD 2, JPY 0).
    static func checkDecimals(_ amount: Decimal, storefront: String, at location: SourceLocation) throws(Diagnostic) {
        guard let currency = Storefronts.currency(of: storefront) else { return }
        let digits = ICU.fractionDigits(currency: currency)
        guard PriceMath.roundDown(amount, digits) != amount else { return }
        throw .error(location, "the \(storefront) price \(amount) has more decimals than \(currency) has (\(digits))",
                     hint: "write it as the App Store shows it, such as \(PriceMath.plain(PriceMath.roundDown(amount, digits)))")
    }

    static func period(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> Period {
        let text = try node.string(what)
        guard let period = Period(iso8601: text) else {
            if text.count > 18, text.hasPrefix("P"), text.dropFirst().dropLast().allSatisfy(\.isNumber) {
                throw .error(node.location, "\(what) '\(text)' is longer than any App Store period", hint: "write P1W, P1M, P3M, P6M or P1Y")
            }
            throw .error(node.location, "\(what) '\(text)' is not an ISO 8601 period", hint: "write P1W, P1M, P3M, P6M or P1Y")
        }
        return period
    }

    /// `{ USA: "49.99", DEU: "54.99" }`.
    static func price(_ node: YAMLNode, _ what: String, keyLocation: SourceLocation? = nil) throws(Diagnostic) -> Price {
        var amounts: [String: Decimal] = [:]
        guard case .mapping = node.value else {
            throw .error(node.location, "\(what) must map storefronts to prices, such as { USA: \"4.99\", DEU: \"5.49\" }")
        }
        for pair in try node.pairs(what) {
            guard pair.key.count == 3, pair.key.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw .error(pair.keyLocation, "'\(pair.key)' is not an App Store storefront code",
                             hint: "use the ISO 3166 alpha-3 code, such as USA, DEU or JPN")
            }
            let amount = try pair.value.decimal("\(what).\(pair.key)")
            try checkDecimals(amount, storefront: pair.key, at: pair.value.location)
            amounts[pair.key] = amount
        }
        guard !amounts.isEmpty else { throw .error(node.location, "\(what) has no storefront", hint: "add one, such as USA: \"4.99\"") }
        return Price(amounts, location: keyLocation ?? node.location)
    }

    static func offer(_ node: YAMLNode, _ kind: Offer.Kind) throws(DiagnosticsError) -> Offer {
        var diagnostics = Diagnostics()
        let what = "\(kind.rawValue) offer"
        let reader: MappingReader
        do { reader = try MappingReader(node, "an \(what)") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(["id", "paymentMode", "period", "periodCount", "price", "billingPlan"]))
        let plan = diagnostics.collect { try reader["billingPlan"]?.choice("billingPlan", BillingPlan.self) } ?? nil
        let id = diagnostics.collect { () throws(Diagnostic) -> String? in
            guard let node = kind == .introductory ? reader["id"] : try reader.required("id") else { return nil }
            let id = try node.nonEmptyString("id")
            try Identifier.check(id, "the \(what) ID", at: node.location)
            return id
        } ?? nil
        let mode = diagnostics.collect { try reader.required("paymentMode").choice("paymentMode", Offer.PaymentMode.self) }
        let period = diagnostics.collect { try Self.period(reader.required("period"), "period") }
        var count = diagnostics.collect { try reader["periodCount"]?.int("periodCount") } ?? nil
        if let period {
            count = diagnostics.collect { try Self.offerLength(period, count: count, at: node.location, countLocation: reader["periodCount"]?.location) }
        }
        var price: Price?
        if mode != .freeTrial {
            price = diagnostics.collect { try self.price(reader.required("price"), "price", keyLocation: reader.keyLocation("price")) }
        }
        guard !diagnostics.hasErrors, let mode, let period else { throw DiagnosticsError(diagnostics.all) }
        return Offer(id: id, kind: kind, paymentMode: mode, period: period, periodCount: count ?? 1,
                     price: price, billingPlan: plan ?? .upFront, location: node.location)
    }
}
