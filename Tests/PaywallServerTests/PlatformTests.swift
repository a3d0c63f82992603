import Foundation
import PaywallKit
import Testing
@testable import PaywallServer

/// The platform layer on both of its paths: `make test` runs this suite as it is and again with
/// PAYWALL_PORTABLE=1, so each check holds for Linux's fast paths and for the portable ones macOS takes.
@Suite struct PlatformTests {
    #if canImport(Glibc)
    static let linuxFastPaths = !Platform.portable
    #else
    static let linuxFastPaths = false
    #endif

    @Test func thePortableFlagIsTheEnvironmentVariable() {
        #expect(Platform.portable == (ProcessInfo.processInfo.environment["PAYWALL_PORTABLE"] == "1"))
    }

    @Test func socketsAreMadeAndAcceptedCloseOnExec() throws {
        let listener = try PreviewServer.listen(host: "127.0.0.1", port: 0)
        defer { Platform.close(listener) }
        #expect(fcntl(listener, F_GETFD) & FD_CLOEXEC != 0)
        let client = try #require(RawClient(port: PreviewServer.boundPort(listener)))
        #expect(fcntl(client.fd, F_GETFD) & FD_CLOEXEC != 0)
        let accepted = Platform.accept(listener)
        #expect(accepted >= 0)
        defer { Platform.close(accepted) }
        #expect(fcntl(accepted, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func sendingToAPeerThatIsGoneFailsInsteadOfEndingTheProcess() throws {
        let listener = try PreviewServer.listen(host: "127.0.0.1", port: 0)
        defer { Platform.close(listener) }
        let client = try #require(RawClient(port: PreviewServer.boundPort(listener)))
        Platform.close(Platform.accept(listener))
        let chunk = [UInt8](repeating: 65, count: 64 * 1024)
        var failed = false
        // The first sends may still be buffered; once the peer's reset arrives a send fails (SIGPIPE would end the test run).
        for _ in 0..<200 where !failed {
            failed = !PreviewServer.send(client.fd, chunk)
            if !failed { usleep(5_000) }
        }
        #expect(failed)
    }

    @Test func aTimeoutIsSecondsAndMicroseconds() {
        let value = Platform.timeInterval(.milliseconds(1_500))
        #expect(value.tv_sec == 1 && value.tv_usec == 500_000)
    }

    @Test func aModificationTimeIsTheFileSystemsInNanoseconds() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.write("a.txt", "a")
        var info = stat()
        #expect(stat(folder.path("a.txt"), &info) == 0)
        let date = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("a.txt"))[.modificationDate] as? Date)
        #expect(abs(Double(Platform.modified(info)) / 1e9 - date.timeIntervalSince1970) < 0.001)
    }

    @Test func anExchangeSwapsTwoFoldersOrLeavesBoth() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.write("a/which", "a")
        try folder.write("b/which", "b")
        let swapped = Platform.exchange(folder.path("a"), folder.path("b"))
        if Platform.portable { #expect(!swapped) }
        if Self.linuxFastPaths { #expect(swapped) }   // ext4, tmpfs, btrfs and xfs have RENAME_EXCHANGE
        #expect(folder.read("a/which") == (swapped ? "b" : "a"))
        #expect(folder.read("b/which") == (swapped ? "a" : "b"))
    }

    @Test func aTreeIsFlushedWholeOrFileByFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.write("index.html", "x")
        try folder.write("en-US/pro/index.html", "y")
        var listed = false
        Platform.flush(tree: folder.path) {
            listed = true
            return ["index.html", "en-US/pro/index.html"]
        }
        // syncfs flushes the file system at once; the portable path lists the files to fsync each one.
        #expect(listed == !Self.linuxFastPaths)
    }

    @Test func folderEventsAreLinuxsFastPathOnly() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let events = Platform.FolderEvents(folders: [folder.path])
        #expect((events != nil) == Self.linuxFastPaths)
        guard let events else { return }
        defer { events.close() }
        try folder.write("new.txt", "x")
        #expect(events.wait(milliseconds: 2_000))
    }

    @Test func aDetachedProcessRuns() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.write("doomed/file.txt", "x")
        #expect(Platform.spawnDetached("/bin/rm", ["rm", "-rf", "--", folder.path("doomed")]))
        let deadline = ContinuousClock.now + .seconds(10)
        while FileManager.default.fileExists(atPath: folder.path("doomed")), ContinuousClock.now < deadline { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("doomed")))
    }
}
