/// The tags of an HTML fragment as a browser's tokenizer finds them (the HTML standard, §13.2.5): comments end where
/// browsers end them (`<!-->`, `<!--->`, `--!>`), `<!…>`, `<?…>` and `</` + non-letter are bogus comments up to the
/// next `>`, attribute values run to their closing quote whatever lies between, and a quote, tag or comment still open
/// at the end is reported: on a page the template's own HTML would follow and be swallowed.
struct HTMLTokenizer {
    /// A start or end tag, or a declaration (`name` nil: `<!DOCTYPE…>`, `<![CDATA[…>`, `<?…>`, other bogus
    /// comments).
    struct Tag {
        var name: String?
        var isEnd = false
        var attributes: [(name: String, value: String)] = []
        /// Where the tag starts, in Unicode scalars from the start of the text.
        var offset: Int
    }

    /// What the text holds: its tags, and what was still open at the end (nil when nothing was).
    struct Result {
        var tags: [Tag] = []
        /// What is still open at the end, and where it started.
        var unterminated: (what: String, offset: Int)?
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func tokenize(_ text: String) -> Result {
        var tokenizer = HTMLTokenizer(text)
        return tokenizer.run()
    }

    private func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }
    private static func isASCIILetter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }
    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }

    private mutating func run() -> Result {
        var result = Result()
        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            let start = index
            let next = at(1)
            if next == "!" {
                if at(2) == "-" && at(3) == "-" {
                    index += 4
                    if !skipComment() {
                        result.unterminated = ("a comment (<!--) that is never closed", start)
                        return result
                    }
                    continue
                }
                result.tags.append(Tag(name: nil, offset: start))
                if !skipBogusComment() {
                    result.unterminated = ("a declaration (<!…) that is never closed", start)
                    return result
                }
            } else if next == "?" {
                result.tags.append(Tag(name: nil, offset: start))
                if !skipBogusComment() {
                    result.unterminated = ("a processing instruction (<?…) that is never closed", start)
                    return result
                }
            } else if next == "/" {
                if Self.isASCIILetter(at(2)) {
                    index += 2
                    guard let tag = readTag(start: start, isEnd: true)
                    else { result.unterminated = ("a tag that is never closed", start); return result }
                    result.tags.append(tag)
                } else if at(2) == ">" {
                    index += 3           // `</>` is dropped
                } else if at(2) == nil {
                    index += 2
                } else {
                    result.tags.append(Tag(name: nil, offset: start))
                    if !skipBogusComment() {
                        result.unterminated = ("a bogus comment (</…) that is never closed", start)
                        return result
                    }
                }
            } else if Self.isASCIILetter(next) {
                index += 1
                guard let tag = readTag(start: start, isEnd: false) else {
                    result.unterminated = ("a tag or a quoted attribute value that is never closed", start)
                    return result
                }
                result.tags.append(tag)
            } else {
                index += 1               // a `<` that opens nothing is text
            }
        }
        return result
    }

    /// From just after `<!--` to just after the comment's end; false when the text ends first.
    private mutating func skipComment() -> Bool {
        // Comment start and start dash states: `<!-->` and `<!--->` end at once.
        if at(0) == ">" { index += 1; return true }
        if at(0) == "-" && at(1) == ">" { index += 2; return true }
        while index < scalars.count {
            if scalars[index] == "-" && at(1) == "-" {
                // Comment end state: more dashes stay in it; `>` or `!>` ends the comment.
                var probe = index + 2
                while probe < scalars.count && scalars[probe] == "-" { probe += 1 }
                if probe < scalars.count && scalars[probe] == ">" { index = probe + 1; return true }
                if probe + 1 < scalars.count && scalars[probe] == "!" && scalars[probe + 1] == ">" {
                    index = probe + 2
                    return true
                }
                index = probe
                continue
            }
            index += 1
        }
        return false
    }

    /// To just after the next `>`; false when there is none.
    private mutating func skipBogusComment() -> Bool {
        while index < scalars.count {
            defer { index += 1 }
            if scalars[index] == ">" { return true }
        }
        return false
    }

    /// From the tag name's first letter to just after the `>` that ends the tag; nil when the text ends first.
    private mutating func readTag(start: Int, isEnd: Bool) -> Tag? {
        var name = ""
        while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
            name.unicodeScalars.append(Self.lowercased(scalars[index]))
            index += 1
        }
        var tag = Tag(name: name, isEnd: isEnd, offset: start)
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" { index += 1; return tag }
            if Self.isSpace(scalar) || scalar == "/" { index += 1; continue }
            // Attribute name state: a leading `=` belongs to the name; `"`, `'` and `<` are taken into it too.
            var attribute = ""
            repeat {
                attribute.unicodeScalars.append(Self.lowercased(scalars[index]))
                index += 1
            } while index < scalars.count && !Self.isSpace(scalars[index])
                && scalars[index] != "/" && scalars[index] != ">" && scalars[index] != "="
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    while index < scalars.count, scalars[index] != quote {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else { return nil }
                    index += 1
                } else {
                    while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != ">" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
            }
            tag.attributes.append((attribute, value))
        }
        return nil
    }
}
