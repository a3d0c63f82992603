import CYAML

/// Parses YAML 1.1 (and so JSON) with libyaml. The only file that imports CYAML.
public enum YAML {
    /// Parses the first document of `text`; an empty document is an empty mapping.
    /// `lineOffset` shifts every location (front matter starts below its `---` line).
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(Diagnostic) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error(SourceLocation(file: file), "cannot start the YAML parser (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        var document = yaml_document_t()
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else {
            let mark = parser.problem_mark
            let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
            let context = parser.context.map { " " + String(cString: $0) } ?? ""
            let location = SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
            throw .error(location, "YAML syntax error: \(problem)\(context)",
                         hint: "check the indentation, quotes and colons on this line (a value containing ': ' or starting with a symbol must be quoted)")
        }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else {
            return YAMLNode(.mapping([]), at: SourceLocation(file: file, line: 1 + lineOffset, column: 1))
        }
        var builder = Builder(document: document, file: file, lineOffset: lineOffset)
        return try builder.node(root, depth: 0)
    }

    private struct Builder {
        var document: yaml_document_t
        let file: String
        let lineOffset: Int

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
        }

        func text(_ node: UnsafeMutablePointer<yaml_node_t>) -> String {
            let scalar = node.pointee.data.scalar
            let buffer = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            return String(decoding: buffer, as: UTF8.self)
        }

        mutating func child(_ index: Int32, depth: Int) throws(Diagnostic) -> YAMLNode {
            guard let node = yaml_document_get_node(&document, index) else {
                throw .error(SourceLocation(file: file), "YAML document refers to a missing node")
            }
            return try self.node(node, depth: depth + 1)
        }

        mutating func node(_ node: UnsafeMutablePointer<yaml_node_t>, depth: Int) throws(Diagnostic) -> YAMLNode {
            let here = location(node.pointee.start_mark)
            guard depth < 64 else { throw .error(here, "YAML nests too deeply (an alias that refers to itself?)") }
            switch node.pointee.type {
            case YAML_SCALAR_NODE:
                return YAMLNode(.scalar(text(node), isPlain: node.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE), at: here)
            case YAML_SEQUENCE_NODE:
                var items: [YAMLNode] = []
                var item = node.pointee.data.sequence.items.start
                while let current = item, current != node.pointee.data.sequence.items.top {
                    items.append(try child(current.pointee, depth: depth))
                    item = current + 1
                }
                return YAMLNode(.sequence(items), at: here)
            case YAML_MAPPING_NODE:
                var pairs: [YAMLPair] = []
                var pair = node.pointee.data.mapping.pairs.start
                while let current = pair, current != node.pointee.data.mapping.pairs.top {
                    let key = try child(current.pointee.key, depth: depth)
                    let value = try child(current.pointee.value, depth: depth)
                    guard case .scalar(let name, _) = key.value else {
                        throw .error(key.location, "a mapping key must be a single value, not \(key.kindName)")
                    }
                    if pairs.contains(where: { $0.key == name }) {
                        throw .error(key.location, "duplicate key '\(name)'", hint: "remove one of the two")
                    }
                    pairs.append(YAMLPair(key: name, keyLocation: key.location, value: value))
                    pair = current + 1
                }
                return YAMLNode(.mapping(pairs), at: here)
            default:
                return YAMLNode(.scalar("", isPlain: true), at: here)
            }
        }
    }
}
