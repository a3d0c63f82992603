import Mustache

/// A plain page (no `groupID` or `productIDs`): the checkout's success page or an "open the app" page. It
/// renders `plain.mustache`: the Markdown body, the app's icon and name, an "Open <App>" button to
/// `app.openURL` and a link to `app.appStoreURL` when they are set, and the policy links; no options.
enum PlainPage {
    /// What `plain.mustache` reads beyond a store page's context.
    static func add(to context: inout MustacheObject, app: String, strings: Strings) {
        context["openAppLabel"] = .string(strings.format("openApp", ["app": app]))
        context["appStoreLabel"] = .string(strings.format("getOnAppStore", ["app": app]))
    }
}
