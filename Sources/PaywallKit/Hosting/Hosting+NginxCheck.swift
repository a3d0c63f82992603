/// What `paywall hosting nginx` refuses to print: a block with a value nginx would read as syntax or as one of its
/// variables (`$uri` expands inside quoted strings too), or that would listen where nginx cannot.
extension NginxConfig {
    /// Throws the first value of the block that does not fit: the output folder (`root`, at `output`), the address
    /// and port, the host and path of baseURL, the pages' names and the page policy (`add_header`).
    public static func check(_ routes: SiteRoutes, root: String, listen: Listen, output: String) throws(Diagnostic) {
        let place = SourceLocation(file: output)
        if let problem = HostValue.nginxProblem(siteRoot(root, routes)) {
            throw .error(place, "the output folder's path \(problem), which nginx would read as a variable "
                         + "or cannot carry in `root`",
                         hint: "choose an output folder whose path has no '$' and no control character")
        }
        if let problem = listen.problem { throw .error(place, problem.message, hint: problem.hint) }
        if let host = routes.host, HostValue.hostName(host) != host {
            throw .error(place, "baseURL's host '\(host)' is not a host name", hint: "fix baseURL in paywall.yml")
        }
        if let problem = HostValue.pathProblem(routes.prefix) {
            throw .error(place, "baseURL's path \(problem)", hint: HostValue.pathHint)
        }
        for page in routes.pages {
            if let problem = HostValue.pathProblem("/\(page.name)/") {
                throw .error(place, "the page name '\(page.name)' \(problem)",
                             hint: "rename content/\(page.name).md with letters, digits and '-'")
            }
        }
        let policy = routes.contentSecurityPolicy
        if let problem = HostValue.headerValueProblem(policy) ?? (policy.containsText("$") ? "has a '$'" : nil) {
            throw .error(place, "the page's Content-Security-Policy (the theme's <meta>) \(problem), "
                         + "which nginx's add_header cannot carry",
                         hint: "write the policy in templates/ on one line, without '$'")
        }
    }

    /// `--host` as `listen` takes it (an IPv6 address in brackets), or nil when it is neither an address nor a name.
    static func listenAddress(_ host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.containsText(":") { return HostValue.hostName("[\(bare)]") }
        return HostValue.hostName(bare)
    }
}

extension NginxConfig.Listen {
    /// Why nginx cannot listen at this port and address, in the words of the option at fault; nil when it can.
    public var problem: (message: String, hint: String)? {
        guard (1...65535).contains(port) else {
            return ("nginx cannot listen on port \(port)", "give --port a number from 1 to 65535")
        }
        if let host, NginxConfig.listenAddress(host) == nil {
            return ("--host '\(host)' is not an address or a host name",
                    "give an IP address (127.0.0.1, ::1) or a host name, "
                        + "or leave --host out to listen on every address")
        }
        return nil
    }
}
