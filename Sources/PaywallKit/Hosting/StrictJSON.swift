/// JSON (RFC 8259) read as `JSONSerialization` read it before, for `AppSiteAssociation`: whether a file is valid, the
/// kind of its root and of each of the root object's members, and where the first mistake is (one trailing comma in
/// a list or object passes, as it did).
struct StrictJSON {
    enum Kind: Equatable { case object, array, scalar }

    /// Where reading stopped: the byte offset of what was not expected (the length at an early end), nil when the
    /// bytes are not UTF-8.
    struct Failure: Error { let offset: Int? }

    /// The root's kind and, when it is an object, its members' kinds (the last of a repeated name).
    static func read(_ bytes: [UInt8]) throws(Failure) -> (root: Kind, members: [String: Kind]) {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Failure(offset: nil) }
        var reader = StrictJSON(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        var members: [String: Kind] = [:]
        let root = try reader.value(depth: 0) { members[$0] = $1 }
        reader.skipSpace()
        guard reader.index == bytes.count else { throw Failure(offset: reader.index) }
        return (root, members)
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var failure: Failure { Failure(offset: index) }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: Unicode.Scalar) throws(Failure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { throw failure }
        index += 1
    }

    /// Whether the next byte (after space) is `byte`, which is then read.
    private mutating func take(_ byte: Unicode.Scalar) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    /// A value; `member` is called with each member of an object at this level.
    private mutating func value(depth: Int, _ member: (String, Kind) -> Void = { _, _ in }) throws(Failure) -> Kind {
        skipSpace()
        guard index < bytes.count, depth < 512 else { throw failure }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            while !take("}") {
                skipSpace()
                let name = try string()
                try expect(":")
                member(name, try value(depth: depth + 1))
                if !take(",") { try expect("}"); break }
            }
            return .object
        case UInt8(ascii: "["):
            index += 1
            if take("]") { return .array }
            while true {
                _ = try value(depth: depth + 1)
                if !take(",") { try expect("]"); break }
                if take("]") { break }
            }
            return .array
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
        return .scalar
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure }
            index += 1
        }
    }

    private mutating func digits() throws(Failure) {
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw failure }
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(Failure) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 } else { try digits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digits()
        }
    }

    /// A string, its escapes read (a lone surrogate is a mistake); no control character may stand in it.
    private mutating func string() throws(Failure) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure }
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure }
                let escapes: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C,
                                               0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
                if let escaped = escapes[bytes[index]] {
                    out.append(escaped)
                    index += 1
                } else if bytes[index] == UInt8(ascii: "u") {
                    out += Array(String(try escapedScalar()).utf8)
                } else {
                    throw failure
                }
            case 0..<0x20: throw failure
            default:
                out.append(byte)
                index += 1
            }
        }
        throw failure
    }

    /// The scalar of `uXXXX` (and a low surrogate's `\uXXXX` after a high one), `index` at the `u`.
    private mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
        let high = try hexUnit()
        guard (0xD800..<0xDC00).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw failure }
            return scalar
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure }
        index += 1
        let low = try hexUnit()
        guard (0xDC00..<0xE000).contains(low),
              let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) else { throw failure }
        return scalar
    }

    /// Four hex digits after the `u` at `index`.
    private mutating func hexUnit() throws(Failure) -> UInt32 {
        index += 1
        guard index + 4 <= bytes.count,
              bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure }
        index += 4
        return unit
    }
}
