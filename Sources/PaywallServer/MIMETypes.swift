import PaywallKit

/// The Content-Type of a served file, by its extension (case-insensitive).
public enum MIMETypes {
    /// Extension → media type, without parameters.
    public static let byExtension: [String: String] = [
        "html": "text/html", "htm": "text/html", "css": "text/css", "js": "text/javascript", "mjs": "text/javascript",
        "txt": "text/plain", "json": "application/json", "xml": "application/xml",
        "webmanifest": "application/manifest+json", "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/x-icon", "woff2": "font/woff2",
    ]

    /// For files with no known extension.
    public static let fallback = "application/octet-stream"

    /// The Content-Type header value for a path: text types carry `charset=utf-8`.
    public static func contentType(forPath path: String) -> String {
        // Universal links' association file has no extension and must be served as JSON.
        if HostHeaders.jsonFiles.contains(where: { path.hasSuffix("/" + $0) || path == $0 }) {
            return "application/json"
        }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        guard let type = byExtension[name[name.index(after: dot)...].lowercased()] else { return fallback }
        return isText(type) ? type + "; charset=utf-8" : type
    }

    /// Whether a media type is text, so that it gets a charset.
    public static func isText(_ type: String) -> Bool {
        type.hasPrefix("text/")
            || ["application/json", "application/xml", "application/manifest+json", "image/svg+xml"].contains(type)
    }

    /// Whether a path names an HTML page (which `serve` injects the live-reload script into).
    public static func isHTML(_ path: String) -> Bool {
        contentType(forPath: path).hasPrefix("text/html")
    }
}
