#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Policies {
    /// Content files named by `{ page: NAME.md }` links, by base name.
    public var pageNames: [String] {
        [termsOfService, privacyPolicy].compactMap { link in
            guard case .page(let name, let markdown, _)? = link, markdown.isEmpty else { return nil }
            return PageLoader.nameAndLocale(name).name
        }
    }
}
