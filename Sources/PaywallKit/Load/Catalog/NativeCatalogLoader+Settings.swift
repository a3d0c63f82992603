#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a native catalog keeps of a `.storekit` file's settings, so an imported catalog builds the same pages.
extension NativeCatalogLoader {
    /// `storefront` (the prices locales show where paywall.yml maps none, as `settings._storefront`) and
    /// `defaultLocale` (the default when paywall.yml names none, as `settings._locale`).
    static func settings(_ reader: MappingReader,
                         diagnostics: inout Diagnostics) -> (storefront: String?, defaultLocale: String?) {
        let storefront = diagnostics.collect { () throws(Diagnostic) -> String? in
            guard let node = reader["storefront"] else { return nil }
            let code = try node.string("storefront")
            guard Storefronts.currency(of: code) != nil, code == code.uppercased() else {
                throw .error(node.location, "'\(code)' is not an App Store storefront code",
                             hint: "use the ISO 3166 alpha-3 code, such as USA, DEU or JPN")
            }
            return code
        } ?? nil
        let locale = diagnostics.collect { () throws(Diagnostic) -> String? in
            guard let node = reader["defaultLocale"] else { return nil }
            let code = try node.string("defaultLocale")
            guard let locale = LocaleID.canonical(code) else {
                throw .error(node.location, "'\(code)' is not a BCP 47 locale",
                             hint: "write it like en-US, de, pt-BR or zh-Hans")
            }
            return locale
        } ?? nil
        return (storefront, locale)
    }

    /// `{ text: … }`: a policy's text, rendered as its own page (a `.storekit` EULA or policy text, imported).
    static func policyText(_ reader: MappingReader, _ what: String) throws(Diagnostic) -> Policies.Link? {
        guard let node = reader["text"] else { return nil }
        if let unknown = reader.unknownKeys(["text"]).first { throw unknown }
        let text = try node.nonEmptyString("\(what).text")
        _ = try node.catalogText("\(what).text", lines: true)
        return .page(name: what.hasSuffix("privacyPolicy") ? "privacy" : "terms", markdown: text,
                     location: node.location)
    }
}
