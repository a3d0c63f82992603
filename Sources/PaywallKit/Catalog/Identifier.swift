/// Product, group and page names become folder names and URLs, so they keep to App Store Connect's
/// characters: letters, digits, `.`, `_` and `-`.
public enum Identifier {
    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id != "." && id != ".." && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    public static func check(_ id: String, _ what: String, at location: SourceLocation) throws(Diagnostic) {
        guard isValid(id) else {
            throw .error(location, "\(what) '\(id)' has characters an ID cannot have",
                         hint: "use letters, digits, '.', '_' and '-' only, as App Store Connect does")
        }
    }
}
