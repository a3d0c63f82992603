import Foundation
import Synchronization

/// The file-system calls of the writer: the lock, folders made and removed, the flush and the atomic exchange.
extension SiteWriter {
    /// `mkdir -p`; true when the folder exists afterwards.
    static func makeFolders(_ path: String) -> Bool {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = (path as NSString).deletingLastPathComponent
        guard parent != path, !parent.isEmpty, makeFolders(parent) else { return false }
        return mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Regular files below `folder`, as relative paths; nil when it cannot be read.
    static func files(below folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                guard let inner = files(below: folder + "/" + name) else { return nil }
                result += inner.map { name + "/" + $0 }
            } else {
                result.append(name)
            }
        }
        return result
    }

    /// Deletes a file or a folder and everything below it.
    static func remove(_ path: String) {
        if unlink(path) == 0 || errno == ENOENT { return }
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." { continue }
                if entry.pointee.d_type == UInt8(DT_DIR) { remove(path + "/" + name) } else { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    /// For a folder that cannot be renamed (a mount point): replaces what is inside it instead.
    static func replaceContents(of target: String, with source: String) -> Bool {
        guard let old = try? FileManager.default.contentsOfDirectory(atPath: target),
              let new = try? FileManager.default.contentsOfDirectory(atPath: source) else { return false }
        for entry in old { remove(target + "/" + entry) }
        for entry in new where rename(source + "/" + entry, target + "/" + entry) != 0 { return false }
        return true
    }

    /// Flushes every file and folder below `path` to disk (`wholeFileSystem`), or only the folder's own entries.
    static func flush(_ path: String, wholeFileSystem: Bool = true) {
        if wholeFileSystem { Platform.flush(tree: path) { files(below: path) } } else { Platform.flush(folder: path) }
    }

    /// Swaps two paths in one step; false where the system or the file system cannot.
    static func exchange(_ a: String, _ b: String) -> Bool { Platform.exchange(a, b) }
}

/// The lock file beside an output (`.NAME.paywall-lock`), held with `flock` while a build writes it. The holder
/// deletes the file when it is done, so a lock taken on a file that is no longer at its path is taken again on
/// the new one. The descriptor is closed once, when the lock goes away.
final class OutputLock: Sendable {
    private let fd: Int32
    private let path: String
    private let released = Mutex(false)

    /// Waits for the build that holds the lock, after calling `waiting`.
    init(_ path: String, location: SourceLocation, waiting: () -> Void) throws(Diagnostic) {
        self.path = path
        var toldWaiting = false
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw .error(location, "cannot create the lock file \(path): \(String(cString: strerror(errno)))", hint: "check the permissions")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if !toldWaiting { waiting(); toldWaiting = true }
                while flock(fd, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(fd)
                        throw .error(location, "cannot lock the output: \(String(cString: strerror(errno)))")
                    }
                }
            }
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                self.fd = fd
                return
            }
            close(fd)
        }
    }

    /// Deletes the lock file, then releases the lock; once.
    func release() {
        guard !released.withLock({ released in defer { released = true }; return released }) else { return }
        unlink(path)
        flock(fd, LOCK_UN)
    }

    deinit {
        release()
        close(fd)
    }
}
