import Foundation
import PaywallKit
import Testing
@testable import PaywallServer
import PaywallTestSupport

/// Build, serve and watch, as `paywall serve` does, on a temporary site.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SessionTests {
    @Test func editsAppearAndBrokenBuildsShowTheirErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save(BirdwatchSite.served.files(), under: "site")
        let reports = Locked<[PreviewSession.BuildReport]>([])
        let session = PreviewSession(.init(site: folder.path("site"), output: folder.path("site/public"), port: 0)) { report in
            _ = reports.update { $0.append(report) }
        }
        let port = try session.start()
        defer { session.stop() }
        #expect(session.url == "http://127.0.0.1:\(port)/")
        #expect(reports.value.count == 1 && reports.value.first?.succeeded == true && reports.value.first?.isFirst == true)

        let first = try #require(get(port, "/en-US/page/"))
        #expect(first.status == 200)
        #expect(first.text.contains("Identify every bird you hear."))
        #expect(first.text.contains(ReloadInjection.scriptTag))
        #expect(folder.read("site/public/en-US/page/index.html")?.contains("__paywall") == false)

        // An open page's event stream hears about the rebuild.
        let events = try #require(RawClient(port: port))
        events.send("GET /__paywall/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = events.read(until: ": connected\n\n")

        // 1. An edit is rebuilt and served (how fast is `make bench`'s save → reload figure, not this test's).
        try folder.save("site/content/page.md", BirdwatchSite.page("Now with owls."))
        let edited = ContinuousClock.now
        let rebuilt = try #require(reports.next(after: 1), "the watcher rebuilds after an edit")
        #expect(rebuilt.changed == ["content/page.md"])
        #expect(rebuilt.succeeded)
        #expect(get(port, "/en-US/page/")?.text.contains("Now with owls.") == true, "a reported build is already served")
        print("Edit to served page: \(ContinuousClock.now - edited); rebuild: \(String(format: "%.3f s", rebuilt.seconds))")
        #expect(events.read(until: "event: reload\n", limit: patience).contains("event: reload\n"))

        // 2. A broken edit: every page shows the error, with file and line.
        try folder.save("site/content/page.md", BirdwatchSite.page("Now with owls.", frontMatter: "colour: red\n"))
        let failed = try #require(reports.next(after: 2), "the watcher rebuilds after a broken edit")
        #expect(!failed.succeeded)
        let page = try #require(get(port, "/en-US/page/"))
        #expect(page.status == 500)
        #expect(page.text.contains("The build failed"))
        #expect(page.text.contains("content/page.md:4:1"))
        #expect(page.text.contains("colour"))
        #expect(page.text.contains(ReloadInjection.scriptTag))
        #expect(get(port, "/")?.status == 500)
        #expect(session.lastFailure?.isEmpty == false)
        #expect(events.read(until: "data: 2\n", limit: patience).contains("event: reload\ndata: 2\n"))

        // 3. Fixing it restores the page.
        try folder.save("site/content/page.md", BirdwatchSite.page("Owls, fixed."))
        let fixed = try #require(reports.next(after: 3), "the watcher rebuilds after the fix")
        #expect(fixed.succeeded)
        let response = try #require(get(port, "/en-US/page/"))
        #expect(response.status == 200 && response.text.contains("Owls, fixed."))
        #expect(session.lastFailure == nil)
        #expect(reports.value.count == 4, "one build per edit: \(reports.value.map(\.changed))")
    }

    @Test func aFailedFirstBuildStillServes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save("site/paywall.yml", BirdwatchSite.defaultConfig)
        let session = PreviewSession(.init(site: folder.path("site"), output: folder.path("site/public"), port: 0))
        let port = try session.start()
        defer { session.stop() }
        let response = try #require(get(port, "/"))
        #expect(response.status == 500)
        #expect(response.text.contains("the catalog file does not exist"))

        try folder.save(BirdwatchSite.served.files(), under: "site")
        #expect(eventually(within: patience) { get(port, "/en-US/page/")?.status == 200 })
    }

    @Test func stopEndsStreamsAndTheListener() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.save(BirdwatchSite.served.files(), under: "site")
        // Nothing but `stop` ends the stream before a minute: no ping, no idle timeout, and the client waits as long.
        var configuration = PreviewSession.Configuration(site: folder.path("site"), output: folder.path("site/public"), port: 0)
        configuration.pingInterval = .seconds(60)
        configuration.idleTimeout = .seconds(60)
        let session = PreviewSession(configuration)
        let port = try session.start()
        let events = try #require(RawClient(port: port, timeout: .seconds(60)))
        events.send("GET /__paywall/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(events.read(until: ": connected\n\n").contains(": connected\n\n"))
        let start = ContinuousClock.now
        session.stop()
        _ = events.readAll()
        // Well under the minute a stream left open would take, with room for a busy machine.
        #expect(ContinuousClock.now - start < .seconds(30), "stop ends the open stream itself")
        #expect(RawClient(port: port) == nil)
    }

    /// The repo's example site, copied: the rebuild time after a one-file change.
    @Test func aPageEditRendersOnlyThatPageAndKeepsTheRest() throws {
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
        var before = stat()
        #expect(stat(folder.path("site/public/en-US/other/index.html"), &before) == 0)
        for round in 1...2 {
            try folder.save("site/content/page.md", BirdwatchSite.page("Edit \(round)."))
            let report = try #require(reports.next(after: round), "round \(round): the watcher rebuilds")
            #expect(report.changed == ["content/page.md"])
            #expect(report.renderedPages == ["page"], "only the edited page is rendered")
            #expect(report.succeeded, "\(report.diagnostics)")
            #expect(get(port, "/en-US/page/")?.text.contains("Edit \(round).") == true)
        }
        var after = stat()
        #expect(stat(folder.path("site/public/en-US/other/index.html"), &after) == 0)
        #expect(after.st_ino == before.st_ino, "the other page is the same file, not written again")
        let manifest = try #require(folder.read("site/public/paywall-manifest.json").flatMap { Manifest.decode(Data($0.utf8)) })
        #expect(Set(manifest.pages.map(\.page)) == ["page", "other"])
        let offers = try #require(folder.read("site/public/offers.json"))
        #expect(offers.contains("\"path\":\"en-US/other/\"") && offers.contains("\"path\":\"en-US/page/\""),
                "a page kept from the build before keeps its place in offers.json")

        // A catalog edit builds everything again.
        try folder.save("site/catalog.yml", BirdwatchSite.defaultCatalog.replacingOccurrences(of: "49.99", with: "39.99"))
        let whole = try #require(reports.next(after: 3), "the watcher rebuilds after a catalog edit")
        #expect(whole.changed == ["catalog.yml"])
        #expect(whole.renderedPages == nil)
        #expect(get(port, "/en-US/other/")?.text.contains("39.99") == true)
        #expect(reports.value.count == 4, "one build per edit: \(reports.value.map(\.changed))")
    }

    @Test func exampleSiteRebuildTime() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("site"), withIntermediateDirectories: true)
        for item in ["paywall.yml", "catalog.yml", "content", "assets"] {
            try FileManager.default.copyItem(atPath: repo.appendingPathComponent(item).path, toPath: folder.path("site/" + item))
        }
        let reports = Locked<[PreviewSession.BuildReport]>([])
        let session = PreviewSession(.init(site: folder.path("site"), output: folder.path("site/public"), port: 0)) { report in
            _ = reports.update { $0.append(report) }
        }
        let port = try session.start()
        defer { session.stop() }
        let first = try #require(reports.value.first)
        #expect(first.succeeded, "\(first.diagnostics)")
        var times: [Double] = []
        var latencies: [Duration] = []
        for round in 1...3 {
            let page = try #require(folder.read("site/content/membership.md"))
            try folder.save("site/content/membership.md", page + "\nEdit \(round).\n")
            let edited = ContinuousClock.now
            let report = try #require(reports.next(after: round), "round \(round): the watcher rebuilds")
            #expect(report.succeeded, "\(report.diagnostics)")
            #expect(get(port, "/en-US/membership/")?.text.contains("Edit \(round).") == true)
            latencies.append(ContinuousClock.now - edited)
            times.append(report.seconds)
        }
        #expect(times.count == 3)
        print("Example site: first build \(String(format: "%.3f", first.seconds)) s, \(first.pageCount) pages; "
              + "rebuilds after a one-file change: \(times.map { String(format: "%.3f s", $0) }.joined(separator: ", ")); "
              + "edit → served: \(latencies.map { "\($0)" }.joined(separator: ", "))")
    }

    /// The watcher's first snapshot holds the catalog paywall.yml names and the prices beside a `.storekit`, so that
    /// serving does not rebuild until a file changes (it once rebuilt at start, finding them new at its first poll).
    @Test func startingDoesNotRebuildUnchangedInputs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files = DifferentialSite.files
        files["paywall.yml"] = DifferentialSite.config.replacingOccurrences(of: "catalog: catalog.yml",
                                                                                 with: "catalog: Products.storekit")
        try folder.save(files.mapValues { Data($0.utf8) }, under: "site")
        var configuration = PreviewSession.Configuration(site: folder.path("site"), output: folder.path("site/public"), port: 0)
        configuration.pollInterval = .milliseconds(20)
        let reports = Locked<[PreviewSession.BuildReport]>([])
        let session = PreviewSession(configuration) { report in _ = reports.update { $0.append(report) } }
        try session.start()
        defer { session.stop() }
        #expect(reports.value.first?.succeeded == true, "\(reports.value.first?.diagnostics ?? [])")
        // Twenty-five polls. A slow machine polls fewer times in this wait, so it may miss the bug, never invent it.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(reports.value.count == 1, "rebuilt for \(reports.value.dropFirst().map(\.changed))")
        try folder.save("site/prices.yml", DifferentialSite.prices + "\n")
        #expect(reports.next(after: 1)?.changed == ["prices.yml"], "an edit of the prices is seen")
    }
}
