#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders: their entries read once with `readdir`, made and removed, and paths with their links resolved. Every
/// walk of a folder in paywall goes through `entries(of:)`.
extension Platform {
    /// One entry of a folder, as `readdir` gives it.
    public struct FolderEntry: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case file, folder, link, other, unknown }
        public var name: String
        /// From `d_type`, without a `stat`: `.unknown` where the file system does not say.
        public var kind: Kind
    }

    /// The entries of `folder` but `.` and `..`, in `readdir`'s order; nil when it cannot be read.
    public static func entries(of folder: String) -> [FolderEntry]? {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return nil }
        defer { closedir(directory) }
        var result: [FolderEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let kind: FolderEntry.Kind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .folder
            case Int32(DT_LNK): .link
            case Int32(DT_UNKNOWN): .unknown
            default: .other
            }
            result.append(FolderEntry(name: name, kind: kind))
        }
        return result
    }

    /// What `path` is, by `lstat` (a link is not followed); nil when nothing is there.
    public static func kind(of path: String) -> FolderEntry.Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Every file below `folder` that is not a folder (links and pipes included), as relative paths; nil when a
    /// folder cannot be read.
    public static func files(below folder: String) -> [String]? {
        guard let entries = entries(of: folder) else { return nil }
        var result: [String] = []
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.kind == .folder || (entry.kind == .unknown && kind(of: path) == .folder) {
                guard let inner = files(below: path) else { return nil }
                result += inner.map { entry.name + "/" + $0 }
            } else {
                result.append(entry.name)
            }
        }
        return result
    }

    /// `mkdir -p`; true when the folder exists afterwards.
    public static func makeFolders(_ path: String) -> Bool {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = parentFolder(of: path)
        guard parent != path, !parent.isEmpty, makeFolders(parent) else { return false }
        return mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Deletes a file, or a folder and everything below it (links are deleted, never followed).
    public static func remove(_ path: String) {
        if unlink(path) == 0 || errno == ENOENT { return }
        for entry in entries(of: path) ?? [] {
            let inner = path + "/" + entry.name
            if entry.kind == .folder || entry.kind == .unknown { remove(inner) } else { unlink(inner) }
        }
        rmdir(path)
    }

    /// `realpath(3)`: the absolute path with every link, `.` and `..` resolved; nil when `path` does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `realPath`, for a path that may not exist yet: its longest existing part resolved, the rest kept as written
    /// (without `.`, and each `..` taking off the name before it).
    public static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (realPath(".") ?? "") + "/" + path
        let names = absolute.split(separator: "/")
        var existing = names.count
        var resolved = "/"
        while existing > 0 {
            if let real = realPath("/" + names[..<existing].joined(separator: "/")) { resolved = real; break }
            existing -= 1
        }
        for name in names[existing...] where name != "." {
            if name == ".." {
                resolved = parentFolder(of: resolved)
            } else {
                resolved = (resolved == "/" ? "/" : resolved + "/") + name
            }
        }
        return resolved
    }

    /// The folder holding `path` ("" for a bare name, "/" for a child of the root), as `deletingLastPathComponent`.
    public static func parentFolder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
