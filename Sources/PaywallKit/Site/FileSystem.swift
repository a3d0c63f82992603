import Foundation

/// File I/O as a small struct of closures, so that tests can build sites without a disk.
public struct FileSystem: Sendable {
    public var read: @Sendable (String) throws -> Data
    /// Regular files below a folder, as sorted paths relative to it (hidden files skipped); [] when absent.
    public var list: @Sendable (String) -> [String]
    public var exists: @Sendable (String) -> Bool
    public var isDirectory: @Sendable (String) -> Bool

    public init(read: @escaping @Sendable (String) throws -> Data, list: @escaping @Sendable (String) -> [String],
                exists: @escaping @Sendable (String) -> Bool, isDirectory: @escaping @Sendable (String) -> Bool) {
        self.read = read
        self.list = list
        self.exists = exists
        self.isDirectory = isDirectory
    }

    /// The real disk.
    public static let disk = FileSystem(
        read: { try Data(contentsOf: URL(fileURLWithPath: $0)) },
        list: { folder in
            let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
            var paths: [String] = []
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                let path = url.standardizedFileURL.resolvingSymlinksInPath().path
                guard path.hasPrefix(root.path + "/") else { continue }
                paths.append(String(path.dropFirst(root.path.count + 1)))
            }
            return paths.sorted()
        },
        exists: { FileManager.default.fileExists(atPath: $0) },
        isDirectory: { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        })

    /// An in-memory tree of text files, for tests.
    public static func memory(_ files: [String: String]) -> FileSystem {
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

/// Joins a site folder and a relative path the way messages show it: `mysite/content/pro.md`, or `content/pro.md` for ".".
public func joinPath(_ folder: String, _ path: String) -> String {
    if folder.isEmpty || folder == "." || path.hasPrefix("/") { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
}
