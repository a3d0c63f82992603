extension Renderer {
    /// Renders what an interpolated lambda returned: strings are templates with the default
    /// delimiters, rendered here and then escaped as the tag asks.
    mutating func renderLambdaResult(_ result: MustacheValue, escaped: Bool) throws(MustacheError) {
        guard case .string(let source) = result else {
            append(result.interpolationText, escaped: escaped)
            return
        }
        let template = try Template(source, name: "\(templateName) (lambda result)")
        let rendered = try capture { (renderer: inout Renderer) throws(MustacheError) in
            try renderer.renderLambdaTemplate(template)
        }
        append(rendered, escaped: escaped)
    }

    /// Renders what a section lambda returned: strings are templates parsed with the
    /// delimiters in effect at the section tag.
    mutating func renderLambdaSection(_ result: MustacheValue, delimiters: Delimiters) throws(MustacheError) {
        guard case .string(let source) = result else {
            append(result.interpolationText, escaped: false)
            return
        }
        let template = try Template(source, name: "\(templateName) (lambda result)", delimiters: delimiters)
        try renderLambdaTemplate(template)
    }

    private mutating func renderLambdaTemplate(_ template: Template) throws(MustacheError) {
        try nested(templateName: template.name, indentation: "", at: SourceLocation(line: 1, column: 1)) {
            (renderer: inout Renderer) throws(MustacheError) in
            try renderer.render(template.steps[...])
        }
    }
}
