/// A static A/B test (`experiments:` in paywall.yml, DESIGN.md 5a): a page (the variant `control`), its variants
/// (each the content file `PAGE+VARIANT.md`) with their shares, and the query parameter that names a visitor.
public struct Experiment: Sendable, Equatable {
    /// One variant and its share, in hundredths of a percent (`split_clients`' precision: 33.33 is 3333).
    public struct Variant: Sendable, Equatable {
        public var name: String
        public var weight: Int
        public var location: SourceLocation

        public init(name: String, weight: Int, location: SourceLocation) {
            self.name = name
            self.weight = weight
            self.location = location
        }
    }

    /// One assignment's part of the 32-bit hash: `[from, to)`; `holdout` for the share no variant takes.
    public struct Range: Sendable, Equatable {
        public var variant: String
        public var weight: Int
        public var from: UInt64
        public var to: UInt64
        /// The page its visitors see: `PAGE+VARIANT`, or the page itself for the control and the holdout.
        public var page: String
        public var isHoldout: Bool { variant == Experiment.holdout }
    }

    public var id: String
    public var page: String
    public var variants: [Variant]
    /// The query parameter naming a visitor (an app user ID); nil: the `pw_visitor` cookie alone.
    public var unit: String?
    public var location: SourceLocation
    /// Where `page:` and `variants:` were written.
    public var pageLocation: SourceLocation
    public var variantsLocation: SourceLocation

    public init(id: String, page: String, variants: [Variant], unit: String?, location: SourceLocation,
                pageLocation: SourceLocation, variantsLocation: SourceLocation) {
        self.id = id
        self.page = page
        self.variants = variants
        self.unit = unit
        self.location = location
        self.pageLocation = pageLocation
        self.variantsLocation = variantsLocation
    }

    /// The variant that is the page itself.
    public static let control = "control"
    /// The visitors no variant takes (weights under 100): they see the control.
    public static let holdout = "holdout"
    /// The cookie that names a visitor without a unit, set once by the host to a random ID.
    public static let cookie = "pw_visitor"
    /// The hash's whole range: 2^32.
    public static let hashEnd: UInt64 = 1 << 32

    /// The content file's base name of `variant`: `pro+annual`, or `pro` for the control.
    public func pageName(of variant: String) -> String {
        variant == Self.control ? page : page + "+" + variant
    }

    /// The key the hash is computed over for a visitor's unit: `EXPERIMENT_ID:UNIT`.
    public func key(unit: String) -> String { id + ":" + unit }

    /// The sum of the weights, in hundredths of a percent.
    public var totalWeight: Int { variants.reduce(0) { $0 + $1.weight } }

    /// Each variant's range in the listed order, then the holdout's when the weights leave one, exactly as nginx's
    /// `split_clients` computes them: each bound is the sum so far of `weight * 0xffffffff / 10000` (in integers),
    /// a hash below it takes the part; the last part (`*`: the last variant with a weight, or the holdout) takes
    /// every hash above. A variant of weight 0 has an empty range.
    public var ranges: [Range] {
        var result: [Range] = []
        var last: UInt64 = 0
        let lastWeighted = variants.lastIndex { $0.weight > 0 }
        let holdout = totalWeight < 10_000
        for (index, variant) in variants.enumerated() {
            let from = last
            if variant.weight > 0 { last += UInt64(variant.weight) * 0xffff_ffff / 10_000 }
            let to = !holdout && index == lastWeighted ? Self.hashEnd : last
            result.append(Range(variant: variant.name, weight: variant.weight, from: from, to: to,
                                page: pageName(of: variant.name)))
        }
        if holdout {
            result.append(Range(variant: Self.holdout, weight: 10_000 - totalWeight, from: last, to: Self.hashEnd,
                                page: page))
        }
        return result
    }

    /// The range `unit`'s visitor falls in.
    public func assignment(unit: String) -> Range? {
        let hash = UInt64(MurmurHash2.hash(key(unit: unit)))
        return ranges.first { $0.from <= hash && hash < $0.to }
    }

    /// `pro+annual` → (`pro`, `annual`): a content name that is a variant's; nil for any other.
    public static func split(pageName name: String) -> (page: String, variant: String)? {
        guard let plus = name.firstIndex(of: "+") else { return nil }
        let page = String(name[..<plus]), variant = String(name[name.index(after: plus)...])
        guard Identifier.isValid(page), isName(variant) else { return nil }
        return (page, variant)
    }

    /// A variant's name: letters, digits, `_` and `-`, starting with a letter, at most 40 characters.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first), name.utf8.count <= 40 else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// An experiment's ID: letters, digits and `-`, starting with a letter or digit, at most 64 characters.
    public static func isID(_ id: String) -> Bool {
        guard let first = id.utf8.first, first != UInt8(ascii: "-"), id.utf8.count <= 64 else { return false }
        return id.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// A query parameter nginx can read as `$arg_NAME`: letters, digits and `_`.
    public static func isParameter(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// A page's part in an experiment: its ID, the variant the page is, and the control page's name.
public struct ExperimentRole: Sendable, Encodable, Equatable, Hashable {
    public var id: String
    public var variant: String
    public var control: String
    public var isVariant: Bool { variant != Experiment.control }
}
