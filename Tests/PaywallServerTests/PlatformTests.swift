import Foundation
import PaywallKit
import PaywallPlatform
import Testing
@testable import PaywallServer
import PaywallTestSupport

/// The platform layer on both of its paths: `make test` runs this suite as it is and again with
/// PAYWALL_PORTABLE=1, so each check holds for Linux's fast paths and for the portable ones macOS takes.
@Suite struct PlatformTests {
    #if canImport(Glibc)
    static let linuxFastPaths = !Platform.portable
    #else
    static let linuxFastPaths = false
    #endif

    /// On Linux jemalloc replaces the C library's malloc for the whole process, so what Swift allocates shows in its
    /// figures; elsewhere there are none. The figures are the process's: tests on other threads that free as much
    /// at the same moment could hide one allocation, not three in a row.
    @Test func jemallocIsTheProcessAllocatorOnLinux() throws {
        #if os(Linux)
        let grew = try (0..<3).contains { _ in
            let before = try #require(Allocator.figures)
            let block = [UInt8](repeating: 1, count: 64 << 20)
            let after = try #require(Allocator.figures)
            return withExtendedLifetime(block) { after.allocated - before.allocated >= 32 << 20 }
        }
        #expect(grew, "a 64 MiB array is not in jemalloc's figures")
        #else
        #expect(Allocator.figures == nil)
        #endif
    }

    @Test func thePortableFlagIsTheEnvironmentVariable() {
        #expect(Platform.portable == (ProcessInfo.processInfo.environment["PAYWALL_PORTABLE"] == "1"))
    }

    @Test func socketsAreMadeAndAcceptedCloseOnExec() throws {
        let listener = try Platform.listen(host: "127.0.0.1", port: 0)
        defer { Platform.close(listener) }
        #expect(fcntl(listener, F_GETFD) & FD_CLOEXEC != 0)
        let client = try #require(RawClient(port: Platform.boundPort(listener)))
        #expect(fcntl(client.fd, F_GETFD) & FD_CLOEXEC != 0)
        let accepted = Platform.accept(listener)
        #expect(accepted >= 0)
        defer { Platform.close(accepted) }
        #expect(fcntl(accepted, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func sendingToAPeerThatIsGoneFailsInsteadOfEndingTheProcess() throws {
        let listener = try Platform.listen(host: "127.0.0.1", port: 0)
        defer { Platform.close(listener) }
        let client = try #require(RawClient(port: Platform.boundPort(listener)))
        Platform.close(Platform.accept(listener))
        let chunk = [UInt8](repeating: 65, count: 64 * 1024)
        var failed = false
        // The first sends may still be buffered; once the peer's reset arrives a send fails (SIGPIPE would end the test run).
        for _ in 0..<200 where !failed {
            failed = !Platform.sendAll(client.fd, chunk)
            if !failed { usleep(5_000) }
        }
        #expect(failed)
    }

    @Test func aTimeoutIsSecondsAndMicroseconds() {
        let value = Platform.timeInterval(.milliseconds(1_500))
        #expect(value.tv_sec == 1 && value.tv_usec == 500_000)
    }

    @Test func aModificationTimeIsTheFileSystemsInNanoseconds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("a.txt", "a")
        var info = stat()
        #expect(stat(folder.path("a.txt"), &info) == 0)
        let date = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("a.txt"))[.modificationDate] as? Date)
        #expect(abs(Double(Platform.modified(info)) / 1e9 - date.timeIntervalSince1970) < 0.001)
    }

    @Test func aSwapPutsTheNewFolderInPlaceAndTheOldOneWhereTheNewWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("new/which", "new")
        let aside = folder.path(".out.paywall-old-1")
        #expect(Platform.swap(folder.path("new"), into: folder.path("out"), aside: aside) == .moved)
        #expect(folder.read("out/which") == "new")
        #expect(!FileManager.default.fileExists(atPath: folder.path("new")))
        try folder.save("newer/which", "newer")
        // One renameat2(RENAME_EXCHANGE) on Linux, two renames through `aside` on the portable path: the same
        // folders either way, and nothing left aside.
        #expect(Platform.swap(folder.path("newer"), into: folder.path("out"), aside: aside) == .exchanged)
        #expect(folder.read("out/which") == "newer")
        #expect(folder.read("newer/which") == "new")
        #expect(!FileManager.default.fileExists(atPath: aside))
        // A new folder that is not there: the output is left as it was.
        #expect(Platform.swap(folder.path("missing"), into: folder.path("out"), aside: aside) == nil)
        #expect(folder.read("out/which") == "newer")
        #expect(!FileManager.default.fileExists(atPath: aside))
    }

    @Test func foldersAreReadMadeAndRemovedAndLinksResolved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("a/b/c.txt", "x")
        try folder.save("a/d.txt", "y")
        try FileManager.default.createSymbolicLink(atPath: folder.path("a/link"), withDestinationPath: folder.path("a/b"))
        let entries = try #require(Platform.entries(of: folder.path("a"))).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["b", "d.txt", "link"])
        #expect(entries.allSatisfy { $0.kind != .folder || $0.name == "b" })
        #expect(Platform.files(below: folder.path("a"))?.sorted() == ["b/c.txt", "d.txt", "link"], "a link is listed, not followed")
        #expect(Platform.entries(of: folder.path("missing")) == nil)
        #expect(Platform.resolvedPath(folder.path("a/link/c.txt")) == folder.path("a/b/c.txt"))
        #expect(Platform.resolvedPath(folder.path("a/link/not-yet/../later")) == folder.path("a/b/later"), "a missing tail is kept")
        #expect(Platform.realPath(folder.path("a/link/not-yet")) == nil)
        #expect(Platform.makeFolders(folder.path("e/f/g")) && Platform.kind(of: folder.path("e/f/g")) == .folder)
        Platform.remove(folder.path("a"))
        #expect(Platform.kind(of: folder.path("a")) == nil)
        #expect(Platform.parentFolder(of: "/x") == "/" && Platform.parentFolder(of: "x") == "" && Platform.parentFolder(of: "x/y/") == "x")
    }

    @Test func aTreeIsFlushedWholeOrFileByFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("index.html", "x")
        try folder.save("en-US/pro/index.html", "y")
        var listed = false
        Platform.flush(tree: folder.path) {
            listed = true
            return ["index.html", "en-US/pro/index.html"]
        }
        // syncfs flushes the file system at once; the portable path lists the files to fsync each one.
        #expect(listed == !Self.linuxFastPaths)
    }

    @Test func folderEventsAreLinuxsFastPathOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let events = Platform.FolderEvents(folders: [folder.path])
        #expect((events != nil) == Self.linuxFastPaths)
        guard let events else { return }
        defer { events.close() }
        try folder.save("new.txt", "x")
        #expect(events.wait(milliseconds: 2_000))
    }

    @Test func aDetachedProcessRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("doomed/file.txt", "x")
        #expect(Platform.spawnDetached("/bin/rm", ["rm", "-rf", "--", folder.path("doomed")]))
        let deadline = ContinuousClock.now + .seconds(10)
        while FileManager.default.fileExists(atPath: folder.path("doomed")), ContinuousClock.now < deadline { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("doomed")))
    }
}
