/// Walks a template's steps (``Step``, its tokens as rendered) once, appending everything to a single output string.
struct Renderer {
    /// A block's content passed down from a parent tag, with the template it came from.
    struct Override {
        let content: BlockContent
        let templateName: String
    }

    /// How deep sections, partials, parents, blocks and lambda results may nest before rendering stops.
    static let maximumDepth = 500
    /// How many partials, parents, blocks and list items one render may expand, and how large its output may grow:
    /// a template that fans out (`{{>f1}}{{>f1}}` in f0, the same in f1, …) stops here instead of running for hours.
    static let maximumExpansions = 200_000
    static let maximumOutputBytes = 32 << 20

    let library: TemplateLibrary
    let strict: Bool
    /// Replaces HTML escaping when set (`{{x}}` text is passed through it).
    let escape: (@Sendable (String) -> String)?
    /// The rendered UTF-8.
    var output: [UInt8] = []
    /// The context stack; the last element is the top.
    var stack: [MustacheValue]
    /// The template whose tokens are being rendered, for error messages.
    var templateName: String
    /// Written at each `.lineStart`: the indentation of the standalone partials being rendered.
    var indentation = ""
    /// Blocks passed by enclosing parent tags; the outermost argument for a name wins.
    var overrides: [String: Override] = [:]
    var depth = 0
    var expansions = 0
    /// Renderings of list sections to write again (``SectionMemo``), and the one being kept, if any.
    let memo: SectionMemo?
    var recording: SectionRecording?

    init(library: TemplateLibrary, context: MustacheValue, templateName: String, strict: Bool,
         escape: (@Sendable (String) -> String)? = nil, memo: SectionMemo? = nil) {
        self.library = library
        self.memo = memo
        self.stack = [context]
        self.templateName = templateName
        self.strict = strict
        self.escape = escape
    }

    mutating func render(_ steps: ArraySlice<Step>) throws(MustacheError) {
        // By index, not by iterator; a step is copied without a reference count, and its variable or section is
        // used where its template keeps it (unretained).
        var index = steps.startIndex
        while index < steps.endIndex {
            defer { index += 1 }
            switch steps[index] {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty { appendUTF8(indentation, to: &output) }
            case .variable(let variable):
                try borrowing(variable) { (renderer: inout Renderer, variable) throws(MustacheError) in
                    try renderer.renderVariable(variable)
                }
            case .section(let section):
                try borrowing(section) { (renderer: inout Renderer, section) throws(MustacheError) in
                    try renderer.renderSection(section)
                }
            case .other(.partial(let inclusion)):
                try renderInclusion(inclusion, arguments: nil)
            case .other(.parent(let inclusion, let arguments)):
                try renderInclusion(inclusion, arguments: arguments)
            case .other(.block(let block)):
                try renderBlock(block)
            case .other(.text), .other(.lineStart), .other(.variable), .other(.section):
                break  // never made: `Step.steps(of:)` gives these their own steps
            }
        }
    }

    /// Calls `body` with the object `unmanaged` refers to, neither retained nor released: the template it is read
    /// from keeps it.
    @inline(__always)
    private mutating func borrowing<Object: AnyObject>(
        _ unmanaged: Unmanaged<Object>, _ body: (inout Renderer, Object) throws(MustacheError) -> Void
    ) throws(MustacheError) {
        var failure: MustacheError?
        unmanaged._withUnsafeGuaranteedRef { object in
            do throws(MustacheError) { try body(&self, object) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private mutating func renderVariable(_ variable: Variable) throws(MustacheError) {
        guard let value = lookup(variable.name) else {
            if strict {
                throw error(at: variable.location, "no value named '\(variable.name.text)'")
            }
            return
        }
        if case .lambda(let lambda) = value {
            try renderLambdaResult(lambda(sectionText: nil), escaped: variable.escaped)
        } else if strict, case .object(let object) = value {
            throw error(at: variable.location, Self.notText(variable.name.text, object))
        } else {
            append(value.interpolationText, escaped: variable.escaped)
        }
    }

    /// Why an object is not written: it writes nothing, so a price named one level short would vanish unseen.
    static func notText(_ name: String, _ object: MustacheObject) -> String {
        let names = object.names
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        let example = names.contains("price") ? "price" : names.first ?? ""
        return "'\(name)' holds several values (\(shown)), not text: name one of them, such as '\(name).\(example)'"
    }

    private mutating func renderSection(_ section: Section) throws(MustacheError) {
        let value = lookup(section.name)
        if section.inverted {
            if !(value?.isTruthy ?? false) {
                try checkDepth(at: section.location)
                depth += 1
                defer { depth -= 1 }
                try render(section.steps[...])
            }
            return
        }
        guard let value, value.isTruthy else { return }
        try checkDepth(at: section.location)
        depth += 1
        defer { depth -= 1 }
        switch value {
        case .lambda(let lambda):
            try renderLambdaSection(lambda(sectionText: String(section.source)), delimiters: section.delimiters)
        case .list(let items):
            if let memo, recording == nil, escape == nil, overrides.isEmpty, memo.sections.contains(section.name.text) {
                try renderKept(section, items, memo: memo)
            } else {
                try renderItems(section, items)
            }
        default:
            stack.append(value)
            try render(section.steps[...])
            stack.removeLast()
        }
    }

    /// Renders `section` once for each of `items`, each on top of the stack.
    mutating func renderItems(_ section: Section, _ items: [MustacheValue]) throws(MustacheError) {
        for item in items {
            try checkExpansion(at: section.location)
            stack.append(item)
            try render(section.steps[...])
            stack.removeLast()
        }
    }

    /// Appends text produced elsewhere (a lambda's rendered result), escaping it if asked.
    mutating func append(_ text: String, escaped: Bool) {
        if escaped, let escape {
            appendUTF8(escape(text), to: &output)
        } else if escaped {
            appendHTMLEscaped(text, to: &output)
        } else {
            appendUTF8(text, to: &output)
        }
    }

    /// Renders `body` into a separate string and returns it, leaving `output` as it was.
    mutating func capture(_ body: (inout Renderer) throws(MustacheError) -> Void) throws(MustacheError) -> String {
        let saved = output
        output = []
        defer { output = saved }
        try body(&self)
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs `body` one nesting level deeper with the given template and indentation,
    /// restoring them (and the block overrides) afterwards.
    mutating func nested(templateName: String, indentation: String, at location: SourceLocation,
                         _ body: (inout Renderer) throws(MustacheError) -> Void) throws(MustacheError) {
        try checkDepth(at: location)
        try checkExpansion(at: location)
        let saved = (self.templateName, self.indentation, overrides)
        depth += 1
        self.templateName = templateName
        self.indentation = indentation
        defer {
            depth -= 1
            (self.templateName, self.indentation, overrides) = saved
        }
        try body(&self)
    }

    private func checkDepth(at location: SourceLocation) throws(MustacheError) {
        guard depth < Self.maximumDepth else {
            throw error(at: location, "rendering nests more than \(Self.maximumDepth) levels deep; "
                            + "does a partial, parent or block include itself without end?")
        }
    }

    mutating func checkExpansion(at location: SourceLocation) throws(MustacheError) {
        expansions += 1
        guard expansions <= Self.maximumExpansions else {
            throw error(at: location,
                        "rendering expands more than \(Self.maximumExpansions) partials, blocks and list items "
                            + "(the limit); does a partial include others that include it again?")
        }
        guard output.count <= Self.maximumOutputBytes else {
            throw error(at: location,
                        "the output grows past \(Self.maximumOutputBytes >> 20) MB (the limit); "
                            + "does a partial include others many times over?")
        }
    }

    func error(at location: SourceLocation, _ message: String) -> MustacheError {
        MustacheError(template: templateName, at: location, message)
    }
}
