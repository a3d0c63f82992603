/// The names a template can look up. A caller that builds contexts may leave out whatever no template names:
/// no tag can find it, so no output changes. (Text that a lambda returns is parsed when it runs; its names are
/// not known here.)
extension Template {
    /// Every name a variable, section or dynamic partial tag looks up, each dotted part on its own
    /// (`offer.price` gives `offer` and `price`).
    public var referencedNames: Set<String> {
        var names: Set<String> = []
        Self.collectNames(tokens, into: &names)
        return names
    }

    /// The `{{{name}}}` and `{{&name}}` tags, with where each was written (1-based line and column), in order.
    public var unescapedVariables: [(name: String, line: Int, column: Int)] {
        var found: [(name: String, line: Int, column: Int)] = []
        Self.visitVariables(tokens) { variable in
            if !variable.escaped {
                found.append((variable.name.text, variable.location.line, variable.location.column))
            }
        }
        return found
    }

    private static func visitVariables(_ tokens: [Token], _ visit: (Variable) -> Void) {
        for token in tokens {
            switch token {
            case .text, .lineStart, .partial: break
            case .variable(let variable): visit(variable)
            case .section(let section): visitVariables(section.tokens, visit)
            case .parent(_, let arguments): for argument in arguments.values { visitVariables(argument.tokens, visit) }
            case .block(let block): visitVariables(block.defaultContent.tokens, visit)
            }
        }
    }

    private static func collectNames(_ tokens: [Token], into names: inout Set<String>) {
        func add(_ name: VariableName) {
            for component in name.components { names.insert(component.text) }
        }
        func add(_ reference: TemplateReference) {
            if case .dynamic(let name) = reference { add(name) }
        }
        for token in tokens {
            switch token {
            case .text, .lineStart: break
            case .variable(let variable): add(variable.name)
            case .section(let section):
                add(section.name)
                collectNames(section.tokens, into: &names)
            case .partial(let inclusion): add(inclusion.reference)
            case .parent(let inclusion, let arguments):
                add(inclusion.reference)
                for argument in arguments.values { collectNames(argument.tokens, into: &names) }
            case .block(let block): collectNames(block.defaultContent.tokens, into: &names)
            }
        }
    }
}

extension TemplateLibrary {
    /// The names any template of the library looks up (``Template/referencedNames``).
    public var referencedNames: Set<String> {
        templates.values.reduce(into: []) { $0.formUnion($1.referencedNames) }
    }
}
