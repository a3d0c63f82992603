import Foundation
import PaywallServer

extension FuzzEntry {
    /// The preview server's read loop over one connection's bytes: parse a request head, check it, resolve
    /// its path as `StaticFiles` does, skip its body, and go on with the next (pipelined) request.
    @Sendable public static func http(_ bytes: UnsafeBufferPointer<UInt8>) {
        let parser = HTTPRequestParser()
        let files = StaticFiles(root: "/site", source: MemoryFiles())
        var offset = 0
        while offset < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            guard case .request(let request, let length) = parser.parse(rest) else { return }
            require(length > 0 && length <= rest.count, "head length \(length) of \(rest.count) bytes")
            // The server parses its buffer again as bytes arrive: the head alone must give the same request.
            let head = UnsafeBufferPointer(rebasing: rest[..<length])
            require(parser.parse(head) == .request(request, length: length), "the head alone parses differently")
            require(request.contentLength >= 0, "Content-Length \(request.contentLength)")
            _ = (request.keepAlive, request.hasTransferEncoding, request.header("If-None-Match"))
            _ = files.resolve(path: request.path, query: request.query)
            offset += length + min(request.contentLength, rest.count - length)
        }
    }

    /// A small output folder in memory.
    struct MemoryFiles: FileSource {
        static let files: [String: FileKind] = [
            "/site": .directory, "/site/index.html": .file, "/site/en-US": .directory,
            "/site/en-US/pro": .directory, "/site/en-US/pro/index.html": .file, "/site/paywall.css": .file,
        ]
        func kind(_ path: String) -> FileKind { Self.files[path] ?? .missing }
        func realPath(_ path: String) -> String? { Self.files[path] == nil ? nil : path }
        func read(_ path: String) -> Data? { Self.files[path] == .file ? Data("<!doctype html>".utf8) : nil }
    }
}
