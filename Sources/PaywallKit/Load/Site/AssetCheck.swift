#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// An asset's path as a URL path: "assets/my icon.svg" → "assets/my%20icon.svg".
func assetURL(_ path: String) -> String {
    TextFormat.urlPath(path)
}

/// Every icon and image a site names must be a file under `assets/`, which the build copies.
struct AssetCheck {
    var assets: [String: Data]
    /// The site folder, to name the path looked for.
    var folder: String = ""

    func check(_ path: String, _ what: String, at location: SourceLocation, diagnostics: inout Diagnostics) {
        let name = path.hasPrefix("assets/") ? String(path.dropFirst(7)) : nil
        guard let name, assets[name] != nil else {
            let known = assets.keys.map { "assets/" + $0 }
            let hint = suggestion(for: path, in: known).map { "did you mean '\($0)'?" }
                ?? "put the file in the site's assets/ folder and write its path as assets/NAME"
            let lookedFor = name.map { " (looked for \(joinPath(folder, "assets/" + $0)))" } ?? ""
            diagnostics.error(location, "\(what) '\(path)' is not a file in assets/\(lookedFor)", hint: hint)
            return
        }
        if name.contains(where: { "\"\\'()<>\n".contains($0) }) {
            diagnostics.error(location, "\(what) '\(path)' has quotes, brackets or a backslash in its name",
                              hint: "rename the file")
        }
    }

    /// A shared link's picture: an asset, a PNG or JPEG (what chat apps and X show), at least 1200×630 to look sharp,
    /// and only shown with baseURL (a preview needs its absolute address).
    func checkSocialImage(_ path: String, _ what: String, at location: SourceLocation, baseURL: Bool,
                          diagnostics: inout Diagnostics) {
        var found = Diagnostics()
        check(path, what, at: location, diagnostics: &found)
        diagnostics.append(contentsOf: found.all)
        guard found.all.isEmpty, let data = assets[String(path.dropFirst(7))] else { return }
        guard let size = ImageSize(data) else {
            diagnostics.error(location, "\(what) '\(path)' is not a PNG or JPEG file",
                              hint: "link previews (Open Graph, X) show PNG and JPEG: save it as one")
            return
        }
        if size.width < 1200 || size.height < 630 {
            diagnostics.warning(location, "\(what) '\(path)' is \(size.width)×\(size.height) pixels, under the "
                                    + "1200×630 that link previews show sharp",
                                hint: "use an image of 1200×630 pixels or more")
        }
        if !baseURL {
            diagnostics.warning(location, "\(what) '\(path)' is not shown: a link preview needs the picture's "
                                    + "absolute address, and the site has no baseURL",
                                hint: "set baseURL in paywall.yml (or pass --base-url)")
        }
    }

    func check(config: SiteConfig, catalog: Catalog, pages: some Sequence<Page>, diagnostics: inout Diagnostics) {
        if let icon = config.appIcon {
            check(icon, "app.icon", at: config.location(ofValue: "app.icon"), diagnostics: &diagnostics)
        }
        if let image = config.appSocialImage {
            checkSocialImage(image, "app.socialImage", at: config.location(ofValue: "app.socialImage"),
                             baseURL: config.baseURL != nil, diagnostics: &diagnostics)
        }
        for product in catalog.products {
            if let icon = product.icon {
                check(icon, "the icon of '\(product.id)'", at: product.iconLocation ?? product.location,
                      diagnostics: &diagnostics)
            }
        }
        for page in pages {
            for (id, icon) in page.controlIcons.sorted(by: { $0.key < $1.key }) {
                check(icon, "controlIcons.\(id)", at: page.location(ofValue: "controlIcons.\(id)"),
                      diagnostics: &diagnostics)
            }
            if let image = page.image {
                checkSocialImage(image, "image", at: page.location(ofValue: "image"), baseURL: config.baseURL != nil,
                                 diagnostics: &diagnostics)
            }
            if let image = page.background?.image {
                check(image, "background.image", at: page.location(ofValue: "background.image"),
                      diagnostics: &diagnostics)
            }
        }
    }
}
