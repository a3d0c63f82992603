import Foundation
import Synchronization
import Testing
@testable import PaywallServer
import PaywallTestSupport

@Suite struct WatcherTests {
    let a1 = FileStamp(modified: 1, size: 10)
    let a2 = FileStamp(modified: 2, size: 10)
    let b1 = FileStamp(modified: 1, size: 5)

    @Test func detectorWaitsForTheFilesToSettle() {
        var detector = ChangeDetector(baseline: ["a": a1], debounce: .milliseconds(100))
        #expect(detector.observe(["a": a1], at: .zero) == nil)
        #expect(detector.observe(["a": a2], at: .milliseconds(250)) == nil)           // changed: wait
        #expect(detector.isPending)
        #expect(detector.observe(["a": a2], at: .milliseconds(300)) == nil)           // settling
        #expect(detector.observe(["a": a2, "b": b1], at: .milliseconds(340)) == nil)  // changed again: the wait restarts
        #expect(detector.observe(["a": a2, "b": b1], at: .milliseconds(420)) == nil)
        #expect(detector.observe(["a": a2, "b": b1], at: .milliseconds(440)) == ["a", "b"])
        #expect(!detector.isPending)
        #expect(detector.observe(["a": a2, "b": b1], at: .milliseconds(800)) == nil)  // nothing new
        #expect(detector.observe(["a": a2], at: .milliseconds(900)) == nil)
        #expect(detector.observe(["a": a2], at: .milliseconds(1000)) == ["b"])        // a deletion counts
    }

    @Test func aChangeThatIsUndoneIsNoChange() {
        var detector = ChangeDetector(baseline: ["a": a1], debounce: .milliseconds(100))
        #expect(detector.observe(["a": a2], at: .zero) == nil)
        #expect(detector.observe(["a": a1], at: .milliseconds(50)) == nil)
        #expect(!detector.isPending)
        #expect(detector.observe(["a": a1], at: .seconds(1)) == nil)
    }

    /// The watcher with a fake clock and file listing: polls call back exactly once per settled change.
    @Test func watcherPollsThroughInjectedClockAndListing() {
        let files = Locked<FileSnapshot>(["paywall.yml": a1])
        let now = Locked<Duration>(.zero)
        let calls = Locked<[[String]]>([])
        let watcher = Watcher(debounce: .milliseconds(100), clock: { now.value }, scan: { files.value },
                              onChange: { changed in _ = calls.update { $0.append(changed) } })
        #expect(!watcher.poll())
        files.set(["paywall.yml": a2])
        now.set(.milliseconds(250))
        #expect(!watcher.poll())
        now.set(.milliseconds(350))
        #expect(watcher.poll())
        now.set(.milliseconds(600))
        #expect(!watcher.poll())
        #expect(calls.value == [["paywall.yml"]])
    }

    @Test func scansTheSiteInputsOnly() throws {
        let site = try TemporaryFolder()
        defer { site.remove() }
        for file in ["paywall.yml", "catalog.yml", "Products.storekit", "notes.txt", "content/pro.md", "content/.pro.md.swp",
                     "assets/img/icon.svg", "templates/page.mustache", "public/index.html", "data/shop.yml"] {
            try site.save(file, "x")
        }
        #expect(Set(Watcher.scan(site: site.path).keys)
            == ["paywall.yml", "catalog.yml", "Products.storekit", "content/pro.md", "assets/img/icon.svg", "templates/page.mustache"])
        #expect(Watcher.scan(site: site.path, catalog: "data/shop.yml")["data/shop.yml"] != nil)

        // An output folder among the inputs is not watched.
        try site.save("assets/out/index.html", "x")
        #expect(Watcher.scan(site: site.path, output: site.path("assets/out"))["assets/out/index.html"] == nil)
        #expect(Watcher.scan(site: site.path, output: site.path("assets/out"))["assets/img/icon.svg"] != nil)

        // static/ is published whole, hidden folders included (universal links' .well-known/).
        try site.save("static/.well-known/apple-app-site-association", "{}")
        try site.save("static/robots.txt", "x")
        let scanned = Watcher.scan(site: site.path)
        #expect(scanned["static/.well-known/apple-app-site-association"] != nil && scanned["static/robots.txt"] != nil)
        #expect(Watcher.folders(site: site.path).contains(site.path("static/.well-known")))

        let before = Watcher.scan(site: site.path)
        try site.save("content/pro.md", "longer")
        #expect(Watcher.scan(site: site.path)["content/pro.md"] != before["content/pro.md"])
    }

    @Test func runningWatcherCallsBackAndStops() throws {
        let site = try TemporaryFolder()
        defer { site.remove() }
        try site.save("content/pro.md", "one")
        let calls = Locked<[[String]]>([])
        let scans = Locked(0)
        let watcher = Watcher(interval: .milliseconds(20), debounce: .milliseconds(20),
                              scan: { _ = scans.update { $0 += 1 }; return Watcher.scan(site: site.path) },
                              onChange: { changed in _ = calls.update { $0.append(changed) } })
        watcher.start()
        defer { watcher.stop() }
        try site.save("content/pro.md", "two!")
        #expect(eventually(within: patience) { calls.value == [["content/pro.md"]] })
        // `stop` returns once the polling thread has ended: nothing is scanned after it, however long one waits.
        watcher.stop()
        let scanned = scans.value
        try site.save("content/pro.md", "three")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(scans.value == scanned, "no poll after stop")
        #expect(calls.value.count == 1)
    }
}
