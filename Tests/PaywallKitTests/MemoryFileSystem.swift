import Foundation
import PaywallKit

extension FileSystem {
    /// An in-memory tree of text files, for loading a site through `SiteInputs.load` without a disk.
    static func memory(_ files: [String: String]) -> FileSystem {
        FileSystem(
            read: { path in
                guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
                return Data(text.utf8)
            },
            list: { folder in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
            },
            exists: { path in files[path] != nil || files.keys.contains { $0.hasPrefix(path + "/") } },
            isDirectory: { path in files.keys.contains { $0.hasPrefix(path + "/") } })
    }
}
