import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build atomically: files stream into a temporary folder beside the output as they are rendered,
/// then the folder is swapped in. Only one build writes an output at a time (a lock file beside it).
/// It only ever replaces a folder that paywall wrote (its manifest lists every file in it), or an empty one.
///
/// Durability: the finished temporary tree is flushed to disk once (`syncfs`) before the swap, and the
/// parent folder after it, so after a crash the output is the old build or the new one, whole.
public final class SiteWriter: Sendable {
    static let staging = ".paywall-new-"
    static let previous = ".paywall-old-"
    static let lockSuffix = ".paywall-lock"

    /// The output folder as the user named it, for messages.
    public let output: String
    /// Where the output really is (a symlinked output is written where it points).
    let target: String
    let temporary: String
    let lock: Int32
    let lockPath: String
    let released = Mutex(false)
    /// The previous output's page hashes, so an unchanged page is linked rather than written again.
    let reusable: [String: String]
    let createdFolders = Mutex<Set<String>>([""])

    /// Takes the output's lock (waiting for another build that holds it, after calling `waiting`), checks that
    /// the output may be replaced, and opens the temporary folder.
    public init(output: String, site: String? = nil, waiting: () -> Void = {}) throws(Diagnostic) {
        self.output = output
        let location = SourceLocation(file: output)
        let absolute = URL(fileURLWithPath: output).standardizedFileURL
        target = absolute.resolvingSymlinksInPath().path
        try Self.checkPlace(target, site: site, location: location)
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard Self.makeFolders(parent) else {
            throw .error(location, "cannot create \(parent): \(String(cString: strerror(errno)))", hint: "check the permissions")
        }
        let lockPath = parent + "/." + name + Self.lockSuffix
        lock = try Self.takeLock(lockPath, location: location, waiting: waiting)
        self.lockPath = lockPath
        do {
            Self.recover(target)
            reusable = try Self.checkOwnership(target, location: location)
            temporary = parent + "/." + name + Self.staging + String(getpid())
            Self.remove(temporary)
            guard mkdir(temporary, 0o755) == 0 else {
                throw Diagnostic.error(location, "cannot create \(temporary): \(String(cString: strerror(errno)))", hint: "check the permissions")
            }
        } catch {
            unlink(lockPath)
            close(lock)
            throw error as! Diagnostic
        }
    }

    deinit { close(lock) }

    /// Writes one file into the temporary folder; safe to call from several threads at once.
    public func write(_ file: OutputFile, hash: String? = nil) throws(Diagnostic) {
        let path = file.path
        guard !path.hasPrefix("/"), !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw .error(SourceLocation(file: output), "refusing to write '\(path)' outside the output folder")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !createdFolders.withLock({ $0.contains(folder) }) {
            guard Self.makeFolders(temporary + "/" + folder) else { throw writeError(path) }
            createdFolders.withLock { _ = $0.insert(folder) }
        }
        let destination = temporary + "/" + path
        if let hash, reusable[path] == hash, link(target + "/" + path, destination) == 0 { return }
        let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw writeError(path) }
        defer { close(fd) }
        let written = file.data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw writeError(path) }
    }

    func writeError(_ path: String) -> Diagnostic {
        .error(SourceLocation(file: output), "cannot write \(path): \(String(cString: strerror(errno)))", hint: "check the disk space and permissions")
    }

    /// Flushes the temporary folder, swaps it in, and removes the previous output. Releases the lock.
    public func commit() throws(Diagnostic) {
        let location = SourceLocation(file: output)
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        Self.flush(temporary)
        var isFolder = stat()
        let exists = lstat(target, &isFolder) == 0
        if !exists {
            guard rename(temporary, target) == 0 else {
                let error = Diagnostic.error(location, "cannot move the new output into place: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
        } else if Self.exchange(temporary, target) {
            // The temporary name now holds the previous output.
        } else {
            // No atomic exchange on this file system: two renames, undone if the second fails; an interrupted
            // build is finished by the next one (`recover`).
            let old = parent + "/." + name + Self.previous + String(getpid())
            if rename(target, old) == 0 {
                guard rename(temporary, target) == 0 else {
                    let error = Diagnostic.error(location, "cannot replace the output folder: \(String(cString: strerror(errno)))")
                    _ = rename(old, target)
                    discard()
                    throw error
                }
                _ = rename(old, temporary)
            } else if !Self.replaceContents(of: target, with: temporary) {
                let error = Diagnostic.error(location, "cannot replace the output folder: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
        }
        Self.flush(parent, wholeFileSystem: false)
        Self.remove(temporary)
        unlock()
    }

    /// Removes the temporary folder and releases the lock; the output stays as it was.
    public func discard() {
        Self.remove(temporary)
        unlock()
    }

    /// Writes `files` as one build (for callers that hold every file already).
    public static func write(_ files: [OutputFile], to output: String, site: String? = nil) throws(Diagnostic) {
        let writer = try SiteWriter(output: output, site: site)
        do {
            for file in files { try writer.write(file) }
        } catch {
            writer.discard()
            throw error
        }
        try writer.commit()
    }

    // MARK: The output's place and owner

    /// Refuses outputs that would destroy or swallow something: the root, a folder holding the site, a folder inside its inputs.
    static func checkPlace(_ target: String, site: String?, location: SourceLocation) throws(Diagnostic) {
        guard target != "/", !target.isEmpty else {
            throw .error(location, "refusing to replace the root folder", hint: "choose an output folder of its own with -o DIR")
        }
        guard let site else { return }
        let siteRoot = URL(fileURLWithPath: site).standardizedFileURL.resolvingSymlinksInPath().path
        if siteRoot == target || siteRoot.hasPrefix(target + "/") {
            throw .error(location, "the output folder holds the site itself", hint: "choose an output inside or beside the site, such as SITE/public")
        }
        for input in ["content", "assets", "templates"] where target.hasPrefix(siteRoot + "/" + input + "/") || target == siteRoot + "/" + input {
            throw .error(location, "the output folder is inside the site's \(input)/ folder, so each build would read the last",
                         hint: "choose an output outside \(input)/, such as SITE/public")
        }
    }

    /// The output may hold only what its manifest lists (and the manifest itself); anything else is someone's.
    /// Returns the manifest's page hashes.
    static func checkOwnership(_ target: String, location: SourceLocation) throws(Diagnostic) -> [String: String] {
        var info = stat()
        guard lstat(target, &info) == 0 else { return [:] }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .error(location, "the output path is a file, not a folder", hint: "choose another output with -o DIR")
        }
        guard let present = files(below: target) else {
            throw .error(location, "cannot read the output folder", hint: "check its permissions")
        }
        guard !present.isEmpty else { return [:] }
        guard let data = try? FileSystem.readFile(target + "/" + Manifest.fileName), let manifest = Manifest.decode(data) else {
            throw .error(location, "the output folder is not empty and was not written by paywall (it has no \(Manifest.fileName))",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
        let known = Set(manifest.files + [Manifest.fileName])
        let foreign = present.filter { !known.contains($0) && !$0.hasSuffix(".DS_Store") }.sorted()
        guard foreign.isEmpty else {
            let list = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
            throw .error(location, "the output folder has files paywall did not write: \(list)",
                         hint: "a build replaces the whole folder; put files to publish in the site's assets/ folder, and move or delete these")
        }
        return Dictionary(manifest.pages.map { ($0.path, $0.hash) }, uniquingKeysWith: { first, _ in first })
    }

    /// Finishes what an interrupted build left: a missing output is restored from its previous copy;
    /// staging and previous copies of earlier builds are removed (their names say paywall made them).
    /// Runs under the lock, so no other build's folders are touched.
    static func recover(_ target: String) {
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let leftovers = entries.filter { $0.hasPrefix("." + name + staging) || $0.hasPrefix("." + name + previous) }.sorted()
        var info = stat()
        if lstat(target, &info) != 0, let saved = leftovers.last(where: { $0.hasPrefix("." + name + previous) }) {
            _ = rename(parent + "/" + saved, target)
        }
        for leftover in leftovers { remove(parent + "/" + leftover) }
    }

    // MARK: POSIX helpers

    /// Locks `path` (a file beside the output), waiting for the build that holds it. The holder deletes the file
    /// when it is done, so a lock taken on a file that is no longer at `path` is taken again on the new one.
    static func takeLock(_ path: String, location: SourceLocation, waiting: () -> Void) throws(Diagnostic) -> Int32 {
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
                return fd
            }
            close(fd)
        }
    }

    /// Deletes the lock file, then releases the lock.
    func unlock() {
        guard !released.withLock({ released in defer { released = true }; return released }) else { return }
        unlink(lockPath)
        flock(lock, LOCK_UN)
    }

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

    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc has `syncfs` and `renameat2`, but Swift's Glibc module does not declare them.
    nonisolated(unsafe) private static let syncFS = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }
    nonisolated(unsafe) private static let renameAt2 = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }

    /// Flushes the file system holding `path` once (every file written into it), else the folder itself.
    static func flush(_ path: String, wholeFileSystem: Bool = true) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        if wholeFileSystem, let syncFS, syncFS(fd) == 0 { return }
        fsync(fd)
    }

    /// Swaps two paths in one step (`renameat2` with `RENAME_EXCHANGE`); false where the file system cannot.
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameAt2 else { return false }
        return renameAt2(AT_FDCWD, a, AT_FDCWD, b, 1 << 1) == 0
    }
}
