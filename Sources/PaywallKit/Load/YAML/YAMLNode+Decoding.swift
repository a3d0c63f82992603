#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Typed access to a node; each accessor throws a located diagnostic that says what was expected.
extension YAMLNode {
    public func string(_ what: String) throws(Diagnostic) -> String {
        guard case .scalar(let text, _) = value, !isNull || what.isEmpty else {
            throw .error(location, "\(what) must be a text, not \(isNull ? "empty" : kindName)")
        }
        return text
    }

    public func nonEmptyString(_ what: String) throws(Diagnostic) -> String {
        let text = try string(what)
        guard !text.trimmingSpaces.isEmpty else {
            throw .error(location, "\(what) is empty", hint: "give it a value")
        }
        return text
    }

    public func int(_ what: String) throws(Diagnostic) -> Int {
        guard case .scalar(let text, _) = value, let number = Int(text) else {
            throw .error(location, "\(what) must be a whole number")
        }
        return number
    }

    public func bool(_ what: String) throws(Diagnostic) -> Bool {
        guard case .scalar(let text, _) = value else { throw .error(location, "\(what) must be true or false") }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw .error(location, "\(what) must be true or false, not '\(text)'")
        }
    }

    public func sequence(_ what: String) throws(Diagnostic) -> [YAMLNode] {
        if isNull { return [] }
        guard case .sequence(let items) = value else {
            throw .error(location, "\(what) must be a list, not \(kindName)",
                         hint: "write it as [a, b] or as lines starting with '- '")
        }
        return items
    }

    /// A list, or a single value taken as a list of one.
    public func sequenceOrScalar(_ what: String) throws(Diagnostic) -> [YAMLNode] {
        if case .scalar = value, !isNull { return [self] }
        return try sequence(what)
    }

    public func pairs(_ what: String) throws(Diagnostic) -> [YAMLPair] {
        if isNull { return [] }
        guard case .mapping(let pairs) = value else {
            throw .error(location, "\(what) must be a mapping of 'key: value' lines, not \(kindName)")
        }
        return pairs
    }

    /// The value's case among `choices`, with a suggestion when misspelled.
    public func choice<T: RawRepresentable>(_ what: String, _ type: T.Type) throws(Diagnostic) -> T
    where T: CaseIterable, T.RawValue == String {
        let text = try string(what)
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint = suggestion(for: text, in: names).map { "did you mean '\($0)'?" }
            ?? "use one of: \(names.joined(separator: ", "))"
        throw .error(location, "'\(text)' is not a valid \(what)", hint: hint)
    }

    /// A price written as digits, "49.99", "7800", exactly, in `currency`'s minor units (or in more decimals, when
    /// written with more: the loaders check them against the storefront's currency).
    public func money(_ what: String, currency: String) throws(Diagnostic) -> Money {
        guard case .scalar(let text, _) = value
        else { throw .error(location, "\(what) must be a decimal number such as \"4.99\"") }
        let valid = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
        let decimals = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        guard !valid || decimals <= Self.maximumDecimals else {
            let shown = text.count > 24 ? text.prefix(12) + "…" + text.suffix(6) : Substring(text)
            throw .error(location, "\(what) '\(shown)' has \(decimals) decimals, more than any currency has",
                         hint: "write it as the App Store shows it, with the currency's decimals, such as \"4.99\"")
        }
        let read = valid ? Result { () throws(Money.Unreadable) in try Money.reading(text, currency: currency) }
                         : .failure(.notDigits)
        switch read {
        case .success(let money): return money
        case .failure(.notDigits):
            throw .error(location, "\(what) '\(text)' is not a decimal number",
                         hint: "write digits with an optional '.' and no currency sign, such as \"4.99\"")
        case .failure(.tooLarge):
            throw .error(location, "\(what) '\(text)' has more digits than a price can have",
                         hint: "write it as the App Store shows it, with at most 16 digits and the currency's decimals")
        }
    }

    /// Decimals past which a price is refused before it is read (no currency has more than 4).
    static let maximumDecimals = 18
}

/// Reads a mapping key by key and reports keys that nobody asked for (misspellings).
public struct MappingReader {
    public let node: YAMLNode
    private let pairs: [YAMLPair]
    private let what: String

    public init(_ node: YAMLNode, _ what: String) throws(Diagnostic) {
        self.node = node
        self.what = what
        self.pairs = try node.pairs(what)
    }

    public subscript(key: String) -> YAMLNode? {
        guard let value = pairs.first(where: { $0.key == key })?.value, !value.isNull else { return nil }
        return value
    }

    public func required(_ key: String) throws(Diagnostic) -> YAMLNode {
        guard let value = self[key] else {
            throw .error(node.location, "\(what) has no '\(key)'", hint: "add '\(key): …'")
        }
        return value
    }

    /// Errors for keys outside `known`, each with the closest known key.
    public func unknownKeys(_ known: [String]) -> [Diagnostic] {
        pairs.filter { !known.contains($0.key) }.map { pair in
            var hint = suggestion(for: pair.key, in: known).map { "did you mean '\($0)'?" }
                ?? "known keys are: \(known.joined(separator: ", "))"
            if pair.key.containsText(" ") && pair.value.isNull {
                // `{ description: Fast, light }` splits at the comma: the rest looks like a key.
                hint = "if '\(pair.key)' is the rest of the previous value, put that value in quotes (a comma ends a "
                       + "value inside { })"
            }
            return .error(pair.keyLocation, "unknown key '\(pair.key)' in \(what)", hint: hint)
        }
    }

    public var keys: [YAMLPair] { pairs }

    /// The absent keys of `known` that keys here misspell (`polices` for `policies`): values meant but not read.
    public func misspelledKeys(_ known: [String]) -> [String] {
        pairs.filter { !known.contains($0.key) }.compactMap { suggestion(for: $0.key, in: known) }
            .filter { self[$0] == nil }
    }

    /// Where `key` itself was written, when present.
    public func keyLocation(_ key: String) -> SourceLocation? { pairs.first { $0.key == key }?.keyLocation }
}
