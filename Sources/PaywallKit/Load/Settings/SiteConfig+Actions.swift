#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SiteConfig {
    /// `app.openURL`: https (a universal link) or the app's own URL scheme; `app.appStoreURL`: https.
    mutating func loadAppLinks(_ reader: MappingReader, diagnostics: inout Diagnostics) {
        diagnostics.collect {
            guard let node = reader["openURL"] else { return }
            let url = try node.nonEmptyString("app.openURL")
            try SafeURL.checkAppLink(url, "app.openURL", at: node.location)
            appOpenURL = url
            valueLocations["app.openURL"] = node.location
        }
        diagnostics.collect {
            guard let node = reader["appStoreURL"] else { return }
            let url = try node.nonEmptyString("app.appStoreURL")
            try SafeURL.check(url, "app.appStoreURL", at: node.location)
            guard url.hasPrefix("https://") else {
                throw Diagnostic.error(node.location, "app.appStoreURL must be an absolute https:// URL",
                                       hint: "such as https://apps.apple.com/app/id123456789")
            }
            appStoreURL = url
            valueLocations["app.appStoreURL"] = node.location
        }
        if let node = reader["redeem"] {
            loadRedeem(node, key: reader.keyLocation("redeem") ?? node.location, diagnostics: &diagnostics)
        }
    }

    /// The keys of `app` and of `actions`.
    static let appKeys = ["name", "icon", "openURL", "appStoreURL", "socialImage", "appStoreID", "redeem"]
    static var actionKeys: [String] { actionNames + ["carry"] }

    /// The actions whose links are made per product.
    static let purchaseActionNames = ["subscribe", "purchase"]

    /// Reads `actions`: purchase links (template or map), `carry`, and the store buttons' links (`{locale}` only).
    mutating func loadActions(_ node: YAMLNode, diagnostics: inout Diagnostics) {
        guard let reader = diagnostics.collect({ try MappingReader(node, "actions") }) else { return }
        diagnostics.append(contentsOf: reader.unknownKeys(Self.actionKeys))
        for name in reader.misspelledKeys(Self.actionKeys) { refuse("actions.\(name)") }
        for name in Self.actionNames {
            guard let node = reader[name] else { continue }
            let before = diagnostics.errorsReported
            defer { if diagnostics.errorsReported > before { refuse("actions.\(name)") } }
            if name == "changePlan" {
                links.changePlan = diagnostics.collect {
                    let url = try node.nonEmptyString("actions.changePlan")
                    let template = try Self.template(url, "actions.changePlan", node,
                                                     allowed: LinkTemplate.Placeholder.allCases)
                    try SafeURL.check(url, "actions.changePlan", at: node.location)
                    return template
                }
                continue
            }
            if Self.purchaseActionNames.contains(name) {
                let links = Self.purchaseLinks(node, name, diagnostics: &diagnostics)
                if name == "subscribe" { self.links.subscribe = links } else { self.links.purchase = links }
                continue
            }
            diagnostics.collect {
                let url = try node.nonEmptyString("actions.\(name)")
                let template = try Self.template(url, "actions.\(name)", node, allowed: [.locale])
                try SafeURL.check(url, "actions.\(name)", at: node.location)
                links.buttons[name] = template
            }
        }
        if let carry = reader["carry"] {
            links.carryLocation = carry.location
            links.carry = Self.carried(carry, diagnostics: &diagnostics)
            links.script = CarryScript(links.carry, origins: carryOrigins(diagnostics: &diagnostics))
        }
    }

    /// The `https://host[:port]` of every absolute purchase link template, for the carry script: the sites besides
    /// the page's own whose links it fills. A host it cannot name exactly (a placeholder, or a character no host
    /// has) is an error at the template, since carry would otherwise skip that link without a word.
    func carryOrigins(diagnostics: inout Diagnostics) -> [String] {
        var origins: [String] = []
        for purchase in [links.subscribe, links.purchase].compactMap({ $0 }) {
            let byProduct = purchase.byProduct.sorted { $0.key < $1.key }.map(\.value)
            for template in [purchase.fallback].compactMap({ $0 }) + byProduct {
                let text = template.text.drop(while: \.isWhitespace)
                guard text.lowercased().hasPrefix("https://") else { continue }
                let authority = text.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                let isHost = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || ".-:[]".contains(c)) }
                guard !authority.isEmpty, authority.allSatisfy(isHost) else {
                    diagnostics.error(template.location,
                                      "actions.carry cannot tell the site of the purchase link '\(template.text)'",
                                      hint: "write its host out in full (no placeholder, user name or '%'), "
                                          + "such as https://pay.example.com/")
                    continue
                }
                let origin = "https://" + authority.lowercased()
                if !origins.contains(origin) { origins.append(origin) }
            }
        }
        return origins
    }

    /// A link template parsed from `node`, a problem placed at its column where the scalar is on one line.
    static func template(_ text: String, _ what: String, _ node: YAMLNode,
                         allowed: [LinkTemplate.Placeholder]) throws(Diagnostic) -> LinkTemplate {
        let location = node.location
        let isPlain = if case .scalar(_, let plain) = node.value { plain } else { true }
        return try LinkTemplate(text, what: what, at: location, allowed: allowed) { offset in
            guard !text.containsText("\n") else { return location }
            return SourceLocation(file: location.file, line: location.line,
                                  column: location.column + (isPlain ? 0 : 1) + offset)
        }
    }

    static func purchaseLinks(_ node: YAMLNode, _ name: String, diagnostics: inout Diagnostics) -> PurchaseLinks? {
        let what = "actions.\(name)"
        var links = PurchaseLinks(action: name, location: node.location)
        func link(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> LinkTemplate {
            let url = try node.nonEmptyString(what)
            let template = try template(url, what, node, allowed: LinkTemplate.Placeholder.purchase)
            try SafeURL.check(url, what, at: node.location)
            return template
        }
        guard case .mapping(let pairs) = node.value else {
            return diagnostics.collect { () throws(Diagnostic) -> PurchaseLinks in
                guard case .scalar = node.value else {
                    throw .error(node.location,
                                 "\(what) must be a link, or a link per product ID and `default`, not \(node.kindName)",
                                 hint: "write \(name): https://… or \(name): { pro.yearly: https://…, default: "
                                       + "https://… }")
                }
                links.fallback = try link(node, what)
                return links
            }
        }
        for pair in pairs {
            if pair.key == "default" {
                links.fallback = diagnostics.collect { try link(pair.value, "\(what).default") }
                continue
            }
            guard diagnostics.collect({ try Identifier.check(pair.key, "the product ID", at: pair.keyLocation) }) != nil
            else { continue }
            links.productKeys.append((pair.key, pair.keyLocation))
            if let template = diagnostics.collect({ try link(pair.value, "\(what).\(pair.key)") }) {
                links.byProduct[pair.key] = template
            }
        }
        return links
    }

    /// A query parameter name a script may copy: letters, digits, `-`, `_`, `.` and `~` (nothing a URL reads as
    /// syntax).
    static func isQueryName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "~"): true
            default: false
            }
        }
    }

    /// `carry: { from: to }` or `carry: [name]`.
    static func carried(_ node: YAMLNode, diagnostics: inout Diagnostics) -> [CarriedParameter] {
        var names: [(from: String, to: String, location: SourceLocation)] = []
        switch node.value {
        case .mapping(let pairs):
            for pair in pairs {
                guard let to = diagnostics.collect({ try pair.value.nonEmptyString("actions.carry.\(pair.key)") })
                else { continue }
                names.append((pair.key, to, pair.keyLocation))
                if !isQueryName(to) { names[names.count - 1].location = pair.value.location }
            }
        case .sequence(let items):
            for item in items {
                guard let name = diagnostics.collect({ try item.nonEmptyString("actions.carry") }) else { continue }
                names.append((name, name, item.location))
            }
        case .scalar:
            diagnostics.error(node.location, "actions.carry must be a list of query parameters or a mapping of them",
                              hint: "write carry: [app_user_id, utm_source] or carry: { app_user_id: "
                                    + "client_reference_id }")
        }
        var result: [CarriedParameter] = []
        var targets = Set<String>()
        for (from, to, location) in names {
            for name in [from, to] where !isQueryName(name) {
                diagnostics.error(location, "actions.carry: '\(name)' is not a query parameter name a link can carry",
                                  hint: "use 1 to 64 letters, digits, '-', '_', '.' or '~' (no spaces, '&', '=', "
                                        + "'#' or '%')")
            }
            guard isQueryName(from), isQueryName(to) else { continue }
            guard targets.insert(to).inserted else {
                diagnostics.error(location, "actions.carry writes '\(to)' twice",
                                  hint: "carry each parameter into its own name")
                continue
            }
            result.append(CarriedParameter(from: from, to: to))
        }
        return result
    }
}
