/// An error found while parsing or rendering a template.
///
/// `line` and `column` are 1-based and point into the template named by `template`;
/// columns count Unicode scalars. The description reads `template:line:column: message`.
public struct MustacheError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name of the template the position refers to.
    public var template: String
    /// The 1-based line of the position.
    public var line: Int
    /// The 1-based column of the position.
    public var column: Int
    /// What went wrong and, where possible, what was expected instead.
    public var message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    init(template: String, at location: SourceLocation, _ message: String) {
        self.init(template: template, line: location.line, column: location.column, message: message)
    }

    public var description: String { "\(template):\(line):\(column): \(message)" }
}
