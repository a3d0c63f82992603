import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build atomically: files stream into a temporary folder beside the output as they are rendered,
/// then the folder is swapped in. Only one build writes an output at a time (a lock file beside it).
/// It only ever replaces a folder that paywall wrote (its manifest lists every file in it), or an empty one.
///
/// The temporary folder is the previous build's output, kept beside the output as `.NAME.paywall-spare`
/// after the swap: a page whose bytes it already holds is left as it is, a page the current output holds
/// is hard-linked from it, and only changed pages are written, so a rebuild costs about what changed.
/// A spare without its manifest (a build stopped while filling it) is not trusted and is deleted.
///
/// Durability: the finished tree is flushed to disk once (`syncfs`) before the swap, and the parent folder
/// after it, so after a crash the output is the old build or the new one, whole.
public final class SiteWriter: Sendable {
    static let staging = ".paywall-new-"
    static let previous = ".paywall-old-"
    static let trash = ".paywall-trash-"
    static let spareSuffix = ".paywall-spare"
    static let lockSuffix = ".paywall-lock"

    /// The output folder as the user named it, for messages.
    public let output: String
    /// Where the output really is (a symlinked output is written where it points).
    let target: String
    /// The folder being filled: the spare.
    let temporary: String
    let lock: Int32
    let lockPath: String
    let released = Mutex(false)
    /// The current output's page hashes, so an unchanged page is linked rather than written again.
    let reusable: [String: String]
    /// What the spare held when this build began: page hashes, and every file.
    let spareHashes: [String: String]
    let spareFiles: Set<String>
    /// Files this build put in the spare (or found there already right).
    let written = Mutex<Set<String>>([])
    let createdFolders: Mutex<Set<String>>
    /// Whether the last commit swapped (so the spare now holds the previous output) rather than moved the tree into place.
    public let exchanged = Mutex(false)

    /// The manifests a caller knows to be on disk: the output's and the spare's (nil when there is no spare).
    public struct Known: Sendable {
        public var output: Manifest
        public var spare: Manifest?
        public init(output: Manifest, spare: Manifest?) {
            self.output = output
            self.spare = spare
        }
    }

    /// Whether folders that cannot be kept are deleted by a process of their own, so that a build ends
    /// without waiting for the disk (deleting thousands of folders can take longer than writing them).
    let removesInBackground: Bool
    let flushes: Bool

    /// Takes the output's lock (waiting for another build that holds it, after calling `waiting`), checks that
    /// the output may be replaced, and opens the spare.
    ///
    /// `known`: the manifests of the output and of its spare as the caller wrote them a moment ago (`serve`), so the
    /// output is not walked and neither manifest is read again.
    /// `flushes`: whether the tree is flushed to disk before the swap (not needed for a preview).
    public init(output: String, site: String? = nil, removesInBackground: Bool = false, known: Known? = nil,
                flushes: Bool = true, waiting: () -> Void = {}) throws(Diagnostic) {
        self.output = output
        self.removesInBackground = removesInBackground
        self.flushes = flushes
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
            Self.recover(target, inBackground: removesInBackground)
            reusable = try known.map { $0.output.hashes } ?? Self.checkOwnership(target, location: location)
            temporary = parent + "/." + name + Self.spareSuffix
            // A spare is trusted while it has its manifest; the manifest goes first, so a stopped build leaves none.
            let spareManifest: Manifest?
            if let known {
                spareManifest = known.spare
            } else if let data = try? FileSystem.readFile(temporary + "/" + Manifest.fileName) {
                spareManifest = Manifest.decode(data)
            } else {
                spareManifest = nil
            }
            if let spareManifest, unlink(temporary + "/" + Manifest.fileName) == 0 {
                spareHashes = spareManifest.hashes
                spareFiles = Set(spareManifest.files)
                var folders: Set<String> = [""]
                for file in spareManifest.files {
                    var folder = (file as NSString).deletingLastPathComponent
                    while !folder.isEmpty, folders.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
                }
                createdFolders = Mutex(folders)
            } else {
                Self.discardFolder(temporary, inBackground: removesInBackground)
                spareHashes = [:]
                spareFiles = []
                createdFolders = Mutex([""])
                guard mkdir(temporary, 0o755) == 0 else {
                    throw Diagnostic.error(location, "cannot create \(temporary): \(String(cString: strerror(errno)))", hint: "check the permissions")
                }
            }
        } catch {
            unlink(lockPath)
            close(lock)
            throw error as! Diagnostic
        }
    }

    deinit { close(lock) }

    /// Puts one file into the spare; safe to call from several threads at once. `hash` (a page's manifest hash)
    /// lets an unchanged page be kept or linked instead of written.
    public func write(_ file: OutputFile, hash: String? = nil) throws(Diagnostic) {
        let path = file.path
        guard !path.hasPrefix("/"), !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw .error(SourceLocation(file: output), "refusing to write '\(path)' outside the output folder")
        }
        written.withLock { _ = $0.insert(path) }
        if let hash, spareHashes[path] == hash { return }
        let destination = try clear(path)
        if let hash, reusable[path] == hash, link(target + "/" + path, destination) == 0 { return }
        var fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            unlink(destination)
            fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw writeError(path) }
        defer { close(fd) }
        let complete = file.data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard complete else { throw writeError(path) }
    }

    /// Keeps a file of the current output as it is: left in the spare when it holds the same bytes, else linked.
    public func keep(_ path: String, hash: String) throws(Diagnostic) {
        written.withLock { _ = $0.insert(path) }
        if spareHashes[path] == hash { return }
        guard reusable[path] == hash else {
            throw .error(SourceLocation(file: output), "cannot keep \(path): the output does not hold it as it was", hint: "build again")
        }
        guard link(target + "/" + path, try clear(path)) == 0 else { throw writeError(path) }
    }

    /// Makes `path`'s folder in the spare and removes what the spare held there (never written into: it may be a
    /// link to the current output's file); returns the full path.
    func clear(_ path: String) throws(Diagnostic) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if !createdFolders.withLock({ $0.contains(folder) }) {
            guard Self.makeFolders(temporary + "/" + folder) else { throw writeError(path) }
            createdFolders.withLock { _ = $0.insert(folder) }
        }
        let destination = temporary + "/" + path
        if spareFiles.contains(path) { unlink(destination) }
        return destination
    }

    func writeError(_ path: String) -> Diagnostic {
        .error(SourceLocation(file: output), "cannot write \(path): \(String(cString: strerror(errno)))", hint: "check the disk space and permissions")
    }

    /// Removes what the spare held that this build did not write, flushes it, swaps it in (the previous
    /// output becomes the spare) and releases the lock.
    public func commit() throws(Diagnostic) {
        let location = SourceLocation(file: output)
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let kept = written.withLock { $0 }
        var emptied: Set<String> = []
        for path in spareFiles.subtracting(kept) {
            unlink(temporary + "/" + path)
            emptied.insert((path as NSString).deletingLastPathComponent)
        }
        // Folders left empty go too, deepest first (rmdir refuses one that still holds something).
        for folder in emptied.sorted(by: { $0.count > $1.count }) {
            var current = folder
            while !current.isEmpty, rmdir(temporary + "/" + current) == 0 { current = (current as NSString).deletingLastPathComponent }
        }
        if flushes { Self.flush(temporary) }
        var info = stat()
        if lstat(target, &info) != 0 {
            guard rename(temporary, target) == 0 else {
                let error = Diagnostic.error(location, "cannot move the new output into place: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
        } else if Self.exchange(temporary, target) {
            exchanged.withLock { $0 = true }
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
                if rename(old, temporary) == 0 { exchanged.withLock { $0 = true } }
            } else if !Self.replaceContents(of: target, with: temporary) {
                let error = Diagnostic.error(location, "cannot replace the output folder: \(String(cString: strerror(errno)))")
                discard()
                throw error
            }
        }
        if flushes { Self.flush(parent, wholeFileSystem: false) }
        unlock()
    }

    /// Makes the output's spare from links to the output's own files, when there is none (after a first build, which
    /// moves its tree into place), so that the next build starts from it. True when the spare was made.
    public static func prepareSpare(output: String, manifest: Manifest) -> Bool {
        let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let lockPath = parent + "/." + name + lockSuffix
        guard let lock = try? takeLock(lockPath, location: SourceLocation(file: output), waiting: {}) else { return false }
        defer {
            unlink(lockPath)
            close(lock)
        }
        let spare = parent + "/." + name + spareSuffix
        var info = stat()
        guard lstat(spare, &info) != 0, mkdir(spare, 0o755) == 0 else { return false }
        // The manifest last: it is what makes the spare trusted.
        for file in manifest.files + [Manifest.fileName] {
            guard makeFolders(spare + "/" + (file as NSString).deletingLastPathComponent), link(target + "/" + file, spare + "/" + file) == 0 else {
                remove(spare)
                return false
            }
        }
        return true
    }

    /// Drops the half-filled spare and releases the lock; the output stays as it was.
    public func discard() {
        Self.discardFolder(temporary, inBackground: removesInBackground)
        unlock()
    }

    /// Deletes a folder paywall made, now or (renamed out of the way first) in a process of its own.
    static func discardFolder(_ path: String, inBackground: Bool) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let discarded = (path as NSString).deletingLastPathComponent + "/" + ((path as NSString).lastPathComponent
            .replacingOccurrences(of: spareSuffix, with: "")) + trash + String(getpid()) + "-" + String(DispatchTime.now().uptimeNanoseconds)
        if inBackground, rename(path, discarded) == 0 { removeInBackground(discarded) } else { remove(path) }
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
        return manifest.hashes
    }

    /// Finishes what an interrupted build left: a missing output is restored from its previous copy;
    /// staging and previous copies of earlier builds are removed (their names say paywall made them).
    /// Runs under the lock, so no other build's folders are touched.
    static func recover(_ target: String, inBackground: Bool = false) {
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let leftovers = entries.filter { $0.hasPrefix("." + name + staging) || $0.hasPrefix("." + name + previous) }.sorted()
        var info = stat()
        if lstat(target, &info) != 0, let saved = leftovers.last(where: { $0.hasPrefix("." + name + previous) }) {
            _ = rename(parent + "/" + saved, target)
        }
        for leftover in leftovers where lstat(parent + "/" + leftover, &info) == 0 {
            if inBackground { removeInBackground(parent + "/" + leftover) } else { remove(parent + "/" + leftover) }
        }
        // Previous outputs whose deletion was cut short (the machine stopped) are deleted again.
        for leftover in entries where leftover.hasPrefix("." + name + trash) {
            if inBackground { removeInBackground(parent + "/" + leftover) } else { remove(parent + "/" + leftover) }
        }
    }

    /// Deletes `path` in a process of its own (`rm -rf`, in a session of its own so that it outlives this one);
    /// deletes it here when no process can be started.
    static func removeInBackground(_ path: String) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)   // POSIX_SPAWN_SETSID, which Swift's Glibc module does not declare
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in 0...2 { posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let arguments: [UnsafeMutablePointer<CChar>?] = ["rm", "-rf", "--", path].map { $0.withCString { strdup($0) } } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/rm", &actions, &attributes, arguments, environ) == 0 else {
            remove(path)
            return
        }
        // Reaped here while this process lives (`serve`); after it exits, by init.
        let child = pid
        Thread.detachNewThread { waitpid(child, nil, 0) }
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
