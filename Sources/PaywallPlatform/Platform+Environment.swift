#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's surroundings: environment variables, the terminal, the cores.
extension Platform {
    /// An environment variable's value; nil when unset.
    public static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Whether standard error is a terminal (colours are for people, not for logs).
    public static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes `text` to standard error.
    public static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Platform.write(2, $0.baseAddress, $0.count) }
            guard written > 0 || (written < 0 && errno == EINTR) else { return }
            bytes = bytes.dropFirst(max(0, written))
        }
    }

    /// The cores this process may use (at least 1).
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
