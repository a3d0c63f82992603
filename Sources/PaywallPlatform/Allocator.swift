#if canImport(CJemalloc)
import CJemalloc
#endif

/// The memory allocator. On Linux paywall links jemalloc, which replaces the C library's `malloc` for the whole
/// process: a build allocates millions of small strings and arrays on several threads, where glibc's allocator
/// spent about an eighth of a 2,000-page build (`make bench`). Elsewhere the system's allocator, with no figures.
public enum Allocator {
    /// The bytes the program holds and the bytes the allocator keeps resident for it; nil without jemalloc.
    public static var figures: (allocated: Int, resident: Int)? {
        #if canImport(CJemalloc)
        // Figures are refreshed by writing to "epoch".
        var epoch: UInt64 = 1
        guard mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size) == 0 else { return nil }
        func read(_ name: String) -> Int? {
            var value = 0
            var size = MemoryLayout<Int>.size
            return mallctl(name, &value, &size, nil, 0) == 0 ? value : nil
        }
        guard let allocated = read("stats.allocated"), let resident = read("stats.resident") else { return nil }
        return (allocated, resident)
        #else
        return nil
        #endif
    }
}
