extension Renderer {
    /// Resolves a name as the spec describes: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top frame down, and each further part only in the
    /// value found so far. Returns `nil` when any part is missing.
    func lookup(_ name: VariableName) -> MustacheValue? {
        let components = name.components
        guard !components.isEmpty else { return stack.last }
        var frame = stack.count - 1
        var value: MustacheValue
        while true {
            guard frame >= 0 else { return nil }
            if let found = stack[frame].member(components[0]) {
                value = found
                break
            }
            frame -= 1
        }
        var index = 1
        while index < components.count {
            guard let member = value.member(components[index]) else { return nil }
            value = member
            index += 1
        }
        return value
    }
}

extension MustacheValue {
    /// The member named `name` of an object; nil for anything else.
    func member(_ name: MustacheName) -> MustacheValue? {
        guard case .object(let object) = self, let position = object.position(of: name) else { return nil }
        return object.members[position].value
    }
}
