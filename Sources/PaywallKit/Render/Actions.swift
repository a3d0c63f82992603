/// Expands `actions` URL templates: `{productID}`, `{locale}` and `{offerID}`, percent-encoded.
public enum Actions {
    /// The URL template of an option's purchase link: `subscribe` for a subscription; `purchase`, else
    /// `subscribe`, for a one-time product.
    public static func purchase(_ product: Product, in actions: [String: String]) -> String? {
        product.isSubscription ? actions["subscribe"] : actions["purchase"] ?? actions["subscribe"]
    }

    public static func expand(_ template: String, productID: String = "", locale: String, offerID: String = "") -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + productID.utf8.count)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            if rest.hasPrefix("{productID}") {
                result += encode(productID)
                rest = rest.dropFirst(11)
            } else if rest.hasPrefix("{locale}") {
                result += encode(locale)
                rest = rest.dropFirst(8)
            } else if rest.hasPrefix("{offerID}") {
                result += encode(offerID)
                rest = rest.dropFirst(9)
            } else {
                result += "{"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// Percent-encodes everything but unreserved characters and the sub-delimiters a query value may hold
    /// (`&=+?#/` are encoded, so a value never ends the parameter or the path).
    static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
                 UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: ":"), UInt8(ascii: "@"):
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
