#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `paywall.yml`: the site's settings.
public struct SiteConfig: Sendable {
    public enum ColorScheme: String, Sendable, Encodable, CaseIterable { case automatic, light, dark }
    /// Who bills the subscription, which decides the renewal wording: a web checkout (Stripe, Paddle…) or the App
    /// Store.
    public enum Billing: String, Sendable, CaseIterable { case web, appStore }

    public var baseURL: String?
    /// The page `/` and `LOCALE/` open (`home:`); nil: each locale's first store page.
    public var home: String?
    public var catalog: String
    public var defaultLocale: String?
    /// nil: every locale the catalog localizes.
    public var locales: [String]?
    /// Locale (or `default`) → storefront.
    public var storefronts: [String: String]
    public var appName: String?
    public var appIcon: String?
    /// `app.socialImage`: the picture of a shared link (Open Graph, X), a PNG or JPEG in assets/.
    public var appSocialImage: String?
    /// `app.appStoreID`: the app's Apple ID (digits), for Safari's Smart App Banner.
    public var appStoreID: String?
    /// `app.openURL` (a universal link or the app's URL scheme) and `app.appStoreURL`, for plain pages.
    public var appOpenURL: String?
    public var appStoreURL: String?
    /// `app.redeem`: the redemption link a plain page's Open button may take from its own URL.
    public var appRedeem: AppRedeem?
    /// The script a plain page holds (`app.redeem`, with `actions.carry`'s parameters for the Open button).
    public var redeemScript: RedeemScript?
    /// `subscribe`, `purchase` (one-time products), the store buttons' links and `carry` (SiteConfig+Actions.swift).
    public var links = ActionLinks()
    public var policies: Policies
    public var accentColor: String?
    /// The text colour on the accent (buttons, badges); nil: white or near-black, whichever contrasts more.
    public var accentForeground: String?
    public var billing: Billing = .web
    /// `taxes:`: by storefront code or `default`; a storefront named in neither is priced as the App Store prices it.
    public var taxes: [String: TaxDisplay] = [:]
    public var colorScheme: ColorScheme
    public var allowRawHTML: Bool
    /// Hosts whose own files are written at the output root (`hosting:`).
    public var hosting: [Hosting] = []
    /// `experiments:`: static A/B tests of pages (DESIGN.md 5a).
    public var experiments: [Experiment] = []
    public var file: String
    /// Where each top-level key was written.
    public var keyLocations: [String: SourceLocation] = [:]
    /// Where values that name files were written (`catalog`, `app.icon`), for errors about those files.
    public var valueLocations: [String: SourceLocation] = [:]
    /// The values refused with an error, by dotted path (`actions.changePlan`, `policies.privacyPolicy`,
    /// `storefronts.de-DE`): what their absence would cause is not reported again, so the one error names the cause.
    public private(set) var refused: Set<String> = []

    /// Records that the value at `path` was refused (or its key misspelled); a whole `actions`, `policies` or
    /// `storefronts` stands for every value in it.
    mutating func refuse(_ path: String) {
        switch path {
        case "actions": refused.formUnion(Self.actionNames.map { "actions.\($0)" })
        case "policies": refused.formUnion(["policies.termsOfService", "policies.privacyPolicy"])
        case "storefronts": refused.insert("storefronts.default")
        default: refused.insert(path)
        }
    }

    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? SourceLocation(file: file) }

    /// Where the value at a dotted path was written, else its top-level key.
    public func location(ofValue path: String) -> SourceLocation {
        valueLocations[path] ?? location(of: String(path.prefix { $0 != "." }))
    }

    public init(catalog: String = "catalog.yml", file: String = "paywall.yml") {
        self.catalog = catalog
        self.storefronts = [:]
        self.policies = Policies()
        self.colorScheme = .automatic
        self.allowRawHTML = false
        self.file = file
    }

    static let actionNames = ["subscribe", "purchase", "restorePurchases", "redeemCode", "signIn", "cancellation",
                              "manageSubscription", "changePlan", "withdraw"]
    static let keys = ["baseURL", "catalog", "defaultLocale", "locales", "storefronts", "app", "actions",
                       "policies", "theme", "allowRawHTML", "hosting", "billing", "home", "taxes",
                       "experiments"]
}
