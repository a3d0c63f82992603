#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread has used: what a test that bounds the work of a step measures. A busy
/// machine stretches the wall clock (a table that checks in 1 s took 12 s with three other processes at a higher
/// priority), not the thread's own time. For steps that run on the calling thread, such as a build with one job.
public enum ThreadTime {
    /// The calling thread's processor time so far.
    public static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    /// `body`'s result and the processor time the calling thread spent in it.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, time: Duration) {
        let start = now
        let result = try body()
        return (result, now - start)
    }
}
