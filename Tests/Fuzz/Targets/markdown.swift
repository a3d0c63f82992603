// libFuzzer entry point of the markdown target; the logic is FuzzEntry.markdown (Tests/Fuzz/Entries), shared with FuzzCorpusTests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.markdown(UnsafeBufferPointer(start: data, count: size))
    return 0
}
