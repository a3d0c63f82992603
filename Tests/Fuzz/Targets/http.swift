// libFuzzer entry point of the http target; the logic is FuzzEntry.http (Tests/Fuzz/Entries), shared with FuzzCorpusTests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.http(UnsafeBufferPointer(start: data, count: size))
    return 0
}
