#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// What the server sends for a request: a whole response, or a Server-Sent Events stream fed by a hub.
public enum HTTPReply: Sendable {
    case response(HTTPResponse)
    /// The head (sent without Content-Length, the body ends when the connection closes), then the hub's events.
    case eventStream(HTTPResponse, LiveReload)
}

/// The preview's routes: the live-reload endpoints, the output folder's files (pages with the reload script
/// injected), the site's 404 page, and the error page while the last build failed.
public struct SiteResponder: Sendable {
    public var files: StaticFiles
    public var hub: LiveReload
    /// The diagnostics of the last build when it failed; nil when it succeeded.
    public var failure: @Sendable () -> [Diagnostic]?
    /// Held for reading while the output folder is read, so that a rebuild's swap never shows half a site.
    public var lock: ReadWriteLock
    /// The last good build's routes (its locales, pages and page policy); nil before one.
    public var routes: @Sendable () -> SiteRoutes?
    public var allowedHosts: AllowedHosts

    public init(files: StaticFiles, hub: LiveReload, lock: ReadWriteLock = ReadWriteLock(),
                allowedHosts: AllowedHosts = AllowedHosts(host: "127.0.0.1"),
                failure: @escaping @Sendable () -> [Diagnostic]? = { nil },
                routes: @escaping @Sendable () -> SiteRoutes? = { nil }) {
        self.files = files
        self.hub = hub
        self.lock = lock
        self.allowedHosts = allowedHosts
        self.failure = failure
        self.routes = routes
    }

    public func respond(to request: HTTPRequest) -> HTTPReply {
        if let refused = refuseHost(request) { return .response(secured(refused, routes: nil)) }
        let routes = self.routes()
        switch reply(to: request, routes: routes) {
        case .response(let response): return .response(secured(response, routes: routes))
        case .eventStream(let head, let hub): return .eventStream(secured(head, routes: routes), hub)
        }
    }

    func reply(to request: HTTPRequest, routes: SiteRoutes?) -> HTTPReply {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text(.methodNotAllowed)
            response.setHeader("Allow", "GET, HEAD")
            return .response(response)
        }
        switch request.path {
        case LiveReload.eventsPath:
            let head = HTTPResponse(.ok, headers: [("Content-Type", "text/event-stream; charset=utf-8"),
                                                   ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no")])
            return request.method == "HEAD" ? .response(head) : .eventStream(head, hub)
        case LiveReload.scriptPath:
            return .response(conditional(.content(Data(LiveReload.script.utf8),
                                                  type: MIMETypes.contentType(forPath: "reload.js")), request))
        default:
            let path = unprefixed(request.path, routes)
            if failure() == nil, let answer = experimentResponse(request, path: path, routes: routes) {
                return .response(answer)
            }
            if failure() == nil, let redirect = localeRedirect(request, path: path, routes: routes) {
                return .response(redirect)
            }
            return .response(lock.read { fileResponse(request, path: path, routes: routes) })
        }
    }

    func fileResponse(_ request: HTTPRequest, path: String? = nil, routes: SiteRoutes? = nil) -> HTTPResponse {
        let path = path ?? request.path
        // The build record proves paywall owns the folder; hosts are told not to publish it, nor does the preview
        // (however the path spells it: `/%70aywall-manifest.json`, `//paywall-manifest.json`).
        let isManifest = StaticFiles.segments(path) == [Manifest.fileName]
        let resolution = isManifest ? .notFound : files.resolve(path: placed(path, routes), query: request.query)
        if let diagnostics = failure() {
            // Assets still load; every page shows the error until the next good build.
            if case .file(let path) = resolution, !MIMETypes.isHTML(path), let data = files.source.read(path) {
                return conditional(.content(data, type: MIMETypes.contentType(forPath: path)), request)
            }
            guard resolution != .badRequest else { return .text(.badRequest) }
            var response = HTTPResponse.content(page(ErrorPage.buildFailed(diagnostics)),
                                                type: "text/html; charset=utf-8", status: .internalServerError)
            response.setHeader("Content-Security-Policy", Self.builtInPagePolicy)
            return response
        }
        switch resolution {
        case .file(let path):
            guard let data = files.source.read(path) else { return notFound(request, routes: routes) }
            let isHTML = MIMETypes.isHTML(path)
            var response = HTTPResponse.content(isHTML ? ReloadInjection.inject(data) : data,
                                                type: MIMETypes.contentType(forPath: path))
            if isHTML, let routes {
                // The page's own policy, with the hash of the script it holds (the hosts send the same).
                let root = files.root + "/" + routes.folder
                let below = path.hasPrefix(root) ? "/" + path.dropFirst(root.count) : path
                response.setHeader("Content-Security-Policy",
                                   ReloadInjection.allowReload(routes.policy(for: below)))
            }
            return conditional(response, request)
        case .redirect(var location):
            // A folder without its slash stays below baseURL's path when it was asked for there.
            if let folder = routes?.folder, !folder.isEmpty { location = "/" + location.dropFirst(folder.count + 1) }
            if let prefix = routes?.prefix, prefix != "/", request.path.hasPrefix(prefix) {
                location = String(prefix.dropLast()) + location
            }
            return HTTPResponse(.movedPermanently, headers: [("Location", location),
                                                             ("Content-Type", "text/plain; charset=utf-8"),
                                                             ("Cache-Control", "no-cache")],
                                body: Data("Moved to \(location)\n".utf8))
        case .notFound:
            return notFound(request, routes: routes)
        case .badRequest:
            return .text(.badRequest)
        }
    }

    /// The site's 404 page of the path's locale (OUTPUT/LOCALE/404.html), else OUTPUT/404.html, else the built-in
    /// page; status 404 either way.
    func notFound(_ request: HTTPRequest, routes: SiteRoutes? = nil) -> HTTPResponse {
        let path = unprefixed(request.path, routes)
        let candidates = [routes?.notFoundPage(for: path), "404.html"].compactMap { $0 }
            .map { placed("/" + $0, routes).dropFirst() }
        for custom in candidates.map({ files.root + "/" + $0 }) {
            if files.source.kind(custom) == .file, files.confined(custom), let data = files.source.read(custom) {
                return .content(ReloadInjection.inject(data), type: "text/html; charset=utf-8", status: .notFound)
            }
        }
        var response = HTTPResponse.content(page(ErrorPage.notFound(String(request.path.prefix(200)))),
                                            type: "text/html; charset=utf-8", status: .notFound)
        response.setHeader("Content-Security-Policy", Self.builtInPagePolicy)
        return response
    }

    /// A path below the site's as the output folder holds it (below ``SiteRoutes/folder``).
    func placed(_ path: String, _ routes: SiteRoutes?) -> String {
        guard let folder = routes?.folder, !folder.isEmpty, path.hasPrefix("/") else { return path }
        return "/" + folder + path.dropFirst()
    }

    func page(_ html: String) -> Data { Data(ReloadInjection.inject(html).utf8) }

    /// 304 when `If-None-Match` names the response's ETag.
    func conditional(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
        guard response.status == .ok, let tag = response.header("ETag"),
              let condition = request.header("If-None-Match"), ETag.matches(ifNoneMatch: condition, tag) else {
            return response
        }
        // The page's own policy too: a browser takes a 304's headers for the page it keeps.
        let policy = response.header("Content-Security-Policy").map { [("Content-Security-Policy", $0)] } ?? []
        return HTTPResponse(.notModified, headers: [("ETag", tag), ("Cache-Control", "no-cache")] + policy)
    }
}
