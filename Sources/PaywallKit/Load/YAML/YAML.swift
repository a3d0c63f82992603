import CYAML

/// Parses YAML 1.1 (and so JSON) with libyaml. The only file that imports CYAML.
///
/// JSON's surrogate pairs (`"\ud83d\ude00"`), which libyaml rejects, are rewritten first (`SurrogateEscapes`).
///
/// The tree is built from libyaml's events, so every limit is checked while reading: nesting deeper
/// than `Limits.maximumDepth` stops the parser at the place that crossed it (libyaml's scanner slows
/// down quadratically with flow nesting), and aliases are counted as they are expanded.
public enum YAML {
    /// What one document may hold; no real site comes near these.
    public enum Limits {
        /// Nested lists and mappings.
        public static let maximumDepth = 64
        /// Nodes once every alias is expanded (a "billion laughs" document stops here).
        public static let maximumNodes = 1_000_000
        /// Alias uses (`*name`) in one document.
        public static let maximumAliases = 10_000
    }

    /// Parses the first document of `text`; an empty document is an empty mapping.
    /// `lineOffset` shifts every location (front matter starts below its `---` line).
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(Diagnostic) -> YAMLNode {
        var bytes = Array(text.utf8)
        var columns = ColumnMap()
        var failure: Diagnostic?
        let surrogates = SurrogateEscapes(scanning: bytes)
        if !surrogates.escapes.isEmpty {
            var copy = surrogates.neutralized(bytes)
            let quoted = doubleQuotedScalars(&copy, file: file, lineOffset: lineOffset)
            (bytes, columns) = try surrogates.rewritten(bytes, inside: quoted.ranges,
                                                        file: file, lineOffset: lineOffset)
            failure = quoted.failure
        }
        return try withParser(&bytes, file: file) { parser throws(Diagnostic) -> YAMLNode in
            var builder = Builder(file: file, lineOffset: lineOffset, columns: columns, syntaxFailure: failure)
            return try builder.document(&parser)
        }
    }

    /// Runs `body` with a libyaml parser reading `bytes` as UTF-8.
    private static func withParser<T>(_ bytes: inout [UInt8], file: String,
                                      _ body: (inout yaml_parser_t) throws(Diagnostic) -> T) throws(Diagnostic) -> T {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error(SourceLocation(file: file), "cannot start the YAML parser (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(Diagnostic) -> T in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            return try body(&parser)
        }
    }

    /// The character ranges (quotes included) of the first document's double-quoted scalars, up to its
    /// syntax error (returned: libyaml may read a scalar past it before reporting it) or where it nests
    /// too deep (the parse that follows reports that). `bytes` have the file's lengths, so places are the file's.
    private static func doubleQuotedScalars(_ bytes: inout [UInt8], file: String,
                                            lineOffset: Int) -> (ranges: [Range<Int>], failure: Diagnostic?) {
        var ranges: [Range<Int>] = []
        var failure: Diagnostic?
        _ = try? withParser(&bytes, file: file) { parser throws(Diagnostic) in
            var event = yaml_event_t()
            var depth = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    failure = Builder(file: file, lineOffset: lineOffset, columns: ColumnMap()).syntaxError(parser)
                    return
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_SCALAR_EVENT where event.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE:
                    ranges.append(Int(event.start_mark.index)..<Int(event.end_mark.index))
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    depth += 1
                    if depth > Limits.maximumDepth { return }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                    return
                default:
                    continue
                }
            }
        }
        return (ranges, failure)
    }

    /// Builds the tree of the first document from libyaml's events.
    private struct Builder {
        let file: String
        let lineOffset: Int
        /// Columns in the file of columns in the text libyaml reads (surrogate pairs rewritten shorter).
        let columns: ColumnMap
        /// The syntax error that reading the file as it is found, reported instead of libyaml's (see `parse`).
        var syntaxFailure: Diagnostic?
        /// Open lists and mappings, innermost last.
        var stack: [Frame] = []
        /// Anchored nodes and their sizes once expanded.
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        var nodes = 0
        var aliases = 0

        struct Frame {
            var isMapping: Bool
            var location: SourceLocation
            var anchor: String?
            var items: [YAMLNode] = []
            var pairs: [YAMLPair] = []
            var keys: Set<String> = []
            /// A mapping's key waiting for its value.
            var key: YAMLNode?
            /// Nodes below this one, aliases expanded.
            var size = 1
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset,
                           column: columns.original(line: Int(mark.line), column: Int(mark.column)) + 1)
        }

        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
            guard let pointer else { return nil }
            guard let length else { return String(cString: pointer) }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }

        mutating func document(_ parser: inout yaml_parser_t) throws(Diagnostic) -> YAMLNode {
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
                defer { yaml_event_delete(&event) }
                let here = location(event.start_mark)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return YAMLNode(.mapping([]), at: SourceLocation(file: file, line: 1 + lineOffset, column: 1))
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let node = YAMLNode(.scalar(string(scalar.value, length: scalar.length) ?? "",
                                                isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE), at: here)
                    try count(1, at: here)
                    if let root = try add(node, size: 1, anchor: string(scalar.anchor), at: here) { return root }
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor) ?? ""
                    guard let (node, size) = anchors[name] else {
                        throw .error(here, "the alias '*\(name)' names no anchor",
                                     hint: "define '&\(name)' on a value before this line")
                    }
                    aliases += 1
                    guard aliases <= Limits.maximumAliases else {
                        throw .error(here, "the document uses more than \(Limits.maximumAliases) aliases (the limit)",
                                     hint: "write the values out, or use fewer '*' aliases")
                    }
                    try count(size, at: here)
                    if let root = try add(YAMLNode(node.value, at: here), size: size, anchor: nil, at: here) {
                        return root
                    }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    guard stack.count < Limits.maximumDepth else {
                        throw .error(here,
                                     "lists and mappings nest more than \(Limits.maximumDepth) levels deep (the limit)",
                                     hint: "flatten the structure; no paywall file needs this depth")
                    }
                    try count(1, at: here)
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let anchor = isMapping
                        ? string(event.data.mapping_start.anchor)
                        : string(event.data.sequence_start.anchor)
                    stack.append(Frame(isMapping: isMapping, location: here, anchor: anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let frame = stack.removeLast()
                    let node = YAMLNode(frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items),
                                        at: frame.location)
                    if let root = try add(node, size: frame.size, anchor: frame.anchor, at: frame.location) {
                        return root
                    }
                default:
                    continue   // stream and document start, document end
                }
            }
        }

        /// Counts values as they are read, an alias as everything it repeats.
        mutating func count(_ size: Int, at here: SourceLocation) throws(Diagnostic) {
            nodes += size
            guard nodes <= Limits.maximumNodes else {
                throw .error(here,
                             "the document holds more than \(Limits.maximumNodes) values once its aliases are expanded "
                             + "(the limit)",
                             hint: "an alias of an alias repeats everything it names; write the values out instead")
            }
        }

        /// Adds a finished node of `size` values to the innermost open list or mapping; returns it when it is the
        /// document's root.
        mutating func add(_ node: YAMLNode, size: Int, anchor: String?,
                          at here: SourceLocation) throws(Diagnostic) -> YAMLNode? {
            if let anchor { anchors[anchor] = (node, size) }
            guard !stack.isEmpty else { return node }
            stack[stack.count - 1].size += size
            if !stack[stack.count - 1].isMapping {
                stack[stack.count - 1].items.append(node)
            } else if let key = stack[stack.count - 1].key {
                stack[stack.count - 1].key = nil
                guard case .scalar(let name, _) = key.value else {
                    throw .error(key.location, "a mapping key must be a single value, not \(key.kindName)")
                }
                guard stack[stack.count - 1].keys.insert(name).inserted else {
                    throw .error(key.location, "duplicate key '\(name)'", hint: "remove one of the two")
                }
                stack[stack.count - 1].pairs.append(YAMLPair(key: name, keyLocation: key.location, value: node))
            } else {
                stack[stack.count - 1].key = node
            }
            return nil
        }

        func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
            if let syntaxFailure { return syntaxFailure }
            let mark = parser.problem_mark
            let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
            let context = parser.context.map { " " + String(cString: $0) } ?? ""
            if problem == "found invalid Unicode character escape code" {
                return .error(location(mark), "YAML syntax error: \(problem)\(context)",
                              hint: "write the character itself, or a valid surrogate pair")
            }
            return .error(location(mark), "YAML syntax error: \(problem)\(context)",
                          hint: "check the indentation, quotes and colons on this line (a value containing ': ' or "
                                + "starting with a symbol must be quoted)")
        }
    }
}
