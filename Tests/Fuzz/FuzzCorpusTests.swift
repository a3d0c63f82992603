import Foundation
import PaywallTestSupport
import Testing

/// Replays every file of Tests/Fuzz/corpus/TARGET/ through the fuzz target's entry (FuzzEntry), without
/// sanitizers: each input must return, in well under the fuzzers' 1 s (a generous bound, for debug builds).
/// Files named in Tests/Fuzz/known-bugs.txt are skipped until their fix is merged.
@Suite struct FuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `TARGET/FILE` of inputs that still crash or hang, from known-bugs.txt (`#` starts a comment).
    static let knownBugs: Set<String> = {
        let text = (try? String(contentsOf: fuzzFolder.appendingPathComponent("known-bugs.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").compactMap { line in
            let entry = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            return entry.isEmpty ? nil : entry
        })
    }()

    static func inputs(_ target: String) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent("corpus/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzEntry.targets.keys.sorted())
    func corpusReplays(_ target: String) throws {
        let entry = try #require(FuzzEntry.targets[target])
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "no corpus in Tests/Fuzz/corpus/\(target)")
        for file in inputs where !Self.knownBugs.contains("\(target)/\(file.lastPathComponent)") {
            let bytes = [UInt8](try Data(contentsOf: file))
            // The thread's processor time, which a busy machine does not stretch (each entry runs on this thread).
            let elapsed = ThreadTime.measure { bytes.withUnsafeBufferPointer { entry($0) } }.time
            #expect(elapsed < .seconds(2), "\(target)/\(file.lastPathComponent) took \(elapsed) of processor time")
        }
    }

    /// Every known bug names an input that exists, so the list is cleaned when the input goes.
    @Test func knownBugsNameCorpusFiles() {
        for entry in Self.knownBugs {
            #expect(FileManager.default.fileExists(atPath: Self.fuzzFolder.appendingPathComponent("corpus/\(entry)").path), "\(entry)")
        }
    }
}
