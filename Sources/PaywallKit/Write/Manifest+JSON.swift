#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The manifest as JSON, written and read by hand: it lists every file of a site (thousands), and a build reads
/// two and writes one, so Foundation's Codable coders would cost more than the pages.
/// The format is what `JSONEncoder` writes with pretty printing and sorted keys, and any JSON of that shape reads.
extension Manifest {
    public func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 * files.count + pages.reduce(0) { $0 + 160 + 40 * $1.products.count })
        func add(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func quoted(_ text: String) { JSONText.appendQuoted(text, to: &out) }
        func field(_ indent: StaticString, _ name: StaticString, _ value: String) {
            add(indent)
            add(name)
            add(" : ")
            quoted(value)
        }
        /// `items` one per line at `indent`, separated by commas.
        func list<Item>(_ items: [Item], _ body: (Item) -> Void) {
            for (index, item) in items.enumerated() {
                if index > 0 { add(",\n") }
                body(item)
            }
        }
        add("{\n")
        if let fileHashes {
            add("  \"fileHashes\" : {\n")
            list(fileHashes.sorted { $0.key < $1.key }) { add("    "); quoted($0.key); add(" : "); quoted($0.value) }
            add("\n  },\n")
        }
        add("  \"files\" : [\n")
        list(files) { add("    "); quoted($0) }
        add("\n  ],\n")
        field("  ", "\"generator\"", generator)
        add(",\n  \"pages\" : [\n")
        list(pages) { page in
            add("    {\n")
            field("      ", "\"hash\"", page.hash)
            field(",\n      ", "\"locale\"", page.locale)
            field(",\n      ", "\"page\"", page.page)
            field(",\n      ", "\"path\"", page.path)
            if let productID = page.productID { field(",\n      ", "\"productID\"", productID) }
            add(",\n      \"products\" : [\n")
            list(page.products) { add("        "); quoted($0) }
            add("\n      ]")
            field(",\n      ", "\"variant\"", page.variant)
            add("\n    }")
        }
        add("\n  ]\n}\n")
        return Data(out)
    }

    /// Reads a manifest straight from the bytes, without a tree of the whole document: a 20,000-page site's is
    /// megabytes. Members it does not know are skipped; nil when the JSON is not a manifest.
    public static func decode(_ data: Data) -> Manifest? {
        data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let manifest = try? reader.manifest(), reader.atEnd else { return nil }
            return manifest
        }
    }
}

extension JSONReader {
    mutating func manifest() throws(Failure) -> Manifest {
        var generator: String?, files: [String]?, pages: [Manifest.Entry]?, fileHashes: [String: String]?
        try object { (reader: inout JSONReader, name: String) throws(Failure) in
            switch name {
            case "generator": generator = try reader.string()
            case "files": files = try reader.strings()
            case "pages":
                var entries: [Manifest.Entry] = []
                try reader.array { (reader: inout JSONReader) throws(Failure) in entries.append(try reader.entry()) }
                pages = entries
            case "fileHashes":
                var hashes: [String: String] = [:]
                try reader.object { (reader: inout JSONReader, path: String) throws(Failure) in
                    hashes[path] = try reader.string()
                }
                fileHashes = hashes
            default: try reader.skipValue()
            }
        }
        guard let generator, let files, let pages else { throw Failure() }
        return Manifest(generator: generator, pages: pages, files: files, fileHashes: fileHashes)
    }

    private mutating func entry() throws(Failure) -> Manifest.Entry {
        var path: String?, page: String?, locale: String?, variant: String?,
            productID: String?, products: [String]?, hash: String?
        try object { (reader: inout JSONReader, name: String) throws(Failure) in
            switch name {
            case "path": path = try reader.string()
            case "page": page = try reader.string()
            case "locale": locale = try reader.string()
            case "variant": variant = try reader.string()
            case "productID": productID = try reader.isNull() ? nil : reader.string()
            case "products": products = try reader.strings()
            case "hash": hash = try reader.string()
            default: try reader.skipValue()
            }
        }
        guard let path, let page, let locale, let variant, let products, let hash else { throw Failure() }
        return Manifest.Entry(path: path, page: page, locale: locale, variant: variant, productID: productID,
                              products: products, hash: hash)
    }

    private mutating func strings() throws(Failure) -> [String] {
        var items: [String] = []
        try array { (reader: inout JSONReader) throws(Failure) in items.append(try reader.string()) }
        return items
    }
}
