#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The catalog as read from its ``Input``, with what reading it found: a pure function of that input, so that a build
/// cache may keep it by the input's digest (`serve`, after an edit to a page: a catalog is the longest part of
/// loading a site, and a page's copy is edited far more often).
struct CatalogRead: Sendable {
    /// Everything reading the catalog receives: the site folder (which messages name), the settings' text and the
    /// `--base-url` (which the settings are read with), the catalog file's path and bytes or why it could not be read,
    /// and `prices.yml`.
    struct Input: Encodable, Sendable {
        var folder: String, config: String?, baseURL: String?
        var catalogPath: String?, catalogData: Data?, catalogProblem: Diagnostic?
        var pricesPath: String?, pricesText: String?

        init(_ inputs: SiteInputs) {
            (folder, config, baseURL) = (inputs.folder, inputs.config, inputs.baseURL)
            (catalogPath, catalogData, catalogProblem) = (inputs.catalog?.path, inputs.catalog?.data,
                                                          inputs.catalogProblem)
            (pricesPath, pricesText) = (inputs.prices?.path, inputs.prices?.text)
        }
    }

    var catalog: Catalog?
    var diagnostics: Diagnostics
}

/// How loading reads what a build may have read before: the catalog and each content file. Each reader is given
/// the stage's input and the pure function that reads it; a build with a cache (``BuildCache``) passes readers that
/// answer by the input's digest, every other build reads.
struct LoadMemos: Sendable {
    var catalog: @Sendable (CatalogRead.Input, () -> CatalogRead) -> CatalogRead = { $1() }
    var contentFile: @Sendable (ContentFiles.Input, () -> ContentFiles.Parsed) -> ContentFiles.Parsed = { $1() }
}
