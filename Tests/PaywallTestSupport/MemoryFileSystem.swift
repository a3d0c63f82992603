import Foundation
import PaywallPlatform

extension FileSystem {
    /// An in-memory tree of files by path, for loading a site through `SiteInputs.load` without a disk; given as
    /// bytes, so that a test can hold files that are not UTF-8.
    public static func bytes(_ files: [String: Data]) -> FileSystem {
        FileSystem(
            read: { path in
                guard let data = files[path] else { throw CocoaError(.fileNoSuchFile) }
                return data
            },
            list: { folder in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
            },
            exists: { path in files[path] != nil || files.keys.contains { $0.hasPrefix(path + "/") } },
            isDirectory: { path in files.keys.contains { $0.hasPrefix(path + "/") } })
    }

    /// An in-memory tree of text files by path (`bytes`, for text).
    public static func memory(_ files: [String: String]) -> FileSystem { bytes(files.mapValues { Data($0.utf8) }) }
}
