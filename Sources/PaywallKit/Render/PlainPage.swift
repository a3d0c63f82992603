import Mustache

/// A plain page (no `groupID` or `productIDs`): the checkout's success page or an "open the app" page. It
/// renders `plain.mustache`: the Markdown body, the app's icon and name, an "Open <App>" button to
/// `app.openURL` and a link to `app.appStoreURL` when they are set, a QR code of the App Store link (else the
/// Open link) for a visitor on a wide screen, and the policy links; no options.
enum PlainPage {
    /// What `plain.mustache` reads beyond a store page's context.
    static func add(to context: inout MustacheObject, app: String, strings: Strings, config: SiteConfig) {
        context["openAppLabel"] = .string(strings.format("openApp", ["app": app]))
        context["appStoreLabel"] = .string(strings.format("getOnAppStore", ["app": app]))
        context["qrCode"] = qrCode(app: app, strings: strings, config: config)
    }

    /// `{ svg, caption, url }`: the code as inline SVG, named by its text alternative; null without an app link.
    static func qrCode(app: String, strings: Strings, config: SiteConfig) -> MustacheValue {
        guard let url = config.qrCodeURL, let code = QRCode(url) else { return .null }
        let label = strings.format(config.appStoreURL == nil ? "qrCodeOpenApp" : "qrCodeAppStore", ["app": app])
        return .object(["svg": .string(code.svg(label: label)), "caption": .string(strings["scanQRCode"]),
                        "url": .string(url)])
    }
}

extension SiteConfig {
    /// What a plain page's QR code opens: the App Store link, else the Open link.
    var qrCodeURL: String? { appStoreURL ?? appOpenURL }
}
