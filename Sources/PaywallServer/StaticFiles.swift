#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// What a path is on the file source.
public enum FileKind: Sendable, Equatable {
    case file, directory, missing
}

/// The reads static file resolution needs, behind a protocol so that tests can use memory.
public protocol FileSource: Sendable {
    /// What `path` is, following symlinks.
    func kind(_ path: String) -> FileKind
    /// The absolute path with every symlink resolved, or nil when it does not exist.
    func realPath(_ path: String) -> String?
    /// The file's bytes, or nil when unreadable.
    func read(_ path: String) -> Data?
}

/// The real disk, through the platform layer.
public struct DiskFiles: FileSource {
    public init() {}

    public func kind(_ path: String) -> FileKind {
        switch Platform.status(of: path, followingLinks: true)?.kind {
        case .file: .file
        case .folder: .directory
        default: .missing
        }
    }

    public func realPath(_ path: String) -> String? { Platform.realPath(path) }

    public func read(_ path: String) -> Data? {
        try? FileSystem.readFile(path)
    }
}

/// Maps a request path to a file below the output folder, refusing anything that could leave it.
public struct StaticFiles: Sendable {
    /// Where a request path leads.
    public enum Resolution: Sendable, Equatable {
        /// A regular file inside the root, by its path.
        case file(String)
        /// A folder named without its trailing slash: redirect to this location (query kept).
        case redirect(String)
        case notFound
        /// A path that is malformed or tries to escape (bad escapes, NUL, backslash, dot segments).
        case badRequest
    }

    /// The output folder.
    public var root: String
    public var source: any FileSource

    public init(root: String, source: any FileSource = DiskFiles()) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.source = source
    }

    /// Resolves a request's raw (still percent-encoded) path and query.
    public func resolve(path rawPath: String, query: String? = nil) -> Resolution {
        guard let segments = Self.segments(rawPath) else { return .badRequest }
        let relative = segments.joined(separator: "/")
        let candidate = relative.isEmpty ? root : root + "/" + relative
        guard confined(candidate) else { return .notFound }
        switch source.kind(candidate) {
        case .missing:
            return .notFound
        case .file:
            // `/page.html/` names no folder.
            return rawPath.hasSuffix("/") && !segments.isEmpty ? .notFound : .file(candidate)
        case .directory:
            guard rawPath.hasSuffix("/") else {
                // Rebuilt from its segments: "//name" must not become a protocol-relative "//name/".
                let clean = "/" + rawPath.split(separator: "/").joined(separator: "/") + "/"
                return .redirect(clean + (query.map { "?" + $0 } ?? ""))
            }
            let index = candidate + "/index.html"
            guard source.kind(index) == .file, confined(index) else { return .notFound }
            return .file(index)
        }
    }

    /// Whether a path, with symlinks resolved, is the root or below it.
    func confined(_ path: String) -> Bool {
        guard let real = source.realPath(path) else { return true }  // missing: nothing to read
        guard let realRoot = source.realPath(root) else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// The path's segments, percent-decoded exactly once; nil when the path is malformed or unsafe:
    /// a bad escape, invalid UTF-8, NUL or other control characters, a backslash, or a `.` or `..` segment
    /// (raw or encoded: `%2e%2e`, `..%2f`). Empty segments (`a//b`) are dropped.
    public static func segments(_ rawPath: String) -> [String]? {
        guard rawPath.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let decoded = percentDecode(raw) else { return nil }
            // An encoded slash decodes to a path separator: check each piece it makes.
            for piece in decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
                guard !piece.contains(where: { $0 < 32 || $0 == 127 || $0 == UInt8(ascii: "\\") }),
                      let text = String(validating: piece, as: UTF8.self), text != ".", text != ".." else { return nil }
                segments.append(text)
            }
        }
        return segments
    }

    /// `%XX` → byte, once; nil on a malformed escape.
    static func percentDecode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { output.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            output.append(high << 4 | low)
        }
        return output
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
