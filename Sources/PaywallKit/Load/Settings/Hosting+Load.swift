#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Hosting {
    /// `hosting: [netlify, github-pages]` (or one name), each host once.
    static func load(_ node: YAMLNode) throws(Diagnostic) -> [Hosting] {
        var hosts: [Hosting] = []
        for item in try node.sequenceOrScalar("hosting") {
            let host = try item.choice("hosting", Hosting.self)
            guard !hosts.contains(host) else {
                throw .error(item.location, "'\(host.rawValue)' is listed twice in hosting",
                             hint: "list each host once")
            }
            hosts.append(host)
            if hosts.contains(.netlify), hosts.contains(.cloudflarePages) {
                throw .error(item.location,
                             "netlify and cloudflare-pages read the same _redirects file, with rules the other does "
                             + "not take",
                             hint: "list the host this output is deployed to; build once per host (paywall build -o) "
                                   + "to deploy to both")
            }
        }
        return hosts
    }
}
