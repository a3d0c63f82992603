import Foundation
import PaywallKit
import Testing
@testable import PaywallServer
import PaywallTestSupport

/// The guard rail of `serve`'s reuse: a running preview session is edited through its watcher, one input of every
/// kind after another (`DifferentialSite.edits`), and after each rebuild its output folder must hold exactly the files
/// a cold `paywall build` of the same inputs writes, byte for byte, manifest included. A failed build must leave
/// the last good output as it was.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServeDifferentialTests {
    /// Every regular file below `folder` (hidden ones too), by path relative to it.
    static func files(in folder: String) -> [String: [UInt8]] { TreeSnapshot.of(folder).mapValues { [UInt8]($0) } }

    /// What `paywall build` writes for the site as it is on disk now (in memory: the same bytes, manifest included),
    /// or nil when the build fails.
    static func coldBuild(_ site: String) -> (files: [String: [UInt8]]?, diagnostics: [Diagnostic]) {
        let result = SiteBuilder.build(SiteInputs.load(site))
        guard !result.diagnostics.hasErrors else { return (nil, result.diagnostics.sorted) }
        return (Dictionary(result.files.map { ($0.path, $0.bytes) }) { first, _ in first }, result.diagnostics.sorted)
    }

    /// "" when equal; else which files are missing, extra or different, and where the first difference is.
    static func difference(preview: [String: [UInt8]], cold: [String: [UInt8]]) -> String {
        let missing = Set(cold.keys).subtracting(preview.keys).sorted()
        let extra = Set(preview.keys).subtracting(cold.keys).sorted()
        let different = Set(cold.keys).intersection(preview.keys).filter { cold[$0] != preview[$0] }.sorted()
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing from the preview: \(missing)") }
        if !extra.isEmpty { parts.append("only in the preview: \(extra)") }
        if !different.isEmpty { parts.append("different: \(different)") }
        if let path = different.first, let old = preview[path], let new = cold[path] {
            let at = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
            func excerpt(_ bytes: [UInt8]) -> String {
                String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 60)], as: UTF8.self).replacingOccurrences(of: "\n", with: "⏎")
            }
            parts.append("\(path) first differs at byte \(at): preview «\(excerpt(old))» vs cold «\(excerpt(new))»")
        }
        return parts.joined(separator: "; ")
    }

    @Test func everyEditLeavesTheOutputOfAColdBuild() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(DifferentialSite.files, under: "site")
        let site = folder.path("site"), output = folder.path("out")
        let reports = Locked<[PreviewSession.BuildReport]>([])
        var configuration = PreviewSession.Configuration(site: site, output: output, port: 0)
        configuration.pollInterval = .milliseconds(50)
        let session = PreviewSession(configuration) { report in _ = reports.update { $0.append(report) } }
        try session.start()
        defer { session.stop() }

        let first = try #require(reports.value.first)
        #expect(first.succeeded, "the first build: \(first.diagnostics.map(\.description))")
        var lastGood = try #require(Self.coldBuild(site).files, "the site builds")
        #expect(first.pageCount > 10 && first.localeCount == 4, "the site has customer states in four locales")
        let initial = Self.difference(preview: Self.files(in: output), cold: lastGood)
        #expect(initial.isEmpty, "after the first build: \(initial)")

        var kinds: Set<String> = []
        for (number, edit) in DifferentialSite.edits.enumerated() {
            let step = "edit \(number + 1) (\(edit.name), \(edit.path))"
            let before = reports.value.count
            // Written whole in one step, as editors save: the watcher never sees it half written, so the rebuild it
            // reports is of this edit (a slow write on a busy machine would otherwise be rebuilt twice, and compared
            // after the first).
            if let text = edit.text { try folder.save("site/" + edit.path, text) } else {
                try FileManager.default.removeItem(atPath: folder.path("site/" + edit.path))
            }
            // The rebuild the watcher starts for this edit; generous, since the machine may be busy.
            let heard = eventually(within: .seconds(20)) { reports.value.dropFirst(before).contains { $0.changed.contains(edit.path) } }
            try #require(heard, "\(step): no rebuild reported")
            let report = try #require(reports.value.last)
            let cold = Self.coldBuild(site)
            #expect(report.succeeded == edit.succeeds,
                    "\(step): the preview's build \(report.succeeded ? "succeeded" : "failed: \(report.diagnostics.map(\.description))")")
            #expect((cold.files != nil) == edit.succeeds,
                    "\(step): the cold build \(cold.files != nil ? "succeeded" : "failed: \(cold.diagnostics.map(\.description))")")
            // The errors (for the error page) and the warnings: a rebuild that keeps pages repeats theirs.
            #expect(report.diagnostics.map(\.description) == cold.diagnostics.map(\.description), "\(step): the same diagnostics")
            if let files = cold.files { lastGood = files }
            // A failed build leaves the last good output in place.
            let difference = Self.difference(preview: Self.files(in: output), cold: lastGood)
            #expect(difference.isEmpty, "\(step): \(difference)")
            kinds.insert(report.renderedPages == nil ? "whole" : "reuse")
            switch edit.renders {
            case .any: break
            case .whole: #expect(report.renderedPages == nil, "\(step): every page rendered, not only \(report.renderedPages ?? [])")
            case .only(let pages): #expect(report.renderedPages == pages, "\(step): the pages rendered")
            }
        }
        #expect(kinds == ["whole", "reuse"], "the script exercises both a whole rebuild and one that keeps pages")
    }
}
