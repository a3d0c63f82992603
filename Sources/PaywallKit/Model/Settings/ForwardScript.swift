#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The script a redirecting page holds (the root, each locale's home and each locale-less `NAME/`, which send the
/// visitor on with `<meta http-equiv="refresh">`) when the site carries query parameters: a refresh drops the query,
/// so on load it opens the refresh's target itself with the page's own query and fragment, as a host's redirect keeps
/// them. The target is the refresh's, resolved against the page, and only ever on the page's own site; a visitor
/// without the query, or without JavaScript, follows the refresh. Allowed by its hash, like ``CarryScript``.
public struct ForwardScript: Sendable, Equatable {
    public var source: String
    /// The CSP source that allows it: `sha256-BASE64`.
    public var hash: String

    public static let shared = ForwardScript()

    init() {
        source = """
            document.addEventListener("DOMContentLoaded",function(){if(!location.search)return;\
            var m=document.querySelector('meta[http-equiv="refresh"]');if(!m)return;\
            var c=m.getAttribute("content")||"",i=c.toLowerCase().indexOf("url=");if(i<0)return;\
            try{var u=new URL(c.slice(i+4).trim(),location.href);if(u.origin!==location.origin)return;\
            u.search=location.search;u.hash=location.hash;location.replace(u.href)}catch(e){}});
            """
        hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
    }
}
