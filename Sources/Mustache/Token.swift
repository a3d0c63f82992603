/// A 1-based line and column in a template's source (columns count Unicode scalars).
struct SourceLocation: Sendable, Equatable {
    var line: Int
    var column: Int

    var text: String { "\(line):\(column)" }
}

/// The delimiters that open and close tags, `{{` and `}}` unless a set-delimiter tag changed them.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))

    var openText: String { String(decoding: open, as: UTF8.self) }
    var closeText: String { String(decoding: close, as: UTF8.self) }

    /// How a tag with this sigil and name is written, e.g. `{{/items}}`.
    func tag(_ sigil: String, _ name: String) -> String { openText + sigil + name + closeText }
}

/// A name from a tag: dotted (`user.address.city`) or `.` for the top of the context stack.
struct VariableName: Sendable {
    /// The name as written in the tag, without padding.
    let text: String
    /// The dotted parts, hashed once; empty for `.`.
    let components: [MustacheName]

    init(_ text: String) {
        self.text = text
        components = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map {
            MustacheName(String($0))
        }
    }
}

/// The template a partial or parent tag includes: named in the tag, or (`*name`) read from the context.
enum TemplateReference: Sendable {
    case fixed(String)
    case dynamic(VariableName)
}

/// A node of a parsed template; the renderer walks the ``Step`` made of each.
enum Token: Sendable {
    /// Literal text as UTF-8; it holds at most one newline, at its end.
    case text(TextRun)
    /// The start of a source line: the renderer writes the current indentation here.
    case lineStart
    /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
    case variable(Variable)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(Section)
    /// `{{>name}}` or `{{>*name}}`.
    case partial(Inclusion)
    /// `{{<name}}…{{/name}}`, with the blocks it passes by name.
    case parent(Inclusion, arguments: [String: BlockContent])
    /// `{{$name}}…{{/name}}` where it expands (not as an argument of a parent).
    case block(Block)
}

final class Variable: Sendable {
    let name: VariableName
    let escaped: Bool
    let location: SourceLocation

    init(name: VariableName, escaped: Bool, location: SourceLocation) {
        self.name = name
        self.escaped = escaped
        self.location = location
    }
}

final class Section: Sendable {
    let name: VariableName
    let inverted: Bool
    let tokens: [Token]
    /// The unrendered source between the tags, handed to lambdas.
    let source: Substring
    /// The delimiters in effect at the opening tag, used to parse a lambda's result.
    let delimiters: Delimiters
    let location: SourceLocation

    /// `tokens` as the renderer walks them.
    let steps: [Step]

    init(name: VariableName, inverted: Bool, tokens: [Token], source: Substring, delimiters: Delimiters,
         location: SourceLocation) {
        self.name = name
        self.inverted = inverted
        self.tokens = tokens
        steps = Step.steps(of: tokens)
        self.source = source
        self.delimiters = delimiters
        self.location = location
    }
}

/// A partial or parent tag.
final class Inclusion: Sendable {
    let reference: TemplateReference
    /// Whether the tag stood alone on its line, so its `indentation` applies to every included line.
    let standalone: Bool
    let indentation: String
    let location: SourceLocation

    init(reference: TemplateReference, standalone: Bool, indentation: String, location: SourceLocation) {
        self.reference = reference
        self.standalone = standalone
        self.indentation = indentation
        self.location = location
    }
}

/// The content of a block, as a default or as an argument passed to a parent.
struct BlockContent: Sendable {
    let tokens: [Token]
    /// `tokens` as the renderer walks them.
    let steps: [Step]
    /// Whether the content begins at the start of a line (its opening tag ended its line),
    /// so its first token may be the `.lineStart` of that line.
    let startsAtLineStart: Bool

    init(tokens: [Token], startsAtLineStart: Bool) {
        self.tokens = tokens
        steps = Step.steps(of: tokens)
        self.startsAtLineStart = startsAtLineStart
    }
}

/// A block where it expands, with its default content.
final class Block: Sendable {
    let name: String
    let defaultContent: BlockContent
    /// Whether the opening tag stood alone on its line (the line was removed).
    let standalone: Bool
    /// Indentation added to each line of whatever content expands here.
    let indentation: String
    let location: SourceLocation

    init(name: String, defaultContent: BlockContent, standalone: Bool, indentation: String, location: SourceLocation) {
        self.name = name
        self.defaultContent = defaultContent
        self.standalone = standalone
        self.indentation = indentation
        self.location = location
    }
}

/// A run of template text, in memory of its own that is never written after it is made, so that the renderer copies
/// it to the output through a plain pointer (``Step``).
final class TextRun: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ text: some Collection<UInt8>) {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = bytes.initialize(from: text)
        self.bytes = UnsafeBufferPointer(bytes)
    }

    deinit { bytes.deallocate() }
}

/// A token as the renderer walks it: text, line starts, variables and sections (all but a few tokens of a page) refer
/// to what they read without a reference count, so that walking a template neither retains nor releases. The
/// template, section or block content that holds a step's tokens holds the step too and keeps what it refers to.
enum Step: @unchecked Sendable {
    case text(UnsafeBufferPointer<UInt8>)
    case lineStart
    case variable(Unmanaged<Variable>)
    case section(Unmanaged<Section>)
    /// A partial, parent or block: a few per page, rendered from the token.
    case other(Token)

    static func steps(of tokens: [Token]) -> [Step] {
        tokens.map { token in
            switch token {
            case .text(let run): .text(run.bytes)
            case .lineStart: .lineStart
            case .variable(let variable): .variable(Unmanaged.passUnretained(variable))
            case .section(let section): .section(Unmanaged.passUnretained(section))
            case .partial, .parent, .block: .other(token)
            }
        }
    }
}
