import Dispatch
import Synchronization

/// A value worked out on another thread while the caller goes on: `value` waits for it. The result is kept behind a
/// mutex and the wait is a dispatch group's, so it is safe to read from any thread, any number of times.
final class Background<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on a global queue at once.
    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.leave()
        }
    }

    /// A value known already, without a thread.
    init(done value: Value) {
        result.withLock { $0 = value }
    }

    /// Waits for the work to end; its value.
    var value: Value {
        done.wait()
        return result.withLock { $0! }
    }
}

/// Lets go of `value` on another thread: a build's loaded site and plan hold tens of thousands of values, freed there
/// while the caller goes on (`serve` tells open pages to reload).
func releaseInBackground(_ value: some Sendable) {
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
}
