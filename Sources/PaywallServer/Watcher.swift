#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import PaywallKit
import PaywallPlatform
import Synchronization

/// A file's modification time and size: what the watcher compares.
public struct FileStamp: Sendable, Hashable {
    /// Nanoseconds since 1970.
    public var modified: Int64
    public var size: Int64

    public init(modified: Int64, size: Int64) {
        self.modified = modified
        self.size = size
    }
}

/// The watched files by path, each with its stamp.
public typealias FileSnapshot = [String: FileStamp]

/// The watcher's debounce, pure: fed snapshots and times, it says when to rebuild, once the files
/// have stopped changing for `debounce`.
public struct ChangeDetector: Sendable {
    public var debounce: Duration
    /// The files as of the last rebuild.
    public private(set) var baseline: FileSnapshot
    private var latest: FileSnapshot
    private var lastChange: Duration?

    public init(baseline: FileSnapshot, debounce: Duration) {
        self.baseline = baseline
        self.latest = baseline
        self.debounce = debounce
    }

    /// Whether a change was seen and is waiting for the files to settle.
    public var isPending: Bool { lastChange != nil }

    /// The changed paths when a rebuild is due now; nil otherwise.
    public mutating func observe(_ snapshot: FileSnapshot, at now: Duration) -> [String]? {
        if snapshot != latest {
            latest = snapshot
            lastChange = snapshot == baseline ? nil : now
            return nil
        }
        guard let lastChange, now - lastChange >= debounce else { return nil }
        self.lastChange = nil
        let changed = Set(baseline.keys).union(latest.keys).filter { baseline[$0] != latest[$0] }.sorted()
        baseline = latest
        return changed
    }
}

/// Polls the site's inputs by modification time and size, debounces, and calls `onChange` (on its own
/// thread, one call at a time) with the changed paths. The clock and the file listing are injectable.
public final class Watcher: Sendable {
    public let interval: Duration
    private let folders: [String]
    private let clock: @Sendable () -> Duration
    private let scan: @Sendable () -> FileSnapshot
    private let onChange: @Sendable ([String]) -> Void
    private let detector: Mutex<ChangeDetector>
    private let running = Mutex<(started: Bool, stopped: Bool)>((false, false))
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Takes the baseline snapshot now: changes after this call are seen.
    /// `folders` are watched with inotify too, so that a change there is seen at once rather than at the next poll.
    public init(interval: Duration = .milliseconds(250), debounce: Duration = .milliseconds(100),
                clock: @escaping @Sendable () -> Duration = Watcher.uptime, folders: [String] = [],
                scan: @escaping @Sendable () -> FileSnapshot, onChange: @escaping @Sendable ([String]) -> Void) {
        self.folders = folders
        self.interval = interval
        self.clock = clock
        self.scan = scan
        self.onChange = onChange
        self.detector = Mutex(ChangeDetector(baseline: scan(), debounce: debounce))
    }

    /// The monotonic clock.
    public static func uptime() -> Duration { .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds)) }

    /// One poll: scans, and calls `onChange` when a settled change is due. Returns whether it did.
    @discardableResult
    public func poll() -> Bool {
        let snapshot = scan()
        let now = clock()
        guard let changed = detector.withLock({ $0.observe(snapshot, at: now) }) else { return false }
        onChange(changed)
        return true
    }

    /// Polls on a background thread until `stop()`: every `interval`, or every `debounce` while a change settles.
    public func start() {
        let first = running.withLock { state in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        let events = Platform.FolderEvents(folders: folders)
        if let events {
            Platform.detachThread { [self] in
                // Each change wakes the polling loop at once instead of at its next interval.
                while !running.withLock({ $0.stopped }) { if events.wait(milliseconds: 200) { wake.signal() } }
                events.close()
            }
        }
        Platform.detachThread { [self] in
            defer { ended.signal() }
            while !running.withLock({ $0.stopped }) {
                poll()
                let (pending, debounce) = detector.withLock { ($0.isPending, $0.debounce) }
                let wait = pending ? min(debounce, interval) : interval
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(wait / .nanoseconds(1))))
            }
        }
    }

    /// Stops polling and waits for a rebuild in progress to finish.
    public func stop() {
        let wasRunning = running.withLock { state in
            defer { state.stopped = true }
            return state.started && !state.stopped
        }
        guard wasRunning else { return }
        wake.signal()
        ended.wait()
    }

    /// The site's folders of inputs.
    static let inputFolders = ["content", "assets", "templates", "static"]

    /// The folders whose files `scan` reads: the site and every folder below content/, assets/, templates/ and
    /// static/ (whose hidden folders, such as `.well-known`, are published too).
    public static func folders(site: String) -> [String] {
        var folders = [site.isEmpty ? "." : site]
        func walk(_ path: String, depth: Int, hidden: Bool) {
            guard depth < 16 else { return }
            folders.append(path)
            for entry in Platform.entries(of: path) ?? []
            where (hidden || !entry.name.hasPrefix(".")) && isFolder(entry, in: path) {
                walk(path + "/" + entry.name, depth: depth + 1, hidden: hidden)
            }
        }
        for input in inputFolders {
            walk(joinPath(site, input), depth: 0, hidden: input == "static")
        }
        return folders
    }

    /// The inputs of a site on disk: paywall.yml, catalog.yml, top-level *.storekit files, the named
    /// `catalog` (relative to the site), and every file below content/, assets/, templates/ and static/ (hidden files
    /// skipped but in static/, and the `output` folder when it lies among them, so that writing it never triggers a
    /// rebuild).
    public static func scan(site: String, catalog: String? = nil, output: String? = nil) -> FileSnapshot {
        var snapshot: FileSnapshot = [:]
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let skipped = output.map(standardized)
        func add(_ relative: String) {
            let path = joinPath(site, relative)
            guard let info = Platform.status(of: path, followingLinks: true), info.kind == .file else { return }
            snapshot[relative] = FileStamp(modified: info.modified, size: Int64(info.size))
        }
        func walk(_ relative: String, depth: Int) {
            guard depth < 16 else { return }
            let path = joinPath(site, relative)
            guard let entries = Platform.entries(of: path) else { return }
            let hidden = relative.hasPrefix("static")
            for entry in entries where (hidden && entry.name != ".git") || !entry.name.hasPrefix(".") {
                let child = relative + "/" + entry.name
                if isFolder(entry, in: path) {
                    if let skipped, standardized(path + "/" + entry.name) == skipped { continue }
                    walk(child, depth: depth + 1)
                } else {
                    add(child)
                }
            }
        }
        add("paywall.yml")
        add("catalog.yml")
        if let catalog {
            add(catalog)
            add(PriceOverlay.path(beside: catalog))   // beside a .storekit
        }
        for entry in Platform.entries(of: site) ?? [] where entry.name.hasSuffix(".storekit") { add(entry.name) }
        for folder in inputFolders { walk(folder, depth: 0) }
        return snapshot
    }

    /// Whether a folder's entry is a folder, or a link to one (followed, as the site's loader follows it).
    private static func isFolder(_ entry: Platform.FolderEntry, in folder: String) -> Bool {
        if entry.kind == .folder { return true }
        guard entry.kind == .link || entry.kind == .unknown else { return false }
        return Platform.status(of: folder + "/" + entry.name, followingLinks: true)?.kind == .folder
    }
}
