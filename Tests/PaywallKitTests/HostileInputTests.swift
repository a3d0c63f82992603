import Foundation
import PaywallPlatform
import PaywallTestSupport
import Testing
@testable import PaywallKit
@testable import Mustache

/// Input written to crash, hang or exhaust the build fails cleanly, fast, at the place that crossed a limit.
@Suite struct HostileInputTests {
    let site = TestSite()
    let page = "site/content/pro.md"

    /// Runs `body` and expects it to take well under the time a hang would, in the thread's processor time (`ThreadTime`).
    func quickly<T>(_ body: () -> T, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> T {
        let (result, time) = ThreadTime.measure(body)
        #expect(time < .seconds(5), "took \(time) of processor time", sourceLocation: sourceLocation)
        return result
    }

    @Test func anHTTPSAttributeFollowedDirectlyByAnotherDoesNotCrash() {
        let result = site.page(replacing: "Identify every bird you hear.", with: #"<a href="https://a"title="x">A</a>"#).build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.all)")
    }

    @Test func anAutolinkWithoutAPositionIsReportedWhereItIsWritten() {
        let errors = site.page(replacing: "Identify every bird you hear.", with: "Hi\n\nMail <a href=\"https://a\"title=\"x\">A</a> http://www.example.com/x").errors
        #expect(errors.allSatisfy { $0.location.line >= 1 })
    }

    /// A 1 KB "billion laughs": ten anchors, each a list of nine aliases of the one before.
    static let laughs: String = {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1..<10 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func billionLaughsInPaywallYmlStopsAtTheNodeLimitAndIsTheOnlyError() {
        let errors = quickly { site.config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch }\n" + Self.laughs).errors }
        #expect(errors.count == 1, "\(errors)")
        // a5 holds 9^6 values; its first use in a6 crosses the limit.
        let line = TestSite.line(of: "app:", in: TestSite.defaultConfig) + 7
        expectError(errors, "more than \(YAML.Limits.maximumNodes) values", file: "site/paywall.yml", line: line, hint: "alias")
    }

    @Test func billionLaughsInTheCatalogAndFrontMatterStop() {
        let catalog = quickly { site.catalog(replacing: "subscriptionGroups:", with: Self.laughs + "subscriptionGroups:").errors }
        #expect(catalog.contains { $0.message.contains("once its aliases are expanded") }, "\(catalog)")
        let front = quickly { site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\n" + Self.laughs).errors }
        #expect(front.contains { $0.message.contains("once its aliases are expanded") }, "\(front)")
    }

    @Test func tooManyAliasesIsAnError() {
        let aliases = "x: &x 1\nlist: [" + Array(repeating: "*x", count: YAML.Limits.maximumAliases + 1).joined(separator: ",") + "]\n"
        #expect(throws: Diagnostic.self) { try YAML.parse(aliases, file: "f.yml") }
    }

    @Test(arguments: [100_000, 65])
    func deepNestingStopsAtTheDepthLimitWhereItIsCrossed(_ depth: Int) {
        let text = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let error = quickly { () -> Diagnostic? in
            do { _ = try YAML.parse(text, file: "f.yml"); return nil } catch let error as Diagnostic { return error } catch { return nil }
        }
        #expect(error?.message.contains("nest more than \(YAML.Limits.maximumDepth) levels") == true, "\(String(describing: error))")
        #expect(error?.message.contains("alias") == false)
        #expect(error?.location.column == 4 + YAML.Limits.maximumDepth - 1)
    }

    @Test func nestingAtTheLimitIsFine() throws {
        let depth = YAML.Limits.maximumDepth - 1
        let text = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        _ = try YAML.parse(text, file: "f.yml")
    }

    @Test func deepNestingInFrontMatterFailsFast() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let errors = quickly { site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\nx: \(deep)").errors }
        expectError(errors, "nest more than", file: page, line: 3)
    }

    @Test func aWideTableIsRefusedBeforeParsing() {
        let header = "|" + String(repeating: " a |", count: 10_000)
        let rule = "|" + String(repeating: "---|", count: 10_000)
        let row = "|" + String(repeating: " b |", count: 10_000)
        let table = ([header, rule] + Array(repeating: row, count: 20)).joined(separator: "\n")
        let errors = quickly { site.page(replacing: "Identify every bird you hear.", with: "Text\n\n" + table).errors }
        expectError(errors, "more than \(Markdown.Limits.maximumTableColumns) columns", file: page, line: 10)
    }

    @Test func aTableAtTheColumnLimitRenders() {
        let columns = Markdown.Limits.maximumTableColumns - 1
        let table = "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns) + "\n"
        #expect(Markdown.render(table).html.contains("<table>"))
    }

    @Test func deeplyNestedQuotesAreRefused() {
        let quote = String(repeating: "> ", count: 50_000) + "deep"
        let errors = quickly { site.page(replacing: "Identify every bird you hear.", with: quote).errors }
        expectError(errors, "more than \(Markdown.Limits.maximumNesting) levels deep", file: page, line: 7)
    }

    @Test func aPartialFanOutStopsAtTheExpansionLimit() {
        var templates = ["page.mustache": "{{>f0}}"]
        for level in 0..<32 { templates["partials/f\(level).mustache"] = "{{>f\(level + 1)}}{{>f\(level + 1)}}" }
        templates["partials/f32.mustache"] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        let errors = quickly { site.with { $0.templates = templates }.errors }
        #expect(errors.contains { $0.message.contains("more than \(Renderer.maximumExpansions)") }, "\(errors)")
    }

    @Test(arguments: ["/etc/passwd", "../outside.yml", "a/../../outside.yml", "~/catalog.yml"])
    func aCatalogOutsideTheSiteIsRefusedAtItsLine(_ path: String) {
        let errors = site.config(replacing: "catalog: catalog.yml", with: "catalog: \(path)").errors
        #expect(errors.count == 1, "\(errors)")
        expectError(errors, "outside the site folder", file: "site/paywall.yml", line: 2, column: 10)
    }

    @Test func aCatalogOutsideTheSiteIsNeverRead() {
        let fs = FileSystem(read: { path in
            if path.contains("secret") { Issue.record("read \(path)") }
            return Data(path.hasSuffix("paywall.yml") ? "catalog: ../secret.yml\n".utf8 : "".utf8)
        }, list: { _ in [] }, exists: { _ in true }, isDirectory: { _ in true })
        let inputs = SiteInputs.load("site", fs: fs)
        #expect(inputs.catalog == nil)
    }

    @Test func aCatalogLinkedFromOutsideTheSiteIsRefused() {
        let fs = FileSystem(read: { path in
            if path.hasSuffix("catalog.yml") { Issue.record("read \(path)") }
            return Data(TestSite.defaultConfig.utf8)
        }, list: { _ in [] }, exists: { _ in true }, isDirectory: { _ in true },
           resolve: { $0.hasSuffix("catalog.yml") ? "/etc/shadow" : "/work/" + $0 })
        let inputs = SiteInputs.load("site", fs: fs)
        #expect(inputs.catalog == nil)
        #expect(inputs.catalogProblem?.message.contains("outside the site folder") == true)
        #expect(inputs.catalogProblem?.location.line == 2)
    }

    @Test(arguments: [
        (Array("---\ntitle: Birdwatch Pro\ngroupID: birdwatch.pro\n---\n# Birdwatch Pro\n\nOne \u{0}zero\n".utf8), "NUL byte", 7, 5),
        (Array("---\ntitle: Birdwatch Pro\ngroupID: birdwatch.pro\n---\n# Birdwatch Pro\n\nÄpfel ".utf8) + [0xFF] + Array(" here\n".utf8), "not UTF-8", 7, 7),
        (Array("---\ntitle: Birdwatch\u{7} Pro\ngroupID: birdwatch.pro\n---\n".utf8), "control character U+0007", 2, 17),
        (Array("---\rtitle: A\rgroupID: birdwatch.pro\r---\r# A\r\r".utf8) + [0xC3], "not UTF-8", 7, 1),
    ])
    func badBytesAreReportedWhereTheyAre(_ bytes: [UInt8], _ message: String, _ line: Int, _ column: Int) {
        var files = TestSite().files(under: "site")
        files["site/content/pro.md"] = Data(bytes)
        let errors = SiteBuilder.build(SiteInputs.load("site", fs: .bytes(files))).diagnostics.errors
        #expect(errors.count == 1, "\(errors)")
        expectError(errors, message, file: page, line: line, column: column)
    }

    @Test func aByteOrderMarkAndLoneCarriageReturnsAreRead() {
        let lonePage = "\u{FEFF}---\rtitle: Birdwatch Pro\rgroupID: birdwatch.pro\r---\r# Birdwatch Pro\r\rHi.\r"
        let template = "\u{FEFF}" + (Theme.defaultFiles["page.mustache"] ?? "").replacingOccurrences(of: "\n", with: "\r")
        let site = TestSite().with { $0.content["pro.md"] = lonePage; $0.templates["page.mustache"] = template }
        let built = SiteBuilder.build(SiteInputs.load("site", fs: .bytes(site.files(under: "site"))))
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics.all)")
        let html = built.files.first { $0.path == "en-US/pro/index.html" }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        #expect(html.hasPrefix("<!doctype html>"), "no byte-order mark or stray line before the doctype")
        #expect(!html.contains("\r"))
    }

    @Test func aTemplateParseErrorIsTheOnlyError() {
        let errors = site.with { $0.templates = ["page.mustache": "{{#options}}unclosed"] }.errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.file == "site/templates/page.mustache")
        #expect(!errors.contains { $0.message.contains("no page.mustache") })
    }

    @Test func anEmptyPaywallYmlSaysSoAndNothingElse() {
        for text in ["", "\n\n", "# just a comment\n"] {
            let errors = site.with { $0.config = text }.errors
            #expect(errors.count == 1, "\(errors)")
            expectError(errors, "paywall.yml is empty", file: "site/paywall.yml", line: 1, hint: "paywall init")
        }
    }

    @Test(arguments: [
        (#"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#, "<noscript> element"),
        (#"<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>"#, "<svg> element"),
        (#"<p formaction="https://example.com">x</p>"#, "attribute 'formaction' on <p>"),
        (#"<img src="../assets/x.png" alt="" ONERROR="x">"#, "event handler (onerror)"),
        ("<!DOCTYPE html>", "declaration"),
        (#"<math><mi xlink:href="javascript:alert(1)">x</mi></math>"#, "'javascript:'"),
    ])
    func rawHTMLOutsideTheAllowListIsRefused(_ html: String, _ message: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains(message) }, "\(errors)")
    }

    @Test func allowedRawHTMLPasses() {
        let html = #"<details open><summary>More</summary><table><tr><th scope="row" colspan="2" aria-label="x">A</th></tr></table>"#
            + #"<picture><source srcset="../assets/a.webp 2x" type="image/webp"><img src="../assets/a.png" alt="A" width="10"></picture>"#
            + "<!-- a comment with <script> in it --></details>"
        #expect(RawHTMLTests.errors(html).isEmpty, "\(RawHTMLTests.errors(html))")
    }

    @Test(arguments: [
        ("period: P1M", "period: P3D", "not a period App Store subscriptions renew at"),
        ("period: P1M", "period: P999999Y", "not a period App Store subscriptions renew at"),
        ("period: P1M", "period: P99999999999999999999Y", "longer than any App Store period"),
        ("price: { USA: \"4.99\" }", "price: { USA: \"4.999\" }", "more decimals than USD has (2)"),
    ])
    func misleadingCatalogValuesAreErrorsAtTheirLine(_ old: String, _ new: String, _ message: String) {
        let errors = site.catalog(replacing: old, with: new).errors
        let line = TestSite.line(of: old, in: TestSite.defaultCatalog)
        expectError(errors, message, file: "site/catalog.yml", line: line)
    }

    @Test(arguments: [("periodCount: 0", "1 or more periods, not 0"), ("periodCount: -3", "1 or more periods, not -3"),
                      ("periodCount: 1000000", "longer than the 1 year"), ("periodCount: 13", "longer than the 1 year")])
    func offerLengthsOutsideTheAppStoresAreErrors(_ count: String, _ message: String) {
        let offer = "introductoryOffer: { paymentMode: payAsYouGo, period: P1M, \(count), price: { USA: \"0.99\" } }"
        let errors = site.catalog(replacing: "period: P1M", with: "period: P1M\n        " + offer).errors
        expectError(errors, message, file: "site/catalog.yml", line: TestSite.line(of: "period: P1M", in: TestSite.defaultCatalog) + 1)
    }

    @Test func aNoCentsCurrencyRefusesCents() {
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\", JPN: \"480.5\" }").errors
        #expect(errors.contains { $0.message.contains("JPN price 480.5 has more decimals than JPY has (0)") }, "\(errors)")
    }

    @Test func aBrokenPaywallYmlIsReportedAloneWithoutFollowOnErrors() {
        let errors = site.config(replacing: "app: { name: Birdwatch }", with: "app: name: Birdwatch").errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.file == "site/paywall.yml")
    }
}

/// Reading through the disk: what is not a regular file is named for what it is.
@Suite struct DiskReadTests {
    @Test func aFolderAFIFOAndAMissingFileAreToldApart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileSystem.ReadError.notAFile("a named pipe (FIFO)")) { try FileSystem.disk.read(fifo) }
        #expect(throws: FileSystem.ReadError.notAFile("a folder")) { try FileSystem.disk.read(folder.path) }
        #expect(throws: FileSystem.ReadError.missing) { try FileSystem.disk.read(folder.path("none")) }
        try folder.write(["f.txt": "hello"])
        #expect(try FileSystem.disk.read(folder.path("f.txt")) == Data("hello".utf8))
    }

    @Test func pipesLinksOutOfTheSiteBrokenLinksAndHiddenPagesAreNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try TestSite().with { $0.content["..md"] = TestSite.defaultPage }.write(to: folder.path("site"))
        try folder.write(["outside.md": TestSite.defaultPage])
        let site = folder.path("site")
        try FileManager.default.createDirectory(atPath: site + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site + "/templates", withIntermediateDirectories: true)
        #expect(mkfifo(site + "/content/pipe.md", 0o600) == 0)
        #expect(mkfifo(site + "/templates/page.mustache", 0o600) == 0)
        try folder.symlink("site/content/out.md", to: "../../outside.md")
        try folder.symlink("site/assets/gone.svg", to: "nowhere.svg")
        try folder.symlink("site/content/same.md", to: "pro.md")
        let diagnostics = SiteBuilder.build(SiteInputs.load(site)).diagnostics.all
        func has(_ file: String, _ fragment: String) -> Bool {
            diagnostics.contains { $0.location.file == site + "/" + file && $0.message.contains(fragment) }
        }
        #expect(has("content/pipe.md", "named pipe"), "\(diagnostics)")
        #expect(has("templates/page.mustache", "named pipe"))
        #expect(has("content/out.md", "outside the site folder"))
        #expect(has("assets/gone.svg", "its target does not exist"))
        #expect(has("content/..md", "hidden"))
        #expect(!diagnostics.contains { $0.location.file.hasSuffix("content/same.md") }, "a link inside the site is followed")
    }

    @Test func aCatalogThatIsAFolderIsNamedSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(["paywall.yml": TestSite.defaultConfig])
        try FileManager.default.createDirectory(atPath: folder.path("catalog.yml"), withIntermediateDirectories: true)
        let inputs = SiteInputs.load(folder.path)
        let errors = SiteBuilder.build(inputs).diagnostics.errors
        #expect(errors.contains { $0.message.contains("this is a folder, not a file") && $0.location.line == 2 }, "\(errors)")
        #expect(!errors.contains { $0.message.contains("does not exist") })
    }
}
