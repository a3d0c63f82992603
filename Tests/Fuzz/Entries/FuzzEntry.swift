/// What each libFuzzer target does with one input. The fuzz binaries (Tests/Fuzz/Targets, built by
/// `make fuzz`) and the corpus replay test (FuzzCorpusTests, run by `swift test`) call exactly these
/// functions, so a corpus file replays in the test as it ran in the fuzzer. Only public API is used.
///
/// An input "passes" when the function returns: thrown errors and diagnostics are expected results;
/// a trap, a sanitizer report, a hang (over 1 s) or memory over 512 MB is a finding.
public enum FuzzEntry {
    /// The fuzz targets by name: the folder of their corpus (`Tests/Fuzz/corpus/NAME`) and their binary (`fuzz-NAME`).
    public static let targets: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> Void] = [
        "catalog": catalog,
        "markdown": markdown,
        "mustache": mustache,
        "http": http,
    ]

    /// Stops the run with a message naming the broken invariant (the fuzzer reports it as a crash).
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                        file: StaticString = #fileID, line: UInt = #line) {
        if !condition() { fatalError("fuzz invariant: \(message())", file: file, line: line) }
    }
}
