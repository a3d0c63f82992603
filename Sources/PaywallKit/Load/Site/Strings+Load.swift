#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Strings {
    /// Parses one strings file: keys to texts or plural-form objects.
    public static func parse(_ root: YAMLNode, file: String) throws(DiagnosticsError) -> [String: Value] {
        var diagnostics = Diagnostics()
        var values: [String: Value] = [:]
        for pair in diagnostics.collect({ try root.pairs(file) }) ?? [] where !pair.key.hasPrefix("_") {
            diagnostics.collect { () throws(Diagnostic) in
                if case .mapping = pair.value.value {
                    var forms: [String: String] = [:]
                    for form in try pair.value.pairs(pair.key) {
                        guard ICU.PluralCategory(rawValue: form.key) != nil else {
                            throw .error(form.keyLocation, "'\(form.key)' is not a plural category",
                                         hint: "use zero, one, two, few, many or other")
                        }
                        forms[form.key] = try form.value.string(pair.key)
                    }
                    guard forms["other"] != nil else {
                        throw .error(pair.value.location, "plural forms of '\(pair.key)' have no 'other'",
                                     hint: "add other: …")
                    }
                    values[pair.key] = .plural(forms)
                } else {
                    values[pair.key] = .text(try pair.value.string(pair.key))
                }
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return values
    }
}
