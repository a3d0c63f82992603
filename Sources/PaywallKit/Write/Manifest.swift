#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `paywall-manifest.json`: every page written, and proof that paywall owns the output folder.
public struct Manifest: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        public var page: String
        public var locale: String
        /// `new`, `current` or `lapsed`.
        public var variant: String
        /// The customer's product for `current` and `lapsed`.
        public var productID: String?
        public var products: [String]
        public var hash: String
    }

    public static let fileName = "paywall-manifest.json"

    public var generator: String
    public var pages: [Entry]
    /// Every file written, the manifest aside.
    public var files: [String]
    /// Content hashes of the files that are not pages, so that a rebuild can keep them.
    public var fileHashes: [String: String]?

    public init(generator: String, pages: [Entry], files: [String], fileHashes: [String: String]? = nil) {
        self.generator = generator
        self.pages = pages
        self.files = files
        self.fileHashes = fileHashes
    }

    /// Every file's content hash: the pages' and the others'.
    public var hashes: [String: String] {
        var hashes = fileHashes ?? [:]
        for page in pages { hashes[page.path] = page.hash }
        return hashes
    }

}
