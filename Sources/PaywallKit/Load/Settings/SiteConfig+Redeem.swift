extension SiteConfig {
    /// Reads `app.redeem: { parameter, prefixes }` (`key`: where `redeem` was written), every problem at the value
    /// that has it.
    mutating func loadRedeem(_ node: YAMLNode, key: SourceLocation, diagnostics: inout Diagnostics) {
        guard let reader = diagnostics.collect({ try MappingReader(node, "app.redeem") }) else { return }
        diagnostics.append(contentsOf: reader.unknownKeys(["parameter", "prefixes"]))
        let parameter = diagnostics.collect { () throws(Diagnostic) -> String in
            guard let node = reader["parameter"] else {
                throw .error(key, "app.redeem has no 'parameter'",
                             hint: "add 'parameter: redeem_url': the query parameter your checkout's success link "
                                   + "passes the redemption link in")
            }
            let name = try node.nonEmptyString("app.redeem.parameter")
            guard Self.isQueryName(name) else {
                throw .error(node.location, "app.redeem.parameter '\(name)' is not a query parameter name",
                             hint: "use 1 to 64 letters, digits, '-', '_', '.' or '~', such as redeem_url")
            }
            return name
        }
        let prefixes = diagnostics.collect { () throws(Diagnostic) -> [YAMLNode] in
            guard let node = reader["prefixes"] else {
                throw .error(key, "app.redeem has no 'prefixes'",
                             hint: "add 'prefixes: [\"rc-abc123://\"]': the start of your app's redemption links")
            }
            let items = try node.sequence("app.redeem.prefixes")
            guard !items.isEmpty else {
                throw .error(node.location, "app.redeem.prefixes is empty, so no redemption link would be taken",
                             hint: "name the start of your app's redemption links, such as [\"rc-abc123://\"]")
            }
            return items
        }
        var checked: [String] = []
        for item in prefixes ?? [] {
            guard let prefix = diagnostics.collect({ try item.nonEmptyString("app.redeem.prefixes") }),
                  diagnostics.collect({ try Self.checkRedeemPrefix(prefix, at: item.location) }) != nil
            else { continue }
            if !checked.contains(prefix) { checked.append(prefix) }
        }
        guard let parameter, prefixes != nil, checked.count == prefixes?.count else { return }
        appRedeem = AppRedeem(parameter: parameter, prefixes: checked)
        valueLocations["app.redeem"] = key
    }

    /// A prefix the Open button may take a link by: an app's own scheme (`rc-abc123://`, anything after it), or an
    /// https URL whose host ends with `/` (`https://example.com/redeem/`): without that `/`, `https://example.com`
    /// is also the start of `https://example.com.evil.example/`. Never a scheme the browser or the system acts on
    /// itself (`javascript:`, `data:`, `http:`…), and nothing a JavaScript string or a URL reads as syntax beyond
    /// the URL's own characters.
    static func checkRedeemPrefix(_ prefix: String, at location: SourceLocation) throws(Diagnostic) {
        let fix = "write an app scheme such as rc-abc123:// or an https URL with a path, such as "
            + "https://example.com/redeem/"
        guard prefix.utf8.allSatisfy({ (0x21...0x7E).contains($0) && !Self.unsafeInPrefix.contains($0) }) else {
            throw .error(location, "app.redeem prefix '\(prefix)' has a space, a quote, '\\', '<', '>' or a "
                                   + "character outside ASCII", hint: fix)
        }
        guard let separator = prefix.literalRange(of: "://") else {
            throw .error(location, "app.redeem prefix '\(prefix)' is not an app scheme or an https URL", hint: fix)
        }
        let scheme = String(prefix[..<separator.lowerBound])
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            throw .error(location, "app.redeem prefix '\(prefix)' does not start with a URL scheme", hint: fix)
        }
        guard scheme.lowercased() == "https" else {
            guard !SafeURL.isPrivileged(scheme.lowercased()) else {
                throw .error(location, "app.redeem prefix '\(prefix)' uses the '\(scheme.lowercased()):' scheme, "
                                       + "which the browser or the system acts on itself", hint: fix)
            }
            return
        }
        let rest = prefix[separator.upperBound...]
        let host = rest.prefix { $0 != "/" }
        let isHost = { (c: Character) in c.isLetter || c.isNumber || ".-:[]".contains(c) }
        guard scheme == "https", !host.isEmpty, host.allSatisfy(isHost), host.first != ".", host.first != ":" else {
            throw .error(location, "app.redeem prefix '\(prefix)' does not name an https site",
                         hint: "write the scheme in lower case and the host in full (no user name, '%', '?' or "
                               + "'#'), such as https://example.com/redeem/")
        }
        guard rest.count > host.count else {
            throw .error(location, "app.redeem prefix '\(prefix)' ends with the host, so it is also the start of "
                                   + "another site's links (\(prefix).evil.example)",
                         hint: "end the host with '/': \(prefix)/ (or a path, such as \(prefix)/redeem/)")
        }
    }

    /// Bytes a prefix never holds: quotes and `\` (it is written into a JavaScript string), `<` and `>` (inside a
    /// `<script>`), and `{`, `}`, `|`, `^` and `` ` ``, which no URL holds unescaped.
    static let unsafeInPrefix: Set<UInt8> = Set("\"'\\<>{}|^`".utf8)
}
