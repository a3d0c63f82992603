/// An `actions` URL template, split once at load into text and placeholders: `{productID}`, `{locale}`,
/// `{offerID}`, `{offerType}`, `{billingPlan}`, `{experiment}` and `{variant}` (the page's experiment and variant:
/// `control` on the tested page itself, both empty on a page outside experiments) and (in `changePlan`)
/// `{currentProductID}`, each value percent-encoded when the link is made.
public struct LinkTemplate: Sendable, Equatable {
    public enum Placeholder: String, Sendable, CaseIterable {
        case productID, locale, offerID, offerType, billingPlan, currentProductID, experiment, variant

        /// The placeholders of a purchase link (`subscribe`, `purchase`): all but the subscriber's current plan.
        static let purchase = allCases.filter { $0 != .currentProductID }
    }

    enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// The template as written.
    public var text: String
    /// Where it was written.
    public var location: SourceLocation
    var parts: [Part]

    /// Splits `text`; `{name}` must be one of `allowed`, and a `{` that opens no placeholder is refused
    /// (a brace has no place in a URL: `%7B` writes one). `column(offset)` places a problem `offset`
    /// characters into the text.
    init(_ text: String, what: String, at location: SourceLocation, allowed: [Placeholder],
         column: (Int) -> SourceLocation) throws(Diagnostic) {
        self.text = text
        self.location = location
        var parts: [Part] = []
        var literal = ""
        var offset = 0
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            offset += rest[..<open].count
            let after = rest[rest.index(after: open)...]
            let name = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            let names = allowed.map { "{\($0.rawValue)}" }.joined(separator: ", ")
            guard !name.isEmpty, after.dropFirst(name.count).first == "}" else {
                throw .error(column(offset), "\(what) has a '{' that opens no placeholder",
                             hint: "the placeholders are \(names); write a literal brace as %7B")
            }
            guard let placeholder = Placeholder(rawValue: String(name)), allowed.contains(placeholder) else {
                let known = Placeholder(rawValue: String(name)) != nil
                throw .error(column(offset),
                             "\(what) has the placeholder {\(name)}, which "
                             + "\(known ? "has no value in this action" : "paywall does not know")",
                             hint: "the placeholders here are \(names)"
                                 + (suggestion(for: String(name), in: allowed.map(\.rawValue))
                                     .map { "; did you mean {\($0)}?" } ?? ""))
            }
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
            parts.append(.placeholder(placeholder))
            offset += name.count + 2
            rest = after.dropFirst(name.count + 1)
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// The values a purchase link is made of.
    public struct Values: Sendable, Hashable {
        public var productID: String
        public var locale: String
        /// Empty for an introductory offer (the App Store gives those no ID) and without an offer.
        public var offerID: String
        /// `introductory`, `promotional`, `winBack` or `none`.
        public var offerType: String
        /// `upFront` or `monthly`.
        public var billingPlan: String
        /// The subscriber's current plan, for `changePlan`; empty elsewhere.
        public var currentProductID = ""
        /// The page's experiment ID and variant (`control` for the tested page); empty outside experiments.
        public var experiment = ""
        public var variant = ""

        /// The values of `product` shown with `offer`, in `locale`, billed by `billingPlan` (the option's
        /// `BillingPlan`; one-time products bill up front).
        public init(product: String = "", locale: String, offer: Offer? = nil,
                    billingPlan: String = BillingPlan.upFront.rawValue) {
            self.productID = product
            self.locale = locale
            self.offerID = offer.flatMap { $0.kind == .introductory ? nil : $0.id } ?? ""
            self.offerType = offer?.kind.rawValue ?? "none"
            self.billingPlan = billingPlan
        }
    }

    /// The link for `values`, each placeholder's value percent-encoded.
    public func expand(_ values: Values) -> String {
        guard hasPlaceholders else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for part in parts {
            switch part {
            case .text(let literal): result += literal
            case .placeholder(.productID): result += Actions.encode(values.productID)
            case .placeholder(.locale): result += Actions.encode(values.locale)
            case .placeholder(.offerID): result += Actions.encode(values.offerID)
            case .placeholder(.offerType): result += Actions.encode(values.offerType)
            case .placeholder(.billingPlan): result += Actions.encode(values.billingPlan)
            case .placeholder(.currentProductID): result += Actions.encode(values.currentProductID)
            case .placeholder(.experiment): result += Actions.encode(values.experiment)
            case .placeholder(.variant): result += Actions.encode(values.variant)
            }
        }
        return result
    }

    /// Whether any placeholder is filled in.
    public var hasPlaceholders: Bool { parts.contains { if case .placeholder = $0 { true } else { false } } }

    /// True when the text before the first placeholder already fixes the link as https or relative, so no
    /// value can change that: values are percent-encoded (no `:`, `/`, `\\`, space or control character), and
    /// appending them to `https://h…`, `/p…`, `./`, `?…` or `#…` keeps the scheme, the host's start and the
    /// path's. Other templates are checked by filling them with every value that can reach them.
    var isSafeWhateverItsValues: Bool {
        guard case .text(let prefix)? = parts.first else { return !hasPlaceholders }
        guard parts.count > 1 else { return true }
        let lower = prefix.lowercased()
        if lower.hasPrefix("https://") {
            return lower.utf8.count > 8 && !"/\\".contains(lower.dropFirst(8).first ?? "/")
        }
        if lower.hasPrefix("/") { return lower.utf8.count > 1 && !"/\\".contains(lower.dropFirst().first ?? "/") }
        return lower.hasPrefix("./") || lower.hasPrefix("?") || lower.hasPrefix("#")
    }
}

/// Makes the links of `actions`: purchase links per product, store buttons per locale.
public enum Actions {
    /// Percent-encodes everything but unreserved characters and the sub-delimiters a query value may hold
    /// (`&=+?#/` are encoded, so a value never ends the parameter or the path).
    static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "@"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return result
    }
}
