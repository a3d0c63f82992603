#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The catalog as a build read it, with what reading it found, for the next build of the same inputs (`serve`
/// after an edit to a page): reading a catalog is the longest part of loading a site, and a page's copy is edited
/// far more often than the catalog. Found again only for equal inputs: the catalog file's path and bytes, `prices.yml`,
/// the settings (which name the catalog and its storefronts), and the site folder that messages name.
final class CatalogMemo: Sendable {
    struct Key: Equatable, Sendable {
        var folder: String, config: String?
        var catalog: String?, catalogData: Data?, catalogProblem: Diagnostic?
        var prices: String?, pricesText: String?

        init(_ inputs: SiteInputs) {
            (folder, config) = (inputs.folder, inputs.config)
            (catalog, catalogData, catalogProblem) = (inputs.catalog?.path, inputs.catalog?.data, inputs.catalogProblem)
            (prices, pricesText) = (inputs.prices?.path, inputs.prices?.text)
        }
    }

    let key: Key
    let catalog: Catalog?
    let diagnostics: Diagnostics

    init(key: Key, catalog: Catalog?, diagnostics: Diagnostics) {
        (self.key, self.catalog, self.diagnostics) = (key, catalog, diagnostics)
    }
}
