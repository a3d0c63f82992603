extension Renderer {
    /// Resolves a name as the spec describes: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top frame down, and each further part only in the
    /// value found so far. Returns `nil` when any part is missing.
    /// While a partial is recorded for the memo, a name found below its object (or nowhere) is noted.
    mutating func lookup(_ name: VariableName) -> MustacheValue? {
        let found = find(name)
        if !recordings.isEmpty { noteLookup(name, found.value, foundAt: found.frame) }
        return found.value
    }

    /// The value and the stack index of the frame its first part was found in (-1: none).
    private func find(_ name: VariableName) -> (value: MustacheValue?, frame: Int) {
        let components = name.components
        guard !components.isEmpty else { return (stack.last, stack.count - 1) }
        var frame = stack.count - 1
        var value: MustacheValue
        while true {
            guard frame >= 0 else { return (nil, -1) }
            if let found = stack[frame].member(components[0]) {
                value = found
                break
            }
            frame -= 1
        }
        var index = 1
        while index < components.count {
            guard let member = value.member(components[index]) else { return (nil, frame) }
            value = member
            index += 1
        }
        return (value, frame)
    }
}

extension MustacheValue {
    /// The member named `name` of an object; nil for anything else.
    func member(_ name: MustacheName) -> MustacheValue? {
        guard case .object(let object) = self, let position = object.position(of: name) else { return nil }
        return object.members[position].value
    }
}
