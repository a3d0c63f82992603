#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's surroundings: environment variables, the terminal, the cores.
extension Platform {
    /// An environment variable's value; nil when unset.
    public static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Whether standard error is a terminal (colours are for people, not for logs).
    public static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes `text` to standard error.
    public static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The cores this process may use (at least 1).
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
