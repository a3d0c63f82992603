extension Renderer {
    /// Resolves a name as the spec describes: `.` is the top of the stack; otherwise the
    /// first part is looked up from the top frame down, and each further part only in the
    /// value found so far. Returns `nil` when any part is missing.
    func lookup(_ name: VariableName) -> MustacheValue? {
        guard let first = name.components.first else { return stack.last }
        var found: MustacheValue?
        for frame in stack.reversed() {
            if case .object(let members) = frame, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for component in name.components.dropFirst() {
            guard case .object(let members) = value, let member = members[component] else { return nil }
            value = member
        }
        return value
    }
}
