#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One file of the output, by path relative to the output folder.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    /// The content, as rendered (a page is written and hashed from these without another copy).
    public var bytes: [UInt8]

    public var data: Data { Data(bytes) }

    public init(_ path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(_ path: String, _ data: Data) { self.init(path, bytes: [UInt8](data)) }

    public init(_ path: String, _ text: String) { self.init(path, bytes: Array(text.utf8)) }
}
