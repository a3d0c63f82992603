#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Policies {
    /// Content files named by `{ page: NAME.md }` links, by base name, each with where it is named.
    public var pageReferences: [(name: String, location: SourceLocation)] {
        [termsOfService, privacyPolicy].compactMap { link in
            guard case .page(let name, let markdown, let location)? = link, markdown.isEmpty else { return nil }
            return (PageLoader.nameAndLocale(name).name, location)
        }
    }
}
