extension TemplateLibrary {
    /// Renders the template stored under `name` against `context`.
    ///
    /// With `strict`, an interpolation (`{{x}}`, `{{{x}}}`, `{{&x}}`) of a name found in no
    /// context frame throws, as does a partial or parent missing from the library. A name
    /// bound to `null` still renders as empty, and sections keep ordinary truthiness.
    public func render(_ name: String, _ context: MustacheValue, strict: Bool = false) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(template: name, line: 1, column: 1, message: "no template named '\(name)' in the library")
        }
        return try render(template, context, strict: strict)
    }

    /// Renders `template` against `context`, resolving its partials and parents in this library.
    /// `escape`, when given, replaces HTML escaping for `{{x}}` (for output that is not HTML, such as Markdown).
    public func render(_ template: Template, _ context: MustacheValue, strict: Bool = false,
                       escape: (@Sendable (String) -> String)? = nil) throws(MustacheError) -> String {
        var renderer = Renderer(library: self, context: context, templateName: template.name, strict: strict, escape: escape)
        try renderer.render(template.tokens[...])
        return renderer.output
    }
}
