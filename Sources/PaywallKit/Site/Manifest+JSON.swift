import Foundation

/// The manifest as JSON, written and read by hand: it lists every file of a site (thousands), and a build reads
/// two and writes one, so Foundation's Codable coders (tens of milliseconds each) would cost more than the pages.
/// The format is what `JSONEncoder` writes with pretty printing and sorted keys, and any JSON of that shape reads.
extension Manifest {
    public func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 * files.count + pages.reduce(0) { $0 + 160 + 40 * $1.products.count })
        func add(_ text: StaticString) { out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
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
                try reader.object { (reader: inout JSONReader, path: String) throws(Failure) in hashes[path] = try reader.string() }
                fileHashes = hashes
            default: try reader.skipValue()
            }
        }
        guard let generator, let files, let pages else { throw Failure() }
        return Manifest(generator: generator, pages: pages, files: files, fileHashes: fileHashes)
    }

    private mutating func entry() throws(Failure) -> Manifest.Entry {
        var path: String?, page: String?, locale: String?, variant: String?, productID: String?, products: [String]?, hash: String?
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
        return Manifest.Entry(path: path, page: page, locale: locale, variant: variant, productID: productID, products: products, hash: hash)
    }

    private mutating func strings() throws(Failure) -> [String] {
        var items: [String] = []
        try array { (reader: inout JSONReader) throws(Failure) in items.append(try reader.string()) }
        return items
    }
}

/// JSON text for the manifest and the schemas.
enum JSONText {
    /// A JSON string literal (paths and IDs are plain; quotes, backslashes and control characters are escaped).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        // The bytes in place when the string has them contiguous (a manifest is thousands of short strings).
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if plain != true { out.append(contentsOf: quoted(text).utf8) }
    }

    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A small JSON reader for the manifest, read in one pass: objects member by member, arrays item by item,
/// strings; other values are skipped.
struct JSONReader {
    struct Failure: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Objects and arrays open around the reader; a document nested deeper is refused.
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get { skipSpace(); return index == bytes.count }
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    /// Reads `open`, then calls `item` for each item until `close` (items separated by commas).
    private mutating func sequence(_ open: UInt8, _ close: UInt8, _ item: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == open, depth < 32 else { throw Failure() }
        index += 1
        depth += 1
        defer { depth -= 1 }
        skipSpace()
        if index < bytes.count, bytes[index] == close { index += 1; return }
        while true {
            try item(&self)
            skipSpace()
            guard index < bytes.count else { throw Failure() }
            index += 1
            if bytes[index - 1] == close { return }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    /// An object: `member` is called with each name and must read the value.
    mutating func object(_ member: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        try sequence(UInt8(ascii: "{"), UInt8(ascii: "}")) { (reader: inout JSONReader) throws(Failure) in
            let name = try reader.string()
            reader.skipSpace()
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":") else { throw Failure() }
            reader.index += 1
            try member(&reader, name)
        }
    }

    /// An array: `item` is called for each item and must read it.
    mutating func array(_ item: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        try sequence(UInt8(ascii: "["), UInt8(ascii: "]"), item)
    }

    /// Whether the next value is `null`, which is read.
    mutating func isNull() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// Any value, read and dropped.
    mutating func skipValue() throws(Failure) {
        skipSpace()
        guard index < bytes.count else { throw Failure() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object { (reader: inout JSONReader, _: String) throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "["): try array { (reader: inout JSONReader) throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        default:
            // true, false, null and numbers.
            while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        }
    }

    mutating func string() throws(Failure) -> String {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure() }
        index += 1
        // Most strings have no escapes: read them in one piece.
        if let end = bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }), bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        }
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Failure() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { throw Failure() }
                    index += 4
                    out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
                default: out.append(escape)
                }
            default:
                out.append(byte)
            }
        }
        throw Failure()
    }
}
