/// Builds a template's token tree from its lexemes, applying the spec's whitespace rules:
/// standalone lines are removed, standalone partials and parents take their line's
/// indentation, and block content loses its intrinsic indentation so it can be
/// re-indented wherever it expands.
struct TemplateParser {
    private struct Frame {
        /// The opening tag's lexeme index, or `nil` for the template itself.
        var opening: Int?
        var tokens: [Token] = []
        /// Indentation removed from the start of each line inside this frame.
        var dedent: String
        /// For blocks: whether the content begins at the start of a line.
        var startsAtLineStart = false
    }

    private let source: String
    private let templateName: String
    private let structure: TemplateStructure
    private var lexemes: [Lexeme] { structure.lexemes }
    private var frames: [Frame] = [Frame(opening: nil, dedent: "")]

    static func parse(_ source: String, name: String, delimiters: Delimiters) throws(MustacheError) -> [Token] {
        var lexer = Lexer(bytes: Array(source.utf8), templateName: name, delimiters: delimiters)
        let (lexemes, finalDelimiters, end) = try lexer.lex()
        let structure = try TemplateStructure(lexemes: lexemes, templateName: name,
                                              finalDelimiters: finalDelimiters, end: end)
        var parser = TemplateParser(source: source, templateName: name, structure: structure)
        return parser.build()
    }

    private init(source: String, templateName: String, structure: TemplateStructure) {
        self.source = source
        self.templateName = templateName
        self.structure = structure
    }

    private mutating func build() -> [Token] {
        for line in structure.lines.indices {
            buildLine(line)
        }
        return frames[0].tokens
    }

    private mutating func buildLine(_ line: Int) {
        let range = structure.lines[line]
        let first = structure.firstNonBlank[line]
        let last = structure.lastNonBlank[line]
        let dropsLeft = first.map { structure.removesLeft($0) } ?? false
        let dropsRight = last.map { structure.removesRight($0) } ?? false
        if !dropsLeft {
            append(.lineStart)
        }
        for index in range {
            let lexeme = lexemes[index]
            guard lexeme.isText else {
                buildTag(index)
                continue
            }
            if dropsLeft, let first, index < first { continue }
            if dropsRight, let last, index > last { continue }
            let text = index == range.lowerBound ? removingDedent(from: lexeme.content) : lexeme.content
            if !text.isEmpty { append(.text(TextRun(text.utf8))) }
        }
    }

    private mutating func buildTag(_ index: Int) {
        let lexeme = lexemes[index]
        switch lexeme.kind {
        case .text, .comment, .setDelimiters:
            break
        case .variable(let escaped):
            append(.variable(Variable(name: VariableName(lexeme.content), escaped: escaped, location: lexeme.location)))
        case .partial:
            append(.partial(inclusion(index)))
        case .section, .invertedSection, .parent:
            frames.append(Frame(opening: index, dedent: currentDedent))
        case .block:
            openBlock(index)
        case .close:
            close(index)
        }
    }

    private mutating func openBlock(_ index: Int) {
        let enclosing = currentDedent
        let argument = structure.isArgument[index]
        // The block's content has an intrinsic indentation when its opening tag ends its line:
        // the indentation of the next line, which is removed from every line of the content.
        let hasIntrinsicIndentation = argument
            ? structure.clearsRight(index)
            : structure.isAlone(index) && structure.clearsRight(structure.partner[index])
        var dedent = enclosing
        if hasIntrinsicIndentation {
            let next = structure.leadingIndentation(ofLine: structure.lineOf[index] + 1)
            if next.hasPrefix(enclosing) { dedent = next }
        }
        let startsAtLineStart = structure.removesRight(index)
        frames.append(Frame(opening: index, dedent: dedent, startsAtLineStart: startsAtLineStart))
    }

    private mutating func close(_ index: Int) {
        guard frames.count > 1, let frame = frames.popLast(), let opening = frame.opening else { return }
        let openLexeme = lexemes[opening]
        let name = openLexeme.content
        switch openLexeme.kind {
        case .section, .invertedSection:
            let section = Section(name: VariableName(name), inverted: openLexeme.kind == .invertedSection,
                                  tokens: frame.tokens, source: slice(openLexeme.end..<lexemes[index].start),
                                  delimiters: openLexeme.delimiters, location: openLexeme.location)
            append(.section(section))
        case .parent:
            var arguments: [String: BlockContent] = [:]
            for case .block(let block) in frame.tokens {
                arguments[block.name] = block.defaultContent
            }
            append(.parent(inclusion(opening), arguments: arguments))
        case .block:
            let content = BlockContent(tokens: frame.tokens, startsAtLineStart: frame.startsAtLineStart)
            let argument = structure.isArgument[opening]
            let standalone = !argument && structure.isAlone(opening)
            // Where the block expands, its content takes the intrinsic indentation of its
            // default content if it has one, else the indentation of a standalone tag pair.
            var indentation = ""
            if standalone && structure.clearsRight(index) {
                indentation = String(frame.dedent.dropFirst(currentDedent.count))
            } else if !argument && structure.clearsLeft(opening) && structure.clearsRight(index) {
                indentation = removingDedent(from: structure.leadingIndentation(ofLine: structure.lineOf[opening]))
            }
            append(.block(Block(name: name, defaultContent: content, standalone: standalone,
                                indentation: indentation, location: openLexeme.location)))
        default:
            break
        }
    }

    private func inclusion(_ index: Int) -> Inclusion {
        let lexeme = lexemes[index]
        let standalone = structure.removesLeft(index)
        let indentation = standalone
            ? removingDedent(from: structure.leadingIndentation(ofLine: structure.lineOf[index]))
            : ""
        let reference: TemplateReference = lexeme.content.hasPrefix("*")
            ? .dynamic(VariableName(String(lexeme.content.dropFirst())))
            : .fixed(lexeme.content)
        return Inclusion(reference: reference, standalone: standalone, indentation: indentation,
                         location: lexeme.location)
    }

    // MARK: Helpers

    private var currentDedent: String { frames[frames.count - 1].dedent }

    private mutating func append(_ token: Token) {
        frames[frames.count - 1].tokens.append(token)
    }

    /// Removes as much of the current dedent as `text` starts with.
    private func removingDedent(from text: String) -> String {
        let dedent = currentDedent
        guard !dedent.isEmpty else { return text }
        var count = 0
        for (byte, expected) in zip(text.utf8, dedent.utf8) {
            guard byte == expected else { break }
            count += 1
        }
        return count == 0 ? text : String(decoding: text.utf8.dropFirst(count), as: UTF8.self)
    }

    private func slice(_ range: Range<Int>) -> Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return Substring(utf8[lower..<upper])
    }
}
