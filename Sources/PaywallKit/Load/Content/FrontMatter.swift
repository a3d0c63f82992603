/// Splits a content file into YAML front matter (between `---` lines) and the Markdown body.
public struct FrontMatter: Sendable {
    public var yaml: String
    public var body: String
    /// The 1-based line of the file on which the body starts.
    public var bodyLine: Int

    /// Throws when the file has no front matter or it is not closed.
    public init(splitting text: String, file: String) throws(Diagnostic) {
        // "\r\n" is one Character in Swift (so `contains("\r")` misses it): normalize line endings before splitting.
        let text = text.containsText("\r") ? text.replacingEvery("\r\n", with: "\n") : text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0] = lines[0].dropFirst() }
        guard lines.first == "---" else {
            throw .error(SourceLocation(file: file, line: 1, column: 1), "the page has no front matter",
                         hint: "start the file with a '---' line, the page's settings (such as 'groupID: …'), "
                               + "and another '---' line")
        }
        guard let end = lines.indices.dropFirst().first(where: { lines[$0] == "---" || lines[$0] == "..." }) else {
            throw .error(SourceLocation(file: file, line: 1, column: 1), "the front matter is not closed",
                         hint: "add a '---' line after the page's settings")
        }
        yaml = lines[1..<end].joined(separator: "\n")
        body = lines[(end + 1)...].joined(separator: "\n")
        bodyLine = end + 2
    }
}
