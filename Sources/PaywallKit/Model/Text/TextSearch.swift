/// The few string searches paywall needs beyond the standard library, with the results Foundation's `NSString`
/// methods give (FoundationEssentials lacks them, and the rest of Foundation carries an ICU of its own): a literal
/// search compares Unicode scalars, as `NSString` compares UTF-16 code units without `.caseInsensitive`.
extension StringProtocol {
    /// The first place `target` occurs, scalar for scalar (`range(of:)`); nil when it does not, or is empty.
    public func literalRange(of target: some StringProtocol) -> Range<Index>? {
        literalRange(of: target) { $0 == $1 }
    }

    /// Whether `target` occurs as Foundation's `contains` finds it: scalar for scalar, but not a base character
    /// without the combining marks after it (so "\r" is in "\r\n", and "e" is not in "e\u{301}").
    public func containsText(_ target: some StringProtocol) -> Bool {
        let scalars = unicodeScalars, needle = Array(target.unicodeScalars)
        guard let first = needle.first else { return false }
        var start = scalars.startIndex
        while start != scalars.endIndex {
            if scalars[start] == first, start == scalars.startIndex || !Self.isCombining(scalars[start]) {
                var index = scalars.index(after: start), matched = 1
                while matched < needle.count, index != scalars.endIndex, scalars[index] == needle[matched] {
                    index = scalars.index(after: index)
                    matched += 1
                }
                if matched == needle.count, index == scalars.endIndex || !Self.isCombining(scalars[index]) {
                    return true
                }
            }
            start = scalars.index(after: start)
        }
        return false
    }

    /// The first place `target` (ASCII) occurs, ASCII letters compared without case (`range(of:options:
    /// .caseInsensitive)` for an ASCII target).
    public func asciiCaseInsensitiveRange(of target: some StringProtocol) -> Range<Index>? {
        literalRange(of: target) { $0 == $1 || (Self.asciiLower($0) == Self.asciiLower($1)) }
    }

    /// The last place `target` (ASCII) occurs, ASCII letters compared without case (`range(of:options:
    /// [.caseInsensitive, .backwards])` for an ASCII target).
    public func lastAsciiCaseInsensitiveRange(of target: some StringProtocol) -> Range<Index>? {
        var last: Range<Index>?, rest = self[...]
        while let found = rest.asciiCaseInsensitiveRange(of: target) {
            last = found
            rest = self[unicodeScalars.index(after: found.lowerBound)...]
        }
        return last
    }

    /// Every occurrence of `target` replaced by `replacement`, left to right (`replacingOccurrences(of:with:)`).
    public func replacingEvery(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        replacingEvery(target, with: replacement) { $0 == $1 }
    }

    /// Every occurrence of `target` (ASCII) replaced, ASCII letters compared without case.
    public func replacingEveryIgnoringCase(_ target: some StringProtocol,
                                           with replacement: some StringProtocol) -> String {
        replacingEvery(target, with: replacement) { Self.asciiLower($0) == Self.asciiLower($1) }
    }

    /// The text without spaces and tabs at either end (`trimmingCharacters(in: .whitespaces)`: Unicode's space
    /// separators and tab).
    public var trimmingSpaces: String { trimmingScalars(where: Self.isSpace) }

    /// The text without white space and line ends at either end (`trimmingCharacters(in: .whitespacesAndNewlines)`).
    public var trimmingSpacesAndNewlines: String {
        trimmingScalars { Self.isSpace($0) || Self.isNewline($0) }
    }

    /// A scalar Foundation keeps with the character before it: a nonspacing or enclosing mark, an emoji modifier.
    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
            || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85
            || scalar.properties.generalCategory == .lineSeparator
            || scalar.properties.generalCategory == .paragraphSeparator
    }

    private static func asciiLower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    /// The text without the scalars `trimmed` picks at either end (`trimmingCharacters(in:)`).
    public func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { !trimmed($0) } ?? scalars.endIndex
        let end = scalars[start...].lastIndex { !trimmed($0) }.map(scalars.index(after:)) ?? start
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private func literalRange(of target: some StringProtocol,
                              _ same: (Unicode.Scalar, Unicode.Scalar) -> Bool) -> Range<Index>? {
        let needle = Array(target.unicodeScalars)
        guard let first = needle.first else { return nil }
        let scalars = unicodeScalars
        var start = scalars.startIndex
        while start != scalars.endIndex {
            if same(scalars[start], first) {
                var index = scalars.index(after: start), matched = 1
                while matched < needle.count, index != scalars.endIndex, same(scalars[index], needle[matched]) {
                    index = scalars.index(after: index)
                    matched += 1
                }
                if matched == needle.count { return start..<index }
            }
            start = scalars.index(after: start)
        }
        return nil
    }

    private func replacingEvery(_ target: some StringProtocol, with replacement: some StringProtocol,
                                _ same: (Unicode.Scalar, Unicode.Scalar) -> Bool) -> String {
        var result = String.UnicodeScalarView()
        var rest = self[...]
        while let found = rest.literalRange(of: target, same) {
            result.append(contentsOf: rest.unicodeScalars[..<found.lowerBound])
            result.append(contentsOf: replacement.unicodeScalars)
            rest = rest[found.upperBound...]
        }
        result.append(contentsOf: rest.unicodeScalars)
        return String(result)
    }
}
