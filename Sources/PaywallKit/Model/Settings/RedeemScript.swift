#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one script a plain page holds when `app.redeem` is set: on load it reads the redemption link from the page's
/// URL (`redeem.parameter`, decoded by `URLSearchParams`) and, when the link starts with one of `redeem.prefixes`
/// (an exact string prefix, so an app scheme or an https site and path the settings name), makes it the Open
/// button's (`a.open-app`) link; any other value is ignored. Otherwise the button keeps `app.openURL`, into which
/// `actions.carry`'s parameters are copied as the carry script copies them into purchase links (renamed,
/// `encodeURIComponent`, a parameter the link already has left as configured). A redemption link is taken as it
/// is: the checkout made it whole, and a parameter added to it could spoil its token. Without JavaScript the button
/// is `app.openURL`. It reads nothing else, sends nothing and stores nothing; the page's CSP allows exactly it by its
/// hash.
public struct RedeemScript: Sendable, Equatable {
    /// The script's text (the parameter and carried names are query names, and the prefixes are checked to hold no
    /// `"`, `\`, `<` or `>`, so none needs escaping in a JavaScript string).
    public var source: String
    /// The CSP source that allows it: `sha256-BASE64`.
    public var hash: String

    public init(_ redeem: AppRedeem, carry: [CarriedParameter] = []) {
        let prefixes = redeem.prefixes.map { "\"\($0)\"" }.joined(separator: ",")
        var fill = ""
        if !carry.isEmpty {
            let pairs = carry.map { "[\"\($0.from)\",\"\($0.to)\"]" }.joined(separator: ",")
            fill = """
                var h=a.getAttribute("href"),u=new URL(h,location.href),s=[];[\(pairs)].forEach(function(c){\
                var w=q.get(c[0]);if(w&&!u.searchParams.has(c[1]))s.push(encodeURIComponent(c[1])+"="+\
                encodeURIComponent(w))});if(!s.length)return;var i=h.indexOf("#"),b=i<0?h:h.slice(0,i),\
                f=i<0?"":h.slice(i);a.setAttribute("href",b+(b.indexOf("?")<0?"?":/[?&]$/.test(b)?"":"&")+\
                s.join("&")+f)
                """
        }
        source = """
            document.addEventListener("DOMContentLoaded",function(){var q=new URLSearchParams(location.search),\
            v=q.get("\(redeem.parameter)"),p=[\(prefixes)];document.querySelectorAll("a.open-app[href]").forEach(\
            function(a){try{if(v&&p.some(function(x){return v.indexOf(x)===0})){a.setAttribute("href",v);return}\
            \(fill)}catch(e){}})});
            """
        hash = "sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString()
    }
}
