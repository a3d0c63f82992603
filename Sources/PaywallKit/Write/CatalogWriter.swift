#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a catalog in the native format (`paywall catalog import`): groups, levels, products, texts, offers,
/// billing plans and policies, each price under its storefront with a comment where further storefronts' go.
/// Loading the text gives a catalog that builds the same pages as the one written.
public enum CatalogWriter {
    public static func yaml(_ catalog: Catalog, from source: String) -> String {
        var out = Output()
        let storefront = catalog.storefront ?? "USA"
        out.line("# The native catalog of \(source), written by `paywall catalog import`.")
        out.line("# Its prices are the \(storefront) storefront's; add each further storefront's price where a comment")
        out.line("# says, such as DEU: \"9.99\". A locale shows the storefront paywall.yml maps it to (storefronts:")
        out.line("# { de-DE: DEU }), else `storefront` below, as the .storekit file's settings did.")
        out.line("storefront: \(storefront)")
        if let locale = catalog.defaultLocale { out.line("defaultLocale: \(quoted(locale))") }
        if !catalog.groups.isEmpty { out.line("subscriptionGroups:") }
        for group in catalog.groups {
            out.line("  - id: \(quoted(group.id))")
            out.line("    name: \(quoted(group.name))")
            texts(group.localizations, indent: 4, into: &out)
            out.line("    subscriptions:")
            for product in group.subscriptions { subscription(product, storefront: storefront, into: &out) }
        }
        for (key, kind) in NativeCatalogLoader.oneTimeLists {
            let products = catalog.oneTimeProducts.filter { $0.kind == kind }
            guard !products.isEmpty else { continue }
            out.line("\(key):")
            for product in products {
                common(product, first: "  - ", indent: 4, storefront: storefront, into: &out)
                if let period = product.period { out.line("    period: \(period)") }
                texts(product.localizations, indent: 4, into: &out)
            }
        }
        policies(catalog.appPolicies, into: &out)
        return out.text
    }

    struct Output {
        var text = ""
        mutating func line(_ line: String) { text += line + "\n" }
    }

    /// A YAML double-quoted scalar: JSON's escapes are YAML's, and YAML also wants the characters it cannot
    /// print (DEL, C1 controls, line and paragraph separators, BOM) escaped.
    static func quoted(_ text: String) -> String {
        let json = JSONText.quoted(text)
        func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || [0x2028, 0x2029, 0xFEFF].contains(scalar.value)
        }
        guard json.unicodeScalars.contains(where: isUnprintable) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if isUnprintable(scalar) {
                result += "\\u" + TextFormat.hex(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func subscription(_ product: Product, storefront: String, into out: inout Output) {
        common(product, first: "      - ", indent: 8, storefront: storefront, into: &out)
        let pad = String(repeating: " ", count: 8)
        out.line("\(pad)level: \(product.level)")
        if let period = product.period { out.line("\(pad)period: \(period)") }
        let intros = product.introductoryOffers
        if intros.count == 1 {
            out.line("\(pad)introductoryOffer:")
            offer(intros[0], first: "\(pad)  ", indent: 10, storefront: storefront, into: &out)
        } else if intros.count > 1 {
            out.line("\(pad)introductoryOffer:")
            for intro in intros { offer(intro, first: "\(pad)  - ", indent: 12, storefront: storefront, into: &out) }
        }
        for (key, offers) in [("promotionalOffers", product.promotionalOffers),
                              ("winBackOffers", product.winBackOffers)] where !offers.isEmpty {
            out.line("\(pad)\(key):")
            for offer in offers {
                self.offer(offer, first: "\(pad)  - ", indent: 12, storefront: storefront, into: &out)
            }
        }
        if let plan = product.monthlyPlan {
            out.line("\(pad)billingPlans:                # 12 monthly payments with a 12-month commitment")
            out.line("\(pad)  monthly:")
            price(plan.price, key: "price", indent: 12, storefront: storefront, into: &out)
            if let total = plan.commitmentPrice {
                price(total, key: "commitmentPrice", indent: 12, storefront: storefront, into: &out)
            }
        }
        texts(product.localizations, indent: 8, into: &out)
    }

    /// `id`, `referenceName`, `price`, `familyShareable` and `icon`; `first` opens the list item.
    static func common(_ product: Product, first: String, indent: Int, storefront: String, into out: inout Output) {
        let pad = String(repeating: " ", count: indent)
        out.line("\(first)id: \(quoted(product.id))")
        out.line("\(pad)referenceName: \(quoted(product.referenceName))")
        price(product.price, key: "price", indent: indent, storefront: storefront, into: &out)
        if product.familyShareable { out.line("\(pad)familyShareable: true") }
        if let icon = product.icon { out.line("\(pad)icon: \(quoted(icon))") }
    }

    static func offer(_ offer: Offer, first: String, indent: Int, storefront: String, into out: inout Output) {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        if let id = offer.id { lines.append("id: \(quoted(id))") }
        lines.append("paymentMode: \(offer.paymentMode.rawValue)")
        lines.append("period: \(offer.period)")
        if offer.periodCount != 1 { lines.append("periodCount: \(offer.periodCount)") }
        if offer.billingPlan != .upFront { lines.append("billingPlan: \(offer.billingPlan.rawValue)") }
        for (index, line) in lines.enumerated() { out.line((index == 0 ? first : pad) + line) }
        if let price = offer.price {
            self.price(price, key: "price", indent: indent, storefront: storefront, into: &out)
        }
    }

    /// Every storefront's price, then where the next one goes.
    static func price(_ price: Price, key: String, indent: Int, storefront: String, into out: inout Output) {
        let pad = String(repeating: " ", count: indent)
        out.line("\(pad)\(key):")
        for code in price.storefronts { out.line("\(pad)  \(code): \"\(price[code]!)\"") }
        out.line("\(pad)  # each further storefront's price here, such as "
                     + "\(storefront == "DEU" ? "GBR" : "DEU"): \"…\"")
    }

    static func texts(_ texts: [String: LocalizedText], indent: Int, into out: inout Output) {
        guard !texts.isEmpty else { return }
        let pad = String(repeating: " ", count: indent)
        out.line("\(pad)localizations:")
        for locale in texts.keys.sorted() {
            let text = texts[locale]!
            out.line("\(pad)  \(locale): { displayName: \(quoted(text.displayName)), "
                         + "description: \(quoted(text.description)) }")
        }
    }

    static func policies(_ policies: Policies, into out: inout Output) {
        let links = [("termsOfService", policies.termsOfService), ("privacyPolicy", policies.privacyPolicy)]
            .compactMap { key, link in link.map { (key, $0) } }
        guard !links.isEmpty else { return }
        out.line("appPolicies:")
        for (key, link) in links {
            switch link {
            case .url(let url): out.line("  \(key): \(quoted(url))")
            case .page(let name, let markdown, _):
                out.line(markdown.isEmpty ? "  \(key): { page: \(quoted(name)) }"
                                          : "  \(key): { text: \(quoted(markdown)) }")
            }
        }
    }
}

extension CatalogWriter {
    /// The native catalog of a `.storekit` file's contents, and what loading it found; nil on any error.
    public static func importStoreKit(_ data: Data, file: String) -> (yaml: String?, diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let text: String
        switch TextFile.decode(data, path: file) {
        case .success(let decoded): text = decoded
        case .failure(let problem):
            diagnostics.append(problem)
            return (nil, diagnostics)
        }
        guard let root = diagnostics.collect({ try YAML.parse(text, file: file) }),
              let catalog = StoreKitLoader.load(root, file: file, diagnostics: &diagnostics),
              !diagnostics.hasErrors else {
            return (nil, diagnostics)
        }
        diagnostics.append(contentsOf: catalog.billingPlanWarnings)
        return (yaml(catalog, from: TextFormat.lastPathComponent(file)), diagnostics)
    }
}
