/// A parsed Mustache template: parse once, render many times.
///
/// Parsing checks the whole template and throws a ``MustacheError`` with the line and
/// column of the first problem (unclosed or mismatched sections, unclosed tags, empty
/// tag names, invalid set-delimiter tags).
public struct Template: Sendable {
    /// The name used in error messages, and the default name in a ``TemplateLibrary``.
    public let name: String
    let tokens: [Token]
    /// `tokens` as the renderer walks them.
    let steps: [Step]

    /// Parses `source`; `name` identifies the template in errors.
    public init(_ source: String, name: String) throws(MustacheError) {
        try self.init(source, name: name, delimiters: .standard)
    }

    init(_ source: String, name: String, delimiters: Delimiters) throws(MustacheError) {
        self.name = name
        tokens = try TemplateParser.parse(source, name: name, delimiters: delimiters)
        steps = Step.steps(of: tokens)
    }

    init(name: String, tokens: [Token]) {
        self.name = name
        self.tokens = tokens
        steps = Step.steps(of: tokens)
    }

    /// Renders this template against `context`, resolving partials and parents through `library`.
    ///
    /// With `strict`, an interpolation of a name found in no context frame, or a partial
    /// missing from the library, throws instead of rendering as empty.
    public func render(_ context: MustacheValue, library: TemplateLibrary = TemplateLibrary(),
                       strict: Bool = false) throws(MustacheError) -> String {
        try library.render(self, context, strict: strict)
    }
}
