extension TemplateLibrary {
    /// Renders the template stored under `name` against `context`.
    ///
    /// With `strict`, an interpolation (`{{x}}`, `{{{x}}}`, `{{&x}}`) of a name found in no
    /// context frame throws, as does a partial or parent missing from the library. A name
    /// bound to `null` still renders as empty, and sections keep ordinary truthiness.
    public func render(_ name: String, _ context: MustacheValue, strict: Bool = false) throws(MustacheError) -> String {
        String(decoding: try renderUTF8(name, context, strict: strict), as: UTF8.self)
    }

    /// Renders `template` against `context`, resolving its partials and parents in this library.
    /// `escape`, when given, replaces HTML escaping for `{{x}}` (for output that is not HTML, such as Markdown).
    public func render(_ template: Template, _ context: MustacheValue, strict: Bool = false,
                       escape: (@Sendable (String) -> String)? = nil) throws(MustacheError) -> String {
        String(decoding: try renderUTF8(template, context, strict: strict, escape: escape), as: UTF8.self)
    }

    /// The template stored under `name` rendered as UTF-8 bytes, for output written straight to a file;
    /// `capacity` bytes are reserved first (the size of a similar page, say). With `memo`, a list section it names
    /// writes what an equal rendering wrote before (``SectionMemo``).
    public func renderUTF8(_ name: String, _ context: MustacheValue, strict: Bool = false,
                           capacity: Int = 0, memo: SectionMemo? = nil) throws(MustacheError) -> [UInt8] {
        guard let template = templates[name] else {
            throw MustacheError(template: name, line: 1, column: 1,
                                message: "no template named '\(name)' in the library")
        }
        return try renderUTF8(template, context, strict: strict, capacity: capacity, memo: memo)
    }

    /// `template` rendered as UTF-8 bytes.
    public func renderUTF8(_ template: Template, _ context: MustacheValue, strict: Bool = false,
                           escape: (@Sendable (String) -> String)? = nil,
                           capacity: Int = 0, memo: SectionMemo? = nil) throws(MustacheError) -> [UInt8] {
        var renderer = Renderer(library: self, context: context, templateName: template.name, strict: strict,
                                escape: escape, memo: memo)
        renderer.output.reserveCapacity(capacity)
        try renderer.render(template.steps[...])
        return renderer.output
    }
}
