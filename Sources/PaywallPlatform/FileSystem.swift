#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// File I/O as a small struct of closures (Saga-style injected I/O): `disk` in a build, an in-memory tree in tests.
public struct FileSystem: Sendable {
    public var read: @Sendable (String) throws -> Data
    /// Files below a folder, as sorted paths relative to it (hidden ones skipped but `.md` files); [] when absent.
    public var list: @Sendable (String) -> [String]
    public var exists: @Sendable (String) -> Bool
    public var isDirectory: @Sendable (String) -> Bool
    /// The path with every symbolic link resolved, to tell whether a file stays inside the site.
    public var resolve: @Sendable (String) -> String
    /// Like `list`, hidden files and folders included (a site's `static/.well-known/…`); nil: `list`'s.
    public var listHidden: (@Sendable (String) -> [String])?

    public init(read: @escaping @Sendable (String) throws -> Data, list: @escaping @Sendable (String) -> [String],
                exists: @escaping @Sendable (String) -> Bool, isDirectory: @escaping @Sendable (String) -> Bool,
                resolve: @escaping @Sendable (String) -> String = { $0 }) {
        self.read = read
        self.list = list
        self.exists = exists
        self.isDirectory = isDirectory
        self.resolve = resolve
    }

    /// The largest input file read (an asset, a catalog); no real site comes near it.
    public static let maximumFileBytes = 64 << 20

    /// Why a file could not be read, in words for a message.
    public enum ReadError: Error, Equatable {
        case missing
        case notAFile(String)
        case tooLarge(Int)
        case unreadable(String)

        public var message: String {
            switch self {
            case .missing: "the file does not exist"
            case .notAFile(let kind): "this is \(kind), not a file"
            case .tooLarge(let bytes): "the file is larger than \(bytes >> 20) MB (the limit for an input file)"
            case .unreadable(let reason): "the file cannot be read: \(reason)"
            }
        }
    }

    /// The real disk.
    public static let disk: FileSystem = {
        var disk = FileSystem(
            read: { try readFile($0) },
            list: { folder in list(folder, hidden: false) },
            exists: { FileManager.default.fileExists(atPath: $0) },
            isDirectory: { path in
                var info = stat()
                return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            },
            resolve: { Platform.resolvedPath($0) })
        disk.listHidden = { folder in list(folder, hidden: true) }
        return disk
    }()

    static func list(_ folder: String, hidden: Bool) -> [String] {
        var paths: [String] = []
        var visited: Set<[UInt64]> = []
        let root = Platform.resolvedPath(folder)
        walk(root, "", root: root, hidden: hidden, visited: &visited, into: &paths)
        return paths.sorted()
    }

    /// Collects the files below `root + "/" + relative`: regular files, and whatever else is not a folder (pipes,
    /// links out of the site, broken links) so that reading it can say what is wrong. Hidden entries are skipped,
    /// except `.md` files (a page named `..md` is reported, not lost). A link to a folder is followed only when it
    /// leads to a place inside `root`, and each folder is read once (a link may not loop). `hidden`: hidden entries
    /// too.
    static func walk(_ root: String, _ relative: String, root top: String, hidden: Bool = false,
                     visited: inout Set<[UInt64]>, into paths: inout [String]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        var info = stat()
        guard stat(folder, &info) == 0,
              visited.insert([UInt64(truncatingIfNeeded: info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        for entry in Platform.entries(of: folder) ?? [] {
            let name = entry.name
            guard hidden || !name.hasPrefix(".") || name.hasSuffix(".md") else { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            var kind = entry.kind
            if kind == .link {
                guard let target = Platform.realPath(folder + "/" + name) else { paths.append(path); continue }
                guard target.hasPrefix(top + "/") else { paths.append(path); continue }
                kind = .unknown
            }
            if kind == .unknown {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { paths.append(path); continue }
                kind = info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
            }
            if kind == .folder {
                if hidden || !name.hasPrefix(".") {
                    walk(root, path, root: top, hidden: hidden, visited: &visited, into: &paths)
                }
            } else {
                paths.append(path)
            }
        }
    }

    /// Reads a regular file with POSIX calls, refusing folders, pipes and devices (a FIFO would block for
    /// ever) and files over the size limit before reading a byte.
    public static func readFile(_ path: String) throws(ReadError) -> Data {
        let read = try Platform.withOpenFile(path) { fd, info throws(ReadError) -> Data in
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw .notAFile("a folder")
            case S_IFIFO: throw .notAFile("a named pipe (FIFO)")
            case S_IFSOCK: throw .notAFile("a socket")
            default: throw .notAFile("a device")
            }
            guard info.st_size <= maximumFileBytes else { throw .tooLarge(maximumFileBytes) }
            var data = Data(count: Int(info.st_size))
            guard let filled = data.withUnsafeMutableBytes({ Platform.read(fd, filling: $0) }) else {
                throw .unreadable(Platform.errorText)
            }
            return data.prefix(filled)
        }
        guard let read else { throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(Platform.errorText) }
        return read
    }
}

/// Joins a site folder and a relative path the way messages show it: `mysite/content/pro.md`, or `content/pro.md`
/// for ".".
public func joinPath(_ folder: String, _ path: String) -> String {
    if folder.isEmpty || folder == "." || path.hasPrefix("/") { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
}
