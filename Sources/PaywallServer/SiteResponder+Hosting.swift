#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform
import PaywallKit

/// What `serve` does as the hosts do: it answers only its own names (DNS rebinding), sends the site's security
/// headers with everything, redirects `/` and locale-less pages by `Accept-Language`, refuses the build manifest,
/// and shows the missing path's locale's 404 page.
extension SiteResponder {
    /// The names a browser may reach the preview by: `localhost`, the loopback addresses and the `--host` given,
    /// with or without a port. Bound to every interface (`0.0.0.0`, `::`), any IP address is also taken (a page
    /// from another origin cannot send one as its Host: rebinding needs a name).
    public struct AllowedHosts: Sendable {
        public var names: Set<String>
        public var anyAddress: Bool

        public init(host: String) {
            let bare = host.lowercased().trimmingScalars { $0 == "[" || $0 == "]" }
            names = ["localhost", "127.0.0.1", "::1", bare]
            anyAddress = ["0.0.0.0", "::"].contains(bare)
        }

        /// Whether a `Host` header value names the preview (no header: an HTTP/1.0 client, not a browser).
        public func allows(_ header: String?) -> Bool {
            guard let header else { return true }
            var name = header.trimmingSpaces.lowercased()
            if name.hasPrefix("[") {
                guard let close = name.firstIndex(of: "]") else { return false }
                let rest = name[name.index(after: close)...]
                guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isASCII)
                                       && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
                name = String(name[name.index(after: name.startIndex)..<close])
            } else if let colon = name.lastIndex(of: ":") {
                let port = name[name.index(after: colon)...]
                guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
                name = String(name[..<colon])
            }
            if name.hasSuffix(".") { name.removeLast() }
            return names.contains(name) || (anyAddress && Self.isAddress(name))
        }

        static func isAddress(_ name: String) -> Bool {
            Platform.isIPAddress(name)
        }
    }

    /// 403 for a request whose Host is not the preview's.
    func refuseHost(_ request: HTTPRequest) -> HTTPResponse? {
        guard !allowedHosts.allows(request.header("Host")) else { return nil }
        let host = String((request.header("Host") ?? "").prefix(100))
        return .text(HTTPStatus(403, "Forbidden"),
                     "403 Forbidden: this preview answers only localhost, 127.0.0.1, [::1] "
                         + "and the --host it was given, not '\(host)'")
    }

    /// The path below the site's `baseURL` path: the 404 pages link to `/subscribe/…` when `baseURL` ends in
    /// `/subscribe/`, so the preview answers there too.
    func unprefixed(_ path: String, _ routes: SiteRoutes?) -> String {
        guard let prefix = routes?.prefix, prefix != "/", path.hasPrefix(prefix) else { return path }
        return String(path.dropFirst(prefix.count - 1))
    }

    /// A 302 from `/` or a locale-less page to the visitor's locale, as the hosts' rules and the nginx block do.
    func localeRedirect(_ request: HTTPRequest, path: String, routes: SiteRoutes?) -> HTTPResponse? {
        guard let routes, var location = routes.redirect(path: path, acceptLanguage: request.header("Accept-Language"))
        else { return nil }
        // The preview answers at its root and below baseURL's path: a redirect stays where it was asked.
        if !request.path.hasPrefix(routes.prefix) { location = "/" + location.dropFirst(routes.prefix.count) }
        if let query = request.query { location += "?" + query }
        return HTTPResponse(HTTPStatus(302, "Found"), headers: [("Location", location), ("Vary", "Accept-Language"),
                                                               ("Content-Type", "text/plain; charset=utf-8"),
                                                               ("Cache-Control", "no-cache")],
                            body: Data("Found at \(location)\n".utf8))
    }

    /// The site's headers on a response: its page policy (with the live-reload script allowed) unless the response
    /// set its own, `nosniff` and the referrer policy.
    func secured(_ response: HTTPResponse, routes: SiteRoutes?) -> HTTPResponse {
        var response = response
        let policy = ReloadInjection.allowReload(
            routes?.contentSecurityPolicy ?? HostHeaders.headerPolicy(HostHeaders.defaultPolicy))
        for (name, value) in HostHeaders.common(policy: policy) where response.header(name) == nil {
            response.headers.append((name, value))
        }
        return response
    }

    /// The policy of the built-in pages (the error page, the 404 page of a site without one): their own `<style>`.
    static let builtInPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
