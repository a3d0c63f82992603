import Foundation
import PaywallPlatform

/// A new, empty folder in the system's temporary folder, for one test: `defer { folder.remove() }` removes it at
/// the end.
public struct TemporaryFolder: Sendable {
    /// The folder's path, every link in it resolved (so that it compares equal to the paths realpath(3) gives).
    public let path: String
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    public init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = Platform.realPath(url.path) ?? url.path
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `relative` inside the folder; "" is the folder itself.
    public func path(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }

    /// Writes files below `folder` (a path inside this one), creating folders as needed. Each file is written in
    /// place, as a plain write does: through a symbolic link, and into the file a hard link shares (`save` replaces it).
    public func write(_ files: [String: String], under folder: String = "") throws {
        try write(files.mapValues { Data($0.utf8) }, under: folder)
    }

    public func write(_ files: [String: Data], under folder: String = "") throws {
        for (relative, data) in files {
            let file = path(folder.isEmpty ? relative : folder + "/" + relative)
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: file))
        }
    }

    /// Writes the file whole, as an editor that saves atomically does: the text goes to a hidden file at the top of the
    /// folder (outside any site below it) that is then renamed over `relative`. A plain write truncates the file first,
    /// and a watcher on a busy machine may see it empty or half written and build that, one build more than the test
    /// expects.
    public func save(_ relative: String, _ text: String) throws { try save(relative, Data(text.utf8)) }

    public func save(_ relative: String, _ data: Data) throws {
        let file = path(relative)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let temporary = path(".writing-\(UUID().uuidString)")
        try data.write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, file) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// Saves each file below `folder` as `save(_:_:)` does, one after another.
    public func save(_ files: [String: Data], under folder: String = "") throws {
        for (relative, data) in files.sorted(by: { $0.key < $1.key }) {
            try save(folder.isEmpty ? relative : folder + "/" + relative, data)
        }
    }

    /// The text of the file at `relative`; nil when it cannot be read.
    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Makes `relative` a symbolic link to `destination` (a path as the link holds it: absolute, or relative to the link).
    public func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Every file below `relative` with its bytes (`TreeSnapshot.of`).
    public func snapshot(_ relative: String = "") -> [String: Data] { TreeSnapshot.of(path(relative)) }

    /// Names directly inside `relative`, hidden ones too, sorted.
    public func entries(_ relative: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }

    /// The entries once the folders a build set aside (`.NAME.paywall-trash-…`, deleted by a process of their own)
    /// are gone; waits up to 10 s.
    public func settledEntries(_ relative: String = "") -> [String] {
        let deadline = ContinuousClock.now + .seconds(10)
        while entries(relative).contains(where: { $0.contains(".paywall-trash-") }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return entries(relative)
    }
}
