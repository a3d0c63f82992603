#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `.storekit` file's `settings`: the storefront its prices are for.
extension StoreKitLoader {
    /// `settings._storefront`, matched case-insensitively against the App Store's storefront codes (`gbr` is
    /// `GBR`); "USA" when the file names none (as Xcode does); nil, with an error at its place, for a code
    /// the App Store does not have, so no price is ever shown in a currency the file did not mean.
    static func storefront(_ root: YAMLNode, diagnostics: inout Diagnostics) -> String? {
        guard let node = root["settings"]?["_storefront"], !node.isNull else { return "USA" }
        return diagnostics.collect { () throws(Diagnostic) -> String in
            let code = try node.string("_storefront")
            let upper = code.uppercased()
            guard upper.count == 3, Storefronts.currency(of: upper) != nil else {
                let hint = suggestion(for: upper, in: Storefronts.all).map { "did you mean '\($0)'? " } ?? ""
                throw .error(node.location, "settings._storefront '\(code)' is not an App Store storefront code",
                             hint: hint + "choose the storefront in Xcode's StoreKit configuration editor (Editor ▸ "
                                + "Default Storefront), an ISO 3166 alpha-3 code such as USA, GBR or DEU")
            }
            return upper
        }
    }
}
