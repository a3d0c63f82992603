extension Renderer {
    /// Resolves a name as the spec describes: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top frame down, and each further part only in the
    /// value found so far. Returns `nil` when any part is missing.
    func lookup(_ name: VariableName) -> MustacheValue? {
        guard let first = name.components.first else { return stack.last }
        var found: MustacheValue?
        for frame in stack.reversed() {
            if let value = frame.member(first) {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for component in name.components.dropFirst() {
            guard let member = value.member(component) else { return nil }
            value = member
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
