#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one script a page holds when `actions.carry` is set: on load it copies the named query parameters
/// of the page's own URL into every purchase link (`a.subscribe`), renamed as the map says, each name and
/// value percent-encoded (`encodeURIComponent`: a value never adds a parameter or changes the path). A
/// parameter the link already has is left as configured. A link is filled only when it stays on the page's
/// own site or goes to a site a purchase link template names (`origins`): a link that leaves for any other
/// site is left alone. Each link is guarded on its own, so one that `new URL()` rejects leaves the others
/// filled. It reads nothing else, sends nothing and stores nothing. It is inlined, and the page's CSP allows
/// exactly it by its hash (`script-src 'sha256-…'`).
public struct CarryScript: Sendable, Equatable {
    /// The script's text (names are query names and origins are checked https authorities, so neither
    /// needs escaping in a JavaScript string).
    public var source: String
    /// The CSP source that allows it: `sha256-BASE64`.
    public var hash: String

    /// `origins`: the `https://host[:port]` of each absolute purchase link template, in order, without repeats.
    public init?(_ parameters: [CarriedParameter], origins: [String] = []) {
        guard !parameters.isEmpty else { return nil }
        let pairs = parameters.map { "[\"\($0.from)\",\"\($0.to)\"]" }.joined(separator: ",")
        let sites = origins.map { "\"\($0)\"" }.joined(separator: ",")
        source = """
            document.addEventListener("DOMContentLoaded",function(){var q=new URLSearchParams(location.search),\
            m=[\(pairs)],o=[location.origin];[\(sites)].forEach(function(x){try{o.push(new URL(x).origin)}catch(e){}});\
            document.querySelectorAll("a.subscribe[href]").forEach(function(a){try{var h=a.getAttribute("href"),\
            u=new URL(h,location.href),s=[];if(o.indexOf(u.origin)<0)return;m.forEach(function(p){var v=q.get(p[0]);\
            if(v&&!u.searchParams.has(p[1]))s.push(encodeURIComponent(p[1])+"="+encodeURIComponent(v))});\
            if(!s.length)return;var i=h.indexOf("#"),b=i<0?h:h.slice(0,i),f=i<0?"":h.slice(i);\
            a.setAttribute("href",b+(b.indexOf("?")<0?"?":/[?&]$/.test(b)?"":"&")+s.join("&")+f)}catch(e){}})});
            """
        hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
    }
}
