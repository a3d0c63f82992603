/// Templates by name. Partials (`{{>name}}`), dynamic partials (`{{>*name}}`) and parents
/// (`{{<name}}…{{/name}}`) resolve through the library; which source backs which name is
/// up to the caller.
public struct TemplateLibrary: Sendable {
    /// The templates, keyed by the name tags use to include them.
    public var templates: [String: Template]

    /// A library holding `templates` under the given names.
    public init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// A library holding each template under its own ``Template/name``.
    public init(templates: [Template]) {
        self.templates = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Parses each source, naming the template after its key.
    public init(sources: [String: String]) throws(MustacheError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source, name: name)
        }
        self.templates = templates
    }

    /// The template stored under `name`.
    public subscript(name: String) -> Template? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// Stores `template` under its own name, replacing any template of that name.
    public mutating func add(_ template: Template) {
        templates[template.name] = template
    }
}
