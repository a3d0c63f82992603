#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks that a link the tool will write is https or relative, never `javascript:`, `data:` or `http:`.
public enum SafeURL {
    /// Throws when `url` has a scheme other than https (or is protocol-relative).
    public static func check(_ url: String, _ what: String, at location: SourceLocation) throws(Diagnostic) {
        let trimmed = url.trimmingSpacesAndNewlines
        guard !trimmed.isEmpty else { throw .error(location, "\(what) is empty", hint: "give an https:// URL") }
        // Browsers strip control characters around a URL and ignore tabs and newlines inside a scheme
        // ("\u{1}java\nscript:"), and read "\\" as "/": a link has no reason to hold any of them.
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .error(location, "\(what) has a control character",
                         hint: "retype the URL without tabs, line breaks or invisible characters")
        }
        let compact = trimmed.filter { !$0.isWhitespace }.replacingEvery("\\", with: "/").lowercased()
        if compact.hasPrefix("//") {
            throw .error(location, "\(what) '\(url)' has no scheme",
                         hint: "write it as https://\(trimmed.dropFirst(2))")
        }
        if let colon = compact.firstIndex(of: ":"),
           compact[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !compact[..<colon].containsText("/") {
            let scheme = String(compact[..<colon])
            guard scheme == "https" else {
                let fix = scheme == "http" ? "use https://" : "only https:// links and relative paths are allowed"
                throw .error(location, "\(what) uses the '\(scheme):' scheme", hint: fix)
            }
            guard trimmed.dropFirst(6).hasPrefix("//"), trimmed.count > 8 else {
                throw .error(location, "\(what) '\(url)' is not a valid https URL",
                             hint: "write it as https://host/path")
            }
        }
    }

    /// Schemes a browser acts on itself (runs, shows, downloads, or sends elsewhere): never an app's own.
    static let browserSchemes: Set<String> = ["javascript", "vbscript", "data", "blob", "file", "filesystem", "about",
                                              "http", "ftp", "ws", "wss", "view-source", "chrome", "intent", "mailto",
                                              "tel", "sms", "jar"]

    /// Schemes the browser or the OS keeps for itself, beyond `browserSchemes`: extensions' and the browsers' own
    /// pages, app installers and settings panes, network shares and remote shells. An "open the app" link never
    /// needs one.
    static let privilegedSchemes: Set<String> = [
        "chrome-extension", "chrome-untrusted", "chrome-search", "devtools", "edge", "opera", "brave", "vivaldi",
        "moz-extension", "resource", "safari-extension", "safari-web-extension", "webkit", "wyciwyg",
        "itms-services", "itms", "itmss", "prefs", "app-prefs", "x-apple-systempreferences", "x-apple-helpbasic",
        "shortcuts",
        "facetime", "facetime-audio", "callto", "sip", "sips", "market", "android-app", "content",
        "search-ms", "search", "shell", "microsoft-edge", "smb", "nfs", "afp", "ftps", "sftp", "ssh", "telnet",
        "ldap", "ldaps", "gopher", "news", "nntp", "irc", "res", "mk", "ms-its", "its", "hcp", "help"]

    /// Whether `scheme` (lower case) is one a browser or the OS acts on: the two lists, and every Windows
    /// `ms-…:` protocol (`ms-settings:`, `ms-msdt:`, `ms-appinstaller:`…).
    static func isPrivileged(_ scheme: String) -> Bool {
        browserSchemes.contains(scheme) || privilegedSchemes.contains(scheme) || scheme.hasPrefix("ms-")
    }

    /// An "open the app" link: https (a universal link), or the app's own URL scheme (`birdwatch://open`), never
    /// a scheme a browser acts on.
    public static func checkAppLink(_ url: String, _ what: String, at location: SourceLocation) throws(Diagnostic) {
        let hint = "use a universal link (https://…) or your app's own URL scheme, such as myapp://open"
        guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }) else {
            throw .error(location, "\(what) has a space or a control character", hint: hint)
        }
        guard let colon = url.firstIndex(of: ":"), case let scheme = url[..<colon].lowercased(),
              let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return try check(url, what, at: location)
        }
        guard !isPrivileged(scheme) else {
            throw .error(location,
                         "\(what) uses the '\(scheme):' scheme, which the browser or the system acts on itself",
                         hint: hint)
        }
        if scheme == "https" { try check(url, what, at: location) }
    }
}
