import Foundation

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

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
    }

    public static func decode(_ data: Data) -> Manifest? { try? JSONDecoder().decode(Manifest.self, from: data) }
}
