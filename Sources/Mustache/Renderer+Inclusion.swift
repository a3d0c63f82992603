extension Renderer {
    /// Renders a partial, or a parent with the blocks it passes.
    mutating func renderInclusion(_ inclusion: Inclusion, arguments: [String: BlockContent]?) throws(MustacheError) {
        let kind = arguments == nil ? "partial" : "parent"
        let name: String
        switch inclusion.reference {
        case .fixed(let fixed):
            name = fixed
        case .dynamic(let variable):
            guard let value = lookup(variable) else {
                if strict {
                    throw error(at: inclusion.location,
                                "no value named '\(variable.text)' for the dynamic \(kind) name")
                }
                return
            }
            name = value.interpolationText
            if name.isEmpty { return }
        }
        guard let template = library.templates[name] else {
            if strict {
                throw error(at: inclusion.location, "no template named '\(name)' in the library for this \(kind)")
            }
            return
        }
        let includingTemplate = templateName
        // Standalone tags indent every line of what they include; inline ones indent nothing.
        let indentation = inclusion.standalone ? indentation + inclusion.indentation : ""
        try nested(templateName: template.name, indentation: indentation, at: inclusion.location) {
            (renderer: inout Renderer) throws(MustacheError) in
            for (block, content) in arguments ?? [:] where renderer.overrides[block] == nil {
                renderer.overrides[block] = Override(content: content, templateName: includingTemplate)
            }
            try renderer.render(template.steps[...])
        }
    }

    /// Renders a block where it expands: the outermost argument passed for its name, or its default.
    mutating func renderBlock(_ block: Block) throws(MustacheError) {
        let override = overrides[block.name]
        let content = override?.content ?? block.defaultContent
        guard !content.steps.isEmpty else { return }
        let indentation = indentation + block.indentation
        try nested(templateName: override?.templateName ?? templateName, indentation: indentation,
                   at: block.location) { (renderer: inout Renderer) throws(MustacheError) in
            var steps = content.steps[...]
            if block.standalone {
                // The tag's line was removed, so the content's first line needs indenting too.
                if !content.startsAtLineStart { appendUTF8(indentation, to: &renderer.output) }
            } else if content.startsAtLineStart, case .lineStart = steps.first {
                // The whitespace before the tag is still in the output; don't indent twice.
                steps = steps.dropFirst()
            }
            try renderer.render(steps)
        }
    }
}
