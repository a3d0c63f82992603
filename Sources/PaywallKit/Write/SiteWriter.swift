#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import PaywallPlatform
import Synchronization

/// Writes a build atomically, in three parts, a file each:
/// - the output-folder check (`SiteWriter+Output`): where the output may be, that it holds only paywall's files (its
///   manifest lists every file in it; else it must be empty), the lock beside it (`OutputLock`), and what an
///   interrupted build left;
/// - staging (`SiteWriter+Staging`, `+Spare`): files stream into the spare as they are rendered. The spare is the
///   previous build's output, kept beside the output as `.NAME.paywall-spare`: a page whose bytes it already holds is
///   left as it is, a page the current output holds is hard-linked from it, and only changed pages are written, so a
///   rebuild costs about what changed. A spare without its manifest (a build stopped while filling it) is deleted;
/// - the swap (`commit`): the spare and the output exchanged in one step through `Platform.swap`, so the previous
///   output becomes the next spare.
///
/// Durability: the finished tree is flushed to disk once (`syncfs`) before the swap, and the parent folder after it,
/// so after a crash the output is the old build or the new one, whole. On any error the output is left as it was.
public final class SiteWriter: Sendable {
    static let aside = ".paywall-old-"
    static let trash = ".paywall-trash-"
    static let spareSuffix = ".paywall-spare"
    static let lockSuffix = ".paywall-lock"

    /// The output folder as the user named it, for messages.
    public let output: String
    /// Where the output really is (a symlinked output is written where it points).
    let target: String
    /// The spare: the folder being filled, swapped in at the end.
    let spare: String
    let lock: Platform.FileLock
    /// What the output and the spare held when this build began, read on another thread while the site loads.
    let existing: Background<Existing>
    /// Files this build put in the spare (or found there already right).
    let written = Mutex<Set<String>>([])
    /// Folders made in the spare by this build.
    let createdFolders = Mutex<Set<String>>([])
    /// Once committed: the manifest of what the spare holds now (the output this build replaced), nil when there is
    /// no spare (a first build moves its tree into place). A caller that keeps it can pass it back as `Known.spare`.
    public let spareAfterCommit = Mutex<Manifest?>(nil)

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
        let target = Self.target(of: output)
        self.target = target
        try Self.checkPlace(target, site: site, location: location)
        let parent = Platform.parentFolder(of: target)
        guard Platform.makeFolders(parent) else {
            throw .error(location, "cannot create \(parent): \(Platform.errorText)", hint: "check the permissions")
        }
        lock = try OutputLock.take(Self.sibling(of: target, Self.lockSuffix), location: location, waiting: waiting)
        do {
            Self.recover(target, inBackground: removesInBackground)
            if known == nil { try Self.checkOwnership(target, location: location) }
            let spare = Self.sibling(of: target, Self.spareSuffix)
            self.spare = spare
            existing = Background { [removesInBackground] in
                Self.readExisting(target: target, spare: spare, known: known, removesInBackground: removesInBackground,
                                  location: location)
            }
        } catch {
            lock.release()
            throw error
        }
    }

    /// Where an output really is: a symlinked output is written where it points.
    static func target(of output: String) -> String { Platform.resolvedPath(output) }

    /// A hidden folder or file beside the output that paywall makes: `.NAME` followed by `suffix`.
    static func sibling(of target: String, _ suffix: String) -> String {
        let parent = Platform.parentFolder(of: target)
        return (parent == "/" ? "" : parent) + "/." + String(target.split(separator: "/").last ?? "") + suffix
    }

    /// Checks that the output holds only paywall's files, removes what the spare held that this build did not
    /// write, flushes the spare, swaps it in (the previous output becomes the spare) and releases the lock.
    /// On an error the output is left as it was and the lock is released.
    public func commit() throws(Diagnostic) {
        let existing: Existing
        do throws(Diagnostic) {
            existing = try self.existing.value.writable()
            if let foreign = existing.ownership?.value { throw foreign }
        } catch {
            discard()
            throw error
        }
        let kept = written.withLock { $0 }
        var emptied: Set<String> = []
        for path in existing.spareFiles.subtracting(kept) {
            Platform.removeFile(spare + "/" + path)
            emptied.insert(Platform.parentFolder(of: path))
        }
        // Folders left empty go too, deepest first (rmdir refuses one that still holds something).
        for folder in emptied.sorted(by: { $0.count > $1.count }) {
            var current = folder
            while !current.isEmpty, Platform.removeEmptyFolder(spare + "/" + current) {
                current = Platform.parentFolder(of: current)
            }
        }
        if flushes { Platform.flush(tree: spare) { Platform.files(below: spare) } }
        // A build stopped between the portable path's two renames leaves the output only at `aside` (`recover`).
        guard let swap = Platform.swap(spare, into: target,
                                       aside: Self.sibling(of: target, Self.aside + String(Platform.processID))) else {
            let error = Diagnostic.error(SourceLocation(file: output),
                                         "cannot replace the output folder: \(Platform.errorText)")
            discard()
            throw error
        }
        spareAfterCommit.withLock { $0 = swap == .exchanged ? existing.outputManifest : nil }
        if swap == .replacedContents { Self.discard(spare, of: target, inBackground: removesInBackground) }
        if flushes { Platform.flush(folder: Platform.parentFolder(of: target)) }
        lock.release()
    }

    /// Makes the output's spare from links to the output's own files, when there is none (after a first build, which
    /// moves its tree into place), so that the next build starts from it. True when the spare was made.
    public static func prepareSpare(output: String, manifest: Manifest) -> Bool {
        let target = target(of: output)
        guard let lock = try? OutputLock.take(sibling(of: target, lockSuffix), location: SourceLocation(file: output),
                                              waiting: {}) else {
            return false
        }
        defer { lock.release() }
        let spare = sibling(of: target, spareSuffix)
        guard Platform.kind(of: spare) == nil, Platform.makeFolder(spare) else { return false }
        // The manifest last: it is what makes the spare trusted.
        for file in manifest.files + [Manifest.fileName] {
            guard Platform.makeFolders(spare + "/" + Platform.parentFolder(of: file)),
                  Platform.hardLink(target + "/" + file, spare + "/" + file) else {
                Platform.remove(spare)
                return false
            }
        }
        return true
    }

    /// Drops the half-filled spare and releases the lock; the output stays as it was.
    public func discard() {
        _ = existing.value   // the spare may still be being opened
        Self.discard(spare, of: target, inBackground: removesInBackground)
        lock.release()
    }

    /// Deletes a folder paywall made beside `target`, now or (renamed out of the way first) in a process of its own.
    static func discard(_ path: String, of target: String, inBackground: Bool) {
        guard Platform.kind(of: path) != nil else { return }
        let discarded = sibling(of: target,
                                trash + String(Platform.processID) + "-" + String(DispatchTime.now().uptimeNanoseconds))
        if inBackground, Platform.move(path, to: discarded) {
            removeInBackground(discarded)
        } else {
            Platform.remove(path)
        }
    }
}
