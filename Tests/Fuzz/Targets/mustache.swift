// libFuzzer entry point of the mustache target; the logic is FuzzEntry.mustache (Tests/Fuzz/Entries), shared with FuzzCorpusTests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.mustache(UnsafeBufferPointer(start: data, count: size))
    return 0
}
