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

    public static func decode(_ data: Data) -> Manifest? {
        var parser = JSONReader(bytes: [UInt8](data))
        guard let root = try? parser.value(), case .object = root, parser.atEnd else { return nil }
        func strings(_ value: JSONReader.Value?) -> [String]? {
            guard case .array(let items)? = value else { return nil }
            return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        func string(_ value: JSONReader.Value?) -> String? { if case .string(let text)? = value { text } else { nil } }
        guard let generator = string(root["generator"]), let files = strings(root["files"]),
              case .array(let items)? = root["pages"] else { return nil }
        var pages: [Entry] = []
        for item in items {
            let fields = item
            guard case .object = fields, let path = string(fields["path"]), let page = string(fields["page"]),
                  let locale = string(fields["locale"]), let variant = string(fields["variant"]),
                  let products = strings(fields["products"]), let hash = string(fields["hash"]) else { return nil }
            pages.append(Entry(path: path, page: page, locale: locale, variant: variant, productID: string(fields["productID"]),
                               products: products, hash: hash))
        }
        var fileHashes: [String: String]?
        if case .object(let hashes)? = root["fileHashes"] {
            fileHashes = Dictionary(hashes.compactMap { member in string(member.value).map { (member.name, $0) } }, uniquingKeysWith: { $1 })
        }
        return Manifest(generator: generator, pages: pages, files: files, fileHashes: fileHashes)
    }
}

/// JSON text for the manifest and the schemas.
enum JSONText {
    /// A JSON string literal (paths and IDs are plain; quotes, backslashes and control characters are escaped).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: quoted(text).utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\""))
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

/// A small JSON reader for the manifest: objects, arrays, strings, and the other scalars skipped as null.
struct JSONReader {
    enum Value {
        /// Members in order: a manifest's objects have a few names each, found faster by a scan than by hashing.
        case object([(name: String, value: Value)]), array([Value]), string(String), other

        /// The member named `name` of an object (the last, when it repeats).
        subscript(name: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.name == name }?.value
        }
    }

    struct Failure: Error {}

    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get { skipSpace(); return index == bytes.count }
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    mutating func value(depth: Int = 0) throws(Failure) -> Value {
        guard depth < 32 else { throw Failure() }
        skipSpace()
        guard index < bytes.count else { throw Failure() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(name: String, value: Value)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard case .string(let key) = try value(depth: depth + 1) else { throw Failure() }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Failure() }
                index += 1
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw Failure() }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { throw Failure() }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [Value] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw Failure() }
                index += 1
                if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
                guard bytes[index - 1] == UInt8(ascii: ",") else { throw Failure() }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        default:
            // true, false, null and numbers: the manifest has none that matter.
            while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            return .other
        }
    }

    mutating func string() throws(Failure) -> String {
        index += 1
        // Most strings have no escapes: read them in one piece.
        if let end = bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }), bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
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
