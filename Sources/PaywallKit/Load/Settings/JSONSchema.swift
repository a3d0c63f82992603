#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON Schemas (draft 2020-12) of paywall's file formats, for editors' completion and validation
/// (`paywall schema catalog|page|site|offers|experiments`; `offers` and `experiments` are the output's `offers.json`
/// and `experiments.json`). Built from the same key lists the loaders accept.
public enum JSONSchema {
    public enum Format: String, CaseIterable, Sendable { case catalog, page, site, offers, experiments }

    /// A JSON value with ordered keys, so the printed schema reads top-down.
    indirect enum Value {
        case string(String), bool(Bool), int(Int), array([Value]), object([(String, Value)])

        func json(_ indent: String = "") -> String {
            let inner = indent + "  "
            switch self {
            case .string(let text): return JSONText.quoted(text)
            case .bool(let flag): return flag ? "true" : "false"
            case .int(let number): return String(number)
            case .array(let items):
                if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                    return "[" + items.map { $0.json() }.joined(separator: ", ") + "]"
                }
                return "[\n" + items.map { inner + $0.json(inner) }.joined(separator: ",\n") + "\n\(indent)]"
            case .object(let pairs):
                if pairs.isEmpty { return "{}" }
                return "{\n" + pairs.map {
                    "\(inner)\(JSONText.quoted($0.0)): \($0.1.json(inner))"
                }.joined(separator: ",\n") + "\n\(indent)}"
            }
        }

    }

    /// The schema as pretty-printed JSON.
    public static func text(_ format: Format) -> String {
        let (title, body) = switch format {
        case .catalog: ("paywall catalog", catalog)
        case .page: ("paywall page front matter", page)
        case .site: ("paywall.yml", site)
        case .offers: ("paywall offers.json", offers)
        case .experiments: ("paywall experiments.json", experimentsFile)
        }
        var pairs: [(String, Value)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://paywall.example/schema/\(format.rawValue).json")),
            ("title", .string(title)),
        ]
        if case .object(let rest) = body { pairs += rest }
        guard case .object(var defs) = definitions else { return "" }
        if format == .page { defs.append(("templateVocabulary", templateVocabulary)) }
        pairs.append(("$defs", .object(defs)))
        return Value.object(pairs).json() + "\n"
    }

    // MARK: Building blocks

    static func string(_ description: String, pattern: String? = nil, format: String? = nil) -> Value {
        var pairs: [(String, Value)] = [("type", .string("string")), ("description", .string(description))]
        if let pattern { pairs.append(("pattern", .string(pattern))) }
        if let format { pairs.append(("format", .string(format))) }
        return .object(pairs)
    }

    static func choice(_ description: String, _ values: [String]) -> Value {
        .object([("description", .string(description)), ("enum", .array(values.map(Value.string)))])
    }

    static func ref(_ name: String, _ description: String? = nil) -> Value {
        var pairs: [(String, Value)] = [("$ref", .string("#/$defs/\(name)"))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }

    static func object(_ description: String, _ properties: [(String, Value)], required: [String] = [],
                       additional: Value? = nil) -> Value {
        var pairs: [(String, Value)] = [("type", .string("object")), ("description", .string(description)),
                                        ("properties", .object(properties))]
        if !required.isEmpty { pairs.append(("required", .array(required.map(Value.string)))) }
        pairs.append(("additionalProperties", additional ?? .bool(false)))
        return .object(pairs)
    }

    static func map(_ description: String, keys pattern: String, _ value: Value) -> Value {
        .object([("type", .string("object")), ("description", .string(description)),
                 ("propertyNames", .object([("pattern", .string(pattern))])), ("additionalProperties", value)])
    }

    static func list(_ description: String, _ item: Value) -> Value {
        .object([("type", .string("array")), ("description", .string(description)), ("items", item)])
    }

    static func oneOrMany(_ description: String, _ item: Value) -> Value {
        .object([("description", .string(description)),
                 ("anyOf", .array([item, .object([("type", .string("array")), ("items", item)])]))])
    }

    static let localePattern = "^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$"
    static let storefrontPattern = "^[A-Z]{3}$"

    static let definitions = Value.object([
        ("locale",
         string("A BCP 47 locale: en-US, de, pt-BR, zh-Hans (en_US is accepted too).", pattern: localePattern)),
        ("url", string("An https:// URL or a relative path; javascript:, data: and http: are rejected.",
                       pattern: "^(https://[^\\s]+|(?![A-Za-z][A-Za-z0-9+.-]*:)(?!//)[^\\s]*)$")),
        ("color",
         string("A hex colour, quoted: \"#0a84ff\", \"#fff\", \"#ffffff22\".",
                pattern: "^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")),
        ("period", string("An ISO 8601 period: P1W, P1M, P3M, P6M, P1Y.", pattern: "^P[1-9][0-9]*[DWMY]$")),
        ("asset", string("A file in the site's assets/ folder.", pattern: "^assets/.+")),
        ("price", map("Prices by App Store storefront (ISO 3166 alpha-3), as decimal strings: { USA: \"4.99\" }.",
                      keys: storefrontPattern,
                      string("A decimal price with no currency sign: \"4.99\", \"7800\".",
                             pattern: "^[0-9]+(\\.[0-9]+)?$"))),
        ("localizedText", object("Display name and description in one locale.", [
            ("displayName", string("The name shown to customers.")),
            ("description", string("One line under the name.")),
        ])),
        ("localizations", map("Texts by locale.", keys: localePattern, ref("localizedText"))),
        ("policyLink",
         .object([("description", .string("A URL, or { page: NAME.md } rendered from content/ as its own page.")),
                  ("anyOf",
                   .array([ref("url"),
                           object("A policy page.", [("page", string("A Markdown file in content/."))],
                                  required: ["page"]),
                           object("A policy's text (an imported EULA).",
                                  [("text", string("Markdown rendered as its own page."))],
                                  required: ["text"])]))])),
        ("policies", object("Terms of Service and Privacy Policy (App Store guideline 3.1.2).", [
            ("termsOfService", ref("policyLink")), ("privacyPolicy", ref("policyLink")),
        ])),
        ("offer", object("An offer: introductory, promotional or win-back.", [
            ("id", string("The offer ID (required for promotional and win-back offers).")),
            ("paymentMode",
             choice("freeTrial: nothing to pay; payAsYouGo: price each period for periodCount periods; payUpFront: "
                    + "price once for the whole period.",
                                   Offer.PaymentMode.allCases.map(\.rawValue))),
            ("period", ref("period")),
            ("periodCount",
             .object([("type", .string("integer")), ("minimum", .int(1)),
                      ("description", .string("How many periods (payAsYouGo)."))])),
            ("price", ref("price")),
            ("billingPlan",
             choice("The billing plan it applies to (default upFront).", BillingPlan.allCases.map(\.rawValue))),
        ], required: ["paymentMode", "period"])),
    ])
}
