import Foundation
import Testing
@testable import PaywallCLI
import PaywallKit
import PaywallTestSupport

/// `paywall hosting nginx` prints no block with a value nginx would read as syntax or a variable, nor one that
/// serves a folder `build` would refuse: each is an error (status 1, nothing on stdout).
@Suite struct HostingSafetyTests {
    func refused(_ arguments: [String], _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (status, output) = paywall(arguments)
        #expect(status == 1, "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
    }

    @Test func anOutputBuildWouldRefuseIsRefused() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        let site = temp.path("site")
        refused(["hosting", "nginx", site, "-o", "/"], "refusing to replace the root folder")
        refused(["hosting", "nginx", site, "-o", site], "the output folder holds the site itself")
        refused(["hosting", "nginx", site, "-o", temp.path("")], "the output folder holds the site itself")
        refused(["hosting", "nginx", site, "-o", temp.path("site/content")], "inside the site's content/ folder")
        try temp.write(["config": "[core]\n"], under: "repo/.git")
        refused(["hosting", "nginx", site, "-o", temp.path("repo")], "not empty and was not written by paywall")
        #expect(paywall("build", site, "-o", temp.path("repo"), "--quiet").status == 1)
    }

    @Test(arguments: ["out$uri", "out$document_root", "out${host}", "out\nx", "out\tx", "out\u{7F}x"])
    func anOutputPathNginxWouldReadIsRefused(_ name: String) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        refused(["hosting", "nginx", temp.path("site"), "-o", temp.path(name)], "which nginx would read as a variable")
    }

    @Test func anOutputPathWithSpacesIsQuoted() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        let (status, output) = paywall("hosting", "nginx", temp.path("site"), "-o", temp.path("my out 'x' \"q\" ;{}"))
        #expect(status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("    root \"\(temp.path("my out 'x' \\\"q\\\" ;{}"))\";\n"), "\(output.stdout)")
    }

    @Test(arguments: [["--host", "a;b"], ["--host", "$host"], ["--host", "127.0.0.1 default_server"], ["--host", "x{"],
                      ["--port", "0"]])
    func aListenValueNginxWouldReadIsRefused(_ option: [String]) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        let message = option[0] == "--port" ? "nginx cannot listen on port 0" : "is not an address"
        // A bad command line (64), like --port 70000, not an error at a file of the site.
        let (status, output) = paywall(["hosting", "nginx", temp.path("site")] + option)
        #expect(status == 64 && output.stdout.isEmpty, "\(option): \(output.stderr)")
        #expect(output.stderr.hasPrefix("Error: ") && output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stderr.contains("Usage: paywall hosting") && !output.stderr.contains("public:1:1"))
    }

    @Test func addressesAreWrittenAsListenTakesThem() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        for (host, listen) in [("::1", "[::1]:8080"), ("[::1]", "[::1]:8080"), ("localhost", "localhost:8080"),
                               ("10.0.0.1", "10.0.0.1:8080")] {
            let (status, output) = paywall("hosting", "nginx", temp.path("site"), "--host", host, "--port", "8080")
            #expect(status == 0 && output.stdout.contains("    listen \(listen);\n"), "\(host): \(output.stderr)")
        }
    }

    /// The issue's probe: check and build report it at paywall.yml's line; hosting prints nothing.
    @Test func theProbesBaseURLIsAnErrorEverywhere() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        #expect(paywall("init", temp.path("site"), "--quiet").status == 0)
        let settings = temp.path("site/paywall.yml")
        let text = try String(contentsOfFile: settings, encoding: .utf8)
        let probe = "baseURL: 'https://x%3B%20location%20%2Fleak%2F%20%7B%20alias%20%2Fetc%2F%3B%20%7D"
            + "%20server_name%20y/'"
        let line = (text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("baseURL:") } ?? -2) + 1
        let place = "paywall.yml:\(line):10: error: baseURL's host"
        try text.replacingOccurrences(of: "baseURL: \(Scaffold.baseURL)", with: probe)
            .write(toFile: settings, atomically: true, encoding: .utf8)
        for command in ["check", "build"] {
            let (status, output) = paywall(command, temp.path("site"))
            #expect(status == 1)
            #expect(output.stderr.contains(place), "\(output.stderr)")
        }
        refused(["hosting", "nginx", temp.path("site")], place)
        #expect(!FileManager.default.fileExists(atPath: temp.path("site/public")))
    }
}
