#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CSSColor {
    public static func check(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> String {
        let text = try node.nonEmptyString(what)
        let digits = text.dropFirst()
        // ASCII digits only: `Character.isHexDigit` also takes fullwidth ones ("#ＡＢＣ"), which are not CSS.
        guard text.first == "#", [3, 4, 6, 8].contains(digits.unicodeScalars.count),
              digits.unicodeScalars.allSatisfy(isASCIIHexDigit)
        else {
            throw .error(node.location, "\(what) '\(text)' is not a hex colour",
                         hint: "write it as #rrggbb or #rrggbbaa, such as \"#0a84ff\" (quoted)")
        }
        return text.lowercased()
    }
}
