#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Ctrl-C handling for a foreground server.
public enum Termination {
    /// Blocks until SIGINT or SIGTERM arrives, caught by Dispatch signal sources (the default actions are
    /// ignored meanwhile and restored after, so a second Ctrl-C while stopping ends the process).
    public static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) {
        let received = DispatchSemaphore(value: 0)
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
        received.wait()
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
