/// Product, offer, group and page names become folder names, URLs and purchase-link values, so they keep
/// to App Store Connect's characters (letters, digits, `.`, `_` and `-`) and its length (100 characters).
public enum Identifier {
    /// App Store Connect's limit for a product ID; offer and group IDs are held to it too.
    public static let maxLength = 100

    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= maxLength && id != "." && id != ".."
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
                default: false
                }
            }
    }

    public static func check(_ id: String, _ what: String, at location: SourceLocation) throws(Diagnostic) {
        guard id.utf8.count <= maxLength else {
            throw .error(location, "\(what) '\(id.prefix(24))…' is \(id.count) characters long",
                         hint: "shorten it to \(maxLength) characters at most, as App Store Connect requires")
        }
        guard isValid(id) else {
            throw .error(location, "\(what) '\(id)' has characters an ID cannot have",
                         hint: "use letters, digits, '.', '_' and '-' only, as App Store Connect does")
        }
    }
}
