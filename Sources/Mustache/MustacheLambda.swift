/// A function placed in a context, called each time a tag names it (the spec's `~lambdas`).
///
/// - In an interpolation (`{{name}}`, `{{{name}}}`, `{{&name}}`) it is called without
///   section text. A `.string` result is parsed as a template with the default delimiters,
///   rendered against the current context, then escaped as the tag requires.
/// - In a section (`{{#name}}…{{/name}}`) it is called with the section's unrendered
///   source. A `.string` result is parsed with the delimiters in effect at the tag and
///   rendered in place.
/// - Any other result renders as that plain value. Lambdas are truthy, so an inverted
///   section over one renders nothing. Results are never cached.
public struct MustacheLambda: Sendable {
    private let body: @Sendable (String?) -> MustacheValue

    /// A lambda that ignores section text.
    public init(_ body: @escaping @Sendable () -> MustacheValue) {
        self.body = { _ in body() }
    }

    /// A lambda that receives a section's unrendered source (`""` in an interpolation).
    public init(_ body: @escaping @Sendable (String) -> MustacheValue) {
        self.body = { body($0 ?? "") }
    }

    /// Calls the function; `sectionText` is `nil` for interpolation tags.
    func callAsFunction(sectionText: String?) -> MustacheValue {
        body(sectionText)
    }
}
