// libFuzzer entry point of the catalog target; the logic is FuzzEntry.catalog (Tests/Fuzz/Entries), shared with FuzzCorpusTests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.catalog(UnsafeBufferPointer(start: data, count: size))
    return 0
}
