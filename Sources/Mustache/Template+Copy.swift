/// Copies that share no storage with the original. Threads that render from one template, or read one
/// context, each change the same reference counts on every tag; given copies of their own they never meet.
extension TemplateLibrary {
    /// The same templates, sharing nothing with this library's.
    public func isolatedCopy() -> TemplateLibrary {
        TemplateLibrary(templates.mapValues { $0.isolatedCopy() })
    }
}

extension Template {
    func isolatedCopy() -> Template {
        Template(name: fresh(name), tokens: tokens.map(\.isolatedCopy))
    }
}

extension MustacheValue {
    /// The same value, its strings, lists and objects new (lambdas are shared).
    public func isolatedCopy() -> MustacheValue {
        switch self {
        case .null, .bool, .int, .double, .lambda: self
        case .string(let text): .string(fresh(text))
        case .list(let items): .list(items.map { $0.isolatedCopy() })
        case .object(let object):
            .object(MustacheObject(members: object.members.map {
                .init(name: $0.name.isolatedCopy, value: $0.value.isolatedCopy())
            }))
        }
    }
}

/// `text` in storage of its own (a string of up to 15 UTF-8 bytes has none to share).
private func fresh(_ text: String) -> String {
    String(decoding: Array(text.utf8), as: UTF8.self)
}

private extension Token {
    var isolatedCopy: Token {
        switch self {
        case .text(let run): .text(TextRun(run.bytes))
        case .lineStart: .lineStart
        case .variable(let variable):
            .variable(Variable(name: variable.name.isolatedCopy, escaped: variable.escaped,
                               location: variable.location))
        case .section(let section):
            .section(Section(name: section.name.isolatedCopy, inverted: section.inverted,
                             tokens: section.tokens.map(\.isolatedCopy),
                             source: Substring(fresh(String(section.source))),
                             delimiters: section.delimiters.isolatedCopy, location: section.location))
        case .partial(let inclusion): .partial(inclusion.isolatedCopy)
        case .parent(let inclusion, let arguments):
            .parent(inclusion.isolatedCopy,
                    arguments: Dictionary(uniqueKeysWithValues: arguments.map {
                        (fresh($0.key), $0.value.isolatedCopy)
                    }))
        case .block(let block):
            .block(Block(name: fresh(block.name), defaultContent: block.defaultContent.isolatedCopy,
                         standalone: block.standalone, indentation: fresh(block.indentation), location: block.location))
        }
    }
}

private extension VariableName {
    var isolatedCopy: VariableName { VariableName(fresh(text)) }
}

private extension MustacheName {
    var isolatedCopy: MustacheName { MustacheName(fresh(text)) }
}

private extension Delimiters {
    var isolatedCopy: Delimiters {
        Delimiters(open: open.withUnsafeBufferPointer { Array($0) }, close: close.withUnsafeBufferPointer { Array($0) })
    }
}

private extension Inclusion {
    var isolatedCopy: Inclusion {
        let reference: TemplateReference = switch self.reference {
        case .fixed(let name): .fixed(fresh(name))
        case .dynamic(let name): .dynamic(name.isolatedCopy)
        }
        return Inclusion(reference: reference, standalone: standalone, indentation: fresh(indentation),
                         location: location)
    }
}

private extension BlockContent {
    var isolatedCopy: BlockContent {
        BlockContent(tokens: tokens.map(\.isolatedCopy), startsAtLineStart: startsAtLineStart)
    }
}
