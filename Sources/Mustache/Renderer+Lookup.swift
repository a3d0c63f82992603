extension Renderer {
    /// Resolves a name as the spec describes: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top frame down, and each further part only in the
    /// value found so far. Returns `nil` when any part is missing.
    /// While a section's rendering is kept (``SectionMemo``), a name found below its list, or nowhere, is recorded.
    mutating func lookup(_ name: VariableName) -> MustacheValue? {
        let components = name.components
        guard !components.isEmpty else { return stack.last }
        var frame = stack.count - 1
        var value: MustacheValue?
        while frame >= 0 {
            if let found = stack[frame].member(components[0]) {
                value = found
                break
            }
            frame -= 1
        }
        var index = 1
        while index < components.count, let found = value {
            value = found.member(components[index])
            index += 1
        }
        if recording != nil { record(name, value, outside: frame < recording!.base) }
        return value
    }

    private mutating func record(_ name: VariableName, _ value: MustacheValue?, outside: Bool) {
        if case .lambda? = value { recording!.keepable = false }
        if outside, recording!.names.insert(Array(name.text.utf8)).inserted { recording!.reads.append((name, value)) }
    }
}

extension MustacheValue {
    /// The member named `name` of an object; nil for anything else.
    func member(_ name: MustacheName) -> MustacheValue? {
        guard case .object(let object) = self, let position = object.position(of: name) else { return nil }
        return object.members[position].value
    }
}
