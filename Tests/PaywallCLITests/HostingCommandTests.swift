import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// `paywall hosting nginx` and `serve --host`'s warning.
@Suite struct HostingCommandTests {
    @Test func servingEveryInterfaceIsWarnedAbout() {
        for host in ["0.0.0.0", "::", "[::]"] {
            #expect(Serve.hostWarning(host)?.hasPrefix("warning: --host \(host) serves the preview to every network") == true)
        }
        for host in ["127.0.0.1", "::1", "localhost", "mybox.local"] { #expect(Serve.hostWarning(host) == nil) }
    }

    @Test func theBlockServesTheOutputOnTheAddressGiven() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        let (status, output) = paywall("hosting", "nginx", temp.path("site"), "-o", temp.path("out"), "--port", "8081", "--host", "127.0.0.1")
        #expect(status == 0, "\(output.stderr)")
        let block = output.stdout
        #expect(block.contains("    listen 127.0.0.1:8081;\n"))
        #expect(block.contains("    root \"\(temp.path("out"))\";\n"))
        #expect(block.contains("    location = /paywall-manifest.json { return 404; }"))
        #expect(block.contains("add_header X-Content-Type-Options \"nosniff\" always;"))
        // Without --host and --port: every address, port 80.
        #expect(paywall("hosting", "nginx", temp.path("site")).output.stdout.contains("    listen 80;\n"))
    }

    @Test func badArgumentsAreUsageErrors() {
        #expect(paywall("hosting").status == 64)
        let (status, output) = paywall("hosting", "apache")
        #expect(status == 64)
        #expect(output.stderr.contains("The value 'apache' is invalid for '<host>'; use nginx"))
        #expect(paywall("hosting", "nginx", ".", "--port", "99999").status == 64)
        #expect(paywall("help", "hosting").output.stdout.contains("USAGE: paywall hosting <host> [<site>]"))
    }

    @Test func anOutputInsideStaticIsRefused() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        try temp.write(["robots.txt": "User-agent: *\n"], under: "site/static")
        let (status, output) = paywall("build", temp.path("site"), "-o", temp.path("site/static/out"))
        #expect(status == 1)
        #expect(output.stderr.contains("the output folder is inside the site's static/ folder, so each build would read the last"))
        #expect(!FileManager.default.fileExists(atPath: temp.path("site/static/out")))
        #expect(paywall("build", temp.path("site"), "--quiet").status == 0)
        #expect(FileManager.default.fileExists(atPath: temp.path("site/public/robots.txt")))
    }

    @Test func aBrokenSiteIsReportedNotPrinted() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try temp.write(["paywall.yml": "hosting: [ftp]\n"], under: "site")
        let (status, output) = paywall("hosting", "nginx", temp.path("site"))
        #expect(status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("'ftp' is not a valid hosting"))
    }
}
