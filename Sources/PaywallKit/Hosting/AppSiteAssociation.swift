#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `static/.well-known/apple-app-site-association` (or `static/apple-app-site-association`): the file iOS reads
/// for universal links (`app.openURL`), shared web credentials and App Clips. Apple's CDN takes strict JSON, an
/// object, no larger than 128 KB; a file it cannot read fails without a word on the device, so it fails the build.
public enum AppSiteAssociation {
    /// Where hosts serve it, relative to the output root.
    public static let paths: Set<String> = [".well-known/apple-app-site-association", "apple-app-site-association"]
    /// Apple's limit for the uncompressed file.
    public static let maximumBytes = 128 * 1024
    /// The sections Apple reads; a file needs at least one.
    static let sections = ["applinks", "webcredentials", "appclips"]

    /// Problems of `data`, the file at `file`: each at the file, a JSON syntax error at its line and column.
    public static func problems(_ data: Data, file: String) -> [Diagnostic] {
        let at = SourceLocation(file: file)
        guard data.count <= maximumBytes else {
            return [.error(at, "the file is \(data.count) bytes; Apple reads at most \(maximumBytes) (128 KB)",
                           hint: "list fewer paths, or use wildcards in applinks.details[].components")]
        }
        let root: StrictJSON.Kind, members: [String: StrictJSON.Kind]
        do throws(StrictJSON.Failure) { (root, members) = try StrictJSON.read(Array(data)) } catch {
            return [.error(place(of: error, in: data, file: file), "the file is not valid JSON",
                           hint: "Apple reads strict JSON: double quotes, no comments, no trailing commas")]
        }
        guard root == .object else {
            return [.error(at, "the file must be a JSON object, not \(root == .array ? "a list" : "a single value")",
                           hint: "write { \"applinks\": { \"details\": [ … ] } }")]
        }
        guard sections.contains(where: { members[$0] != nil }) else {
            return [.error(at, "the file has no applinks (nor webcredentials or appclips), so it links nothing",
                           hint: "write { \"applinks\": { \"details\": [{ \"appIDs\": [\"TEAMID.bundle.id\"], "
                               + "\"components\": [ … ] }] } }")]
        }
        return sections.compactMap { name in
            guard let kind = members[name], kind != .object else { return nil }
            return .error(at, "'\(name)' must be a JSON object", hint: "write \"\(name)\": { … }")
        }
    }

    /// The line and column of a syntax error, from the offset where reading stopped (the end of the file when it
    /// ran out); the file alone when it is not UTF-8.
    static func place(of error: StrictJSON.Failure, in data: Data, file: String) -> SourceLocation {
        guard let offset = error.offset.map({ min($0, data.count) }) else { return SourceLocation(file: file) }
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}
