#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit

/// `serve` assigns an experiment's visitors as the hosts do (``SiteRoutes/experimentAnswer``), and previews one
/// variant with `?variant=NAME` on the tested page's address.
extension SiteResponder {
    /// The answer to an experiment's address: a 302 to the visitor's variant (query kept) or the control's own page,
    /// never kept by a shared cache, with the visitor cookie when the request had none; nil for other paths.
    func experimentResponse(_ request: HTTPRequest, path: String, routes: SiteRoutes?) -> HTTPResponse? {
        guard let routes,
              let answer = routes.experimentAnswer(path: path, query: request.query, cookie: request.header("Cookie"),
                                                   acceptLanguage: request.header("Accept-Language"),
                                                   preview: SiteRoutes.queryValue("variant", in: request.query),
                                                   cookiePath: "/", newVisitor: Self.newVisitor)
        else { return nil }
        var response: HTTPResponse
        if let location = answer.location {
            // The preview answers at its root and below baseURL's path: a redirect stays where it was asked.
            var target = request.path.hasPrefix(routes.prefix)
                ? location : "/" + location.dropFirst(routes.prefix.count)
            if let query = request.query { target += "?" + query }
            response = HTTPResponse(HTTPStatus(302, "Found"),
                                    headers: [("Location", target), ("Content-Type", "text/plain; charset=utf-8")],
                                    body: Data("Found at \(target)\n".utf8))
        } else {
            response = lock.read { fileResponse(request, path: path, routes: routes) }
        }
        for (name, value) in SiteRoutes.experimentHeaders { response.setHeader(name, value) }
        if let cookie = answer.setCookie { response.headers.append(("Set-Cookie", cookie)) }
        return response
    }

    /// A new visitor's ID: 128 random bits as 32 hex digits (the form of nginx's `$request_id`).
    @Sendable static func newVisitor() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
