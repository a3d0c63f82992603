import Foundation
import PaywallKit
import Testing
@testable import PaywallServer
import PaywallTestSupport

/// `serve` checks its output as `build` does on every rebuild: a file added to the output by hand is reported (and
/// stays where it was put), and a kept page that was edited on disk is made again, not served as it is now.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SessionOutputTests {
    @Test func aFileAddedToTheOutputIsReportedAndStaysWhereItWasPut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save(BirdwatchSite.served.files(), under: "site")
        let session = PreviewSession(.init(site: folder.path("site"), output: folder.path("site/public"), port: 0))
        try session.start()
        defer { session.stop() }
        #expect(session.lastFailure == nil)
        try folder.save("site/public/CNAME", "example.com")
        for _ in 1...2 {
            let report = session.rebuild(changed: [])
            #expect(!report.succeeded)
            #expect(report.diagnostics.contains { $0.message.contains("files paywall did not write: CNAME") }, "\(report.diagnostics)")
            #expect(folder.read("site/public/CNAME") == "example.com")
            #expect(folder.read("site/.public.paywall-spare/CNAME") == nil)
        }
        try FileManager.default.removeItem(atPath: folder.path("site/public/CNAME"))
        #expect(session.rebuild(changed: []).succeeded)
    }

    @Test func aKeptPageEmptiedOnDiskIsMadeAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save(BirdwatchSite.served.files(), under: "site")
        try folder.save("site/content/other.md", BirdwatchSite.page("Another page."))
        let reports = Locked<[PreviewSession.BuildReport]>([])
        let session = PreviewSession(.init(site: folder.path("site"), output: folder.path("site/public"), port: 0)) { report in
            _ = reports.update { $0.append(report) }
        }
        let port = try session.start()
        defer { session.stop() }
        let other = try #require(folder.read("site/public/en-US/other/index.html"))
        #expect(eventually(within: patience) { FileManager.default.fileExists(atPath: folder.path("site/.public.paywall-spare/en-US/other/index.html")) })
        #expect(truncate(folder.path("site/public/en-US/other/index.html"), 0) == 0)
        // The first rebuild after the edit makes the page again; the next ones find the emptied file in the spare and
        // must not take it back.
        for round in 1...3 {
            try folder.save("site/content/page.md", BirdwatchSite.page("Edit \(round)."))
            let report = try #require(reports.next(after: round), "round \(round): the watcher rebuilds")
            #expect(report.succeeded, "\(report.diagnostics)")
            #expect(get(port, "/en-US/page/")?.text.contains("Edit \(round).") == true)
            #expect(folder.read("site/public/en-US/other/index.html") == other, "round \(round)")
        }
    }

    /// An output left by an earlier run: its first rebuild fills the spare that build left (the old output), as a
    /// later edit does, instead of deleting it and making every folder again.
    @Test func theSpareOfAnOutputLeftByAnEarlierRunIsKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save(BirdwatchSite.served.files(), under: "site")
        try folder.save("site/content/other.md", BirdwatchSite.page("Another page."))
        let configuration = PreviewSession.Configuration(site: folder.path("site"), output: folder.path("site/public"), port: 0)
        let earlier = PreviewSession(configuration)
        try earlier.start()
        earlier.stop()
        #expect(eventually(within: patience) { FileManager.default.fileExists(atPath: folder.path("site/.public.paywall-spare/en-US/other/index.html")) })
        let reports = Locked<[PreviewSession.BuildReport]>([])
        let session = PreviewSession(configuration) { report in _ = reports.update { $0.append(report) } }
        try session.start()
        defer { session.stop() }
        var kept = stat()
        #expect(stat(folder.path("site/.public.paywall-spare/en-US/other"), &kept) == 0)
        // The watcher's rebuild, the only one after the first: another rebuild would swap the output back.
        try folder.save("site/content/page.md", BirdwatchSite.page("Edited."))
        let report = try #require(reports.next(after: 1), "the watcher rebuilds")
        #expect(report.changed == ["content/page.md"] && report.succeeded, "\(report.changed) \(report.diagnostics)")
        #expect(folder.read("site/public/en-US/page/index.html")?.contains("Edited.") == true)
        var now = stat()
        #expect(stat(folder.path("site/public/en-US/other"), &now) == 0)
        #expect(now.st_ino == kept.st_ino, "the spare's folder was swapped in, not made again")
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: folder.path("site"))) ?? []).contains { $0.contains(".paywall-trash-") })
    }
}
