/// One problem found in a site, at a place, with the fix.
public struct Diagnostic: Error, Hashable, Sendable, Encodable, CustomStringConvertible {
    public enum Severity: String, Sendable, Encodable { case error, warning }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// How to fix it, when there is more to say than the message.
    public var hint: String?
    /// What this diagnostic shares with others of its kind, so that a report can count them into one line.
    public var group: Group?

    public init(_ severity: Severity = .error, _ location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    public static func error(_ location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, location, message, hint: hint)
    }

    public static func warning(_ location: SourceLocation, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, location, message, hint: hint)
    }

    /// A warning that a report may count with others of its `group`.
    public static func warning(_ location: SourceLocation, _ message: String, hint: String?,
                               group: Group) -> Diagnostic {
        var diagnostic = Diagnostic(.warning, location, message, hint: hint)
        diagnostic.group = group
        return diagnostic
    }

    /// Equal diagnostics compare every field; the hash leaves out the hint and the group, which follow from the
    /// message (every page of a locale reports its warnings again, and their hints are the longest text hashed).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(location)
        hasher.combine(message)
    }

    /// This diagnostic as a log prints it: its file, message and hint escaped by ``LogText`` (one line, no
    /// control character, no line starting with `::`).
    public var escapedForLog: Diagnostic {
        var diagnostic = self
        diagnostic.location.file = LogText.line(location.file)
        diagnostic.message = LogText.escaped(message)
        diagnostic.hint = hint.map(LogText.escaped)
        return diagnostic
    }

    /// The compiler's format: `path:line:column: error: message (hint)`.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }
}

/// Every diagnostic of a failed stage; the pipeline collects them and fails once.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
