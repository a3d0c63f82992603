import Foundation
import Synchronization

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
    let lock: OutputLock
    /// What the output and the spare held when this build began, read while the site loads.
    let previous: Previous
    /// Files this build put in the spare (or found there already right).
    let written = Mutex<Set<String>>([])
    /// Folders made in the spare by this build.
    let createdFolders = Mutex<Set<String>>([])
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

    /// Takes the output's lock (waiting for another build that holds it, after calling `waiting`), checks what is
    /// quick about the output (its place; a folder, empty unless it has a manifest), and starts reading the
    /// manifests and opening the spare on another thread; the rest of the check ends before the swap.
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
        target = Self.target(of: output)
        try Self.checkPlace(target, site: site, location: location)
        let parent = (target as NSString).deletingLastPathComponent
        guard Self.makeFolders(parent) else {
            throw .error(location, "cannot create \(parent): \(String(cString: strerror(errno)))", hint: "check the permissions")
        }
        lock = try OutputLock(Self.sibling(of: target, Self.lockSuffix), location: location, waiting: waiting)
        do {
            Self.recover(target, inBackground: removesInBackground)
            if known == nil { try Self.checkOwnership(target, location: location) }
            let temporary = Self.sibling(of: target, Self.spareSuffix)
            self.temporary = temporary
            previous = Previous { [target, removesInBackground] in
                Self.readPrevious(target: target, temporary: temporary, known: known, removesInBackground: removesInBackground,
                                  location: location)
            }
        } catch {
            lock.release()
            throw error
        }
    }

    /// Where an output really is: a symlinked output is written where it points.
    static func target(of output: String) -> String {
        URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A hidden folder or file beside the output that paywall makes: `.NAME` followed by `suffix`.
    static func sibling(of target: String, _ suffix: String) -> String {
        (target as NSString).deletingLastPathComponent + "/." + (target as NSString).lastPathComponent + suffix
    }

    /// Puts one file into the spare; safe to call from several threads at once. `hash` (the file's manifest hash)
    /// lets an unchanged file be kept or linked instead of written, once the file kept is seen to hold its bytes.
    public func write(_ file: OutputFile, hash: String? = nil) throws(Diagnostic) {
        let path = file.path
        guard !path.hasPrefix("/"), !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw .error(SourceLocation(file: output), "refusing to write '\(path)' outside the output folder")
        }
        let previous = try previous.writable()
        written.withLock { _ = $0.insert(path) }
        if let hash, previous.spareHashes[path] == hash, let stamp = Stamp(temporary + "/" + path), stamp.size == file.bytes.count,
           spareIsIntact(path, stamp, previous) || Self.holds(temporary + "/" + path, file.bytes) { return }
        let destination = try clear(path, previous)
        if let hash, previous.reusable[path] == hash,
           outputIsIntact(path, size: file.bytes.count, previous) || Self.holds(target + "/" + path, file.bytes),
           link(target + "/" + path, destination) == 0 { return }
        var fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            unlink(destination)
            fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw writeError(path) }
        defer { close(fd) }
        let complete = file.bytes.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Platform.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard complete else { throw writeError(path) }
    }

    /// Keeps a file of the current output as it is: left in the spare when that holds the same bytes, else linked
    /// from the output. False, with nothing done, when neither holds it as the manifest says (so it must be made again).
    public func keep(_ path: String, hash: String) throws(Diagnostic) -> Bool {
        let previous = try previous.writable()
        if previous.spareHashes[path] == hash, let stamp = Stamp(temporary + "/" + path),
           spareIsIntact(path, stamp, previous) || Self.contentHash(temporary + "/" + path) == hash {
            written.withLock { _ = $0.insert(path) }
            return true
        }
        guard previous.reusable[path] == hash, outputIsIntact(path, size: nil, previous) || Self.contentHash(target + "/" + path) == hash else {
            return false
        }
        written.withLock { _ = $0.insert(path) }
        guard link(target + "/" + path, try clear(path, previous)) == 0 else { throw writeError(path) }
        return true
    }

    /// Makes `path`'s folder in the spare and removes what the spare held there (never written into: it may be a
    /// link to the current output's file); returns the full path.
    func clear(_ path: String, _ previous: Previous.Contents) throws(Diagnostic) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if !previous.spareFolders.contains(folder), !createdFolders.withLock({ $0.contains(folder) }) {
            guard Self.makeFolders(temporary + "/" + folder) else { throw writeError(path) }
            createdFolders.withLock { _ = $0.insert(folder) }
        }
        let destination = temporary + "/" + path
        if previous.spareFiles.contains(path) { unlink(destination) }
        return destination
    }

    func writeError(_ path: String) -> Diagnostic {
        .error(SourceLocation(file: output), "cannot write \(path): \(String(cString: strerror(errno)))", hint: "check the disk space and permissions")
    }

    /// Checks that the output holds only paywall's files, removes what the spare held that this build did not
    /// write, flushes the spare, swaps it in (the previous output becomes the spare) and releases the lock.
    /// On an error the output is left as it was and the lock is released.
    public func commit() throws(Diagnostic) {
        let location = SourceLocation(file: output)
        let previous: Previous.Contents
        do throws(Diagnostic) {
            previous = try self.previous.writable()
            try previous.ownership?.wait()
        } catch {
            discard()
            throw error
        }
        let kept = written.withLock { $0 }
        var emptied: Set<String> = []
        for path in previous.spareFiles.subtracting(kept) {
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
            let old = Self.sibling(of: target, Self.previous + String(getpid()))
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
        if flushes { Self.flush((target as NSString).deletingLastPathComponent, wholeFileSystem: false) }
        lock.release()
    }

    /// Makes the output's spare from links to the output's own files, when there is none (after a first build, which
    /// moves its tree into place), so that the next build starts from it. True when the spare was made.
    public static func prepareSpare(output: String, manifest: Manifest) -> Bool {
        let target = target(of: output)
        guard let lock = try? OutputLock(sibling(of: target, lockSuffix), location: SourceLocation(file: output), waiting: {}) else {
            return false
        }
        defer { lock.release() }
        let spare = sibling(of: target, spareSuffix)
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
        _ = previous.contents   // the spare may still be being opened
        Self.discard(temporary, of: target, inBackground: removesInBackground)
        lock.release()
    }

    /// Deletes a folder paywall made beside `target`, now or (renamed out of the way first) in a process of its own.
    static func discard(_ path: String, of target: String, inBackground: Bool) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let discarded = sibling(of: target, trash + String(getpid()) + "-" + String(DispatchTime.now().uptimeNanoseconds))
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
}
