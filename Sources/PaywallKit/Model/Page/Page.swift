import Mustache

/// One `SubscriptionStoreView`: a content file's front matter and Markdown body, in one locale.
public struct Page: Sendable, Encodable {
    public enum Selection: Sendable, Encodable, Equatable {
        case group(String)
        case products([String])
        /// Neither `groupID` nor `productIDs`: a plain page (a thank-you or "open the app" page) with no options.
        case plain
    }

    /// Front matter keys about options, which a plain page has none of.
    static let optionKeys = ["additionalProductIDs", "visibleRelationships", "controlStyle", "controlPlacement",
                             "buttonLabel", "controlIcons", "badges", "selected", "pickerItemBackground",
                             "optionGroups", "offer", "features"]

    /// A page without options (no `groupID` or `productIDs`).
    public var isPlain: Bool { selection == .plain }

    public enum Relationship: String, Sendable, Encodable, CaseIterable {
        case all, upgrade, downgrade, crossgrade, current
    }
    public enum Marketing: String, Sendable, Encodable, CaseIterable { case automatic, markdown }
    public enum ControlStyle: String, Sendable, Encodable, CaseIterable {
        case automatic, picker, buttons, compactPicker, prominentPicker, pagedPicker, pagedProminentPicker

        /// Every style but `buttons` is a radio group with one subscribe control.
        public var isPicker: Bool { self != .buttons }
    }
    public enum ControlPlacement: String, Sendable, Encodable, CaseIterable {
        case automatic, bottom, bottomBar, scrollView, buttonsInBottomBar
    }
    public enum ButtonLabel: String, Sendable, Encodable, CaseIterable {
        case automatic, action, displayName, multiline, price, singleLine
    }
    public enum Visibility: String, Sendable, Encodable, CaseIterable { case automatic, visible, hidden }
    public enum StoreButton: String, Sendable, Encodable, CaseIterable {
        case restorePurchases, redeemCode, signIn, cancellation, policies
    }

    public struct Background: Sendable, Encodable, Equatable {
        public var color: String?
        public var image: String?
    }

    public struct ContainerBackground: Sendable, Encodable, Equatable {
        public enum Placement: String, Sendable, Encodable, CaseIterable { case header, fullHeight }
        public var placement: Placement
        /// One colour, or the stops of a top-to-bottom gradient.
        public var colors: [String]
    }

    public struct OptionGroups: Sendable, Encodable, Hashable {
        public enum Style: String, Sendable, Encodable, CaseIterable { case automatic, tabs, links, sections }
        public enum GroupBy: String, Sendable, Encodable, CaseIterable { case period, familyShareable, level }
        public struct Group: Sendable, Encodable, Hashable {
            public var label: String
            public var productIDs: [String]
            /// Markdown shown above the group's options.
            public var marketing: String?
            public var location: SourceLocation
            /// The billing plan this group's options show (`billingPlan:`); nil: the page's.
            public var billingPlan: BillingPlan? = nil
        }
        public var style: Style
        public var groupBy: GroupBy?
        public var groups: [Group]
    }

    /// A plan comparison (`features:`): a row per feature, a column per service level (groupID) or product
    /// (productIDs).
    public struct Features: Sendable, Encodable {
        public enum Placement: String, Sendable, Encodable, CaseIterable { case beforeOptions, afterOptions }
        /// A value and where it was written.
        public struct Located<Value: Sendable & Encodable>: Sendable, Encodable {
            public var value: Value
            public var location: SourceLocation
        }
        /// Which columns a row marks as included, or the text each column shows.
        public enum Cells: Sendable, Encodable {
            case levels([Located<Int>])
            case products([Located<String>])
            /// Keyed by level ("1") or product ID; a column without a value is not included.
            case values([KeyedText])
        }
        /// A cell of a product's value, and its text.
        public struct KeyedText: Sendable, Encodable {
            public var key: Located<String>
            public var text: String
        }
        public struct Row: Sendable, Encodable {
            public var label: String
            public var cells: Cells
            public var location: SourceLocation
        }
        public var placement: Placement
        public var rows: [Row]
        public var location: SourceLocation
        /// A translation's `features.labels`: the base file's label or value text → this locale's.
        public var labels: [String: String] = [:]
        /// Where the translation's `labels` were written; nil when the translation has none (or there is no
        /// translation).
        public var labelsLocation: SourceLocation?
    }

    /// The page's part in an experiment (`experiments:` in paywall.yml): its control or one of its variants.
    public var experiment: ExperimentRole?
    /// Whether this is an experiment's variant (`NAME+VARIANT.md`), which only the experiment's addresses lead to.
    public var isVariant: Bool { experiment?.isVariant == true }
    /// The content file's base name: `pro` for `content/pro.de.md`.
    public var name: String
    /// The locale this text is written in (from `NAME.LOCALE.md`), nil for the base file.
    public var locale: String?
    public var file: String
    public var title: String
    public var selection: Selection
    public var selectionLocation: SourceLocation
    /// Where each of `productIDs` was written.
    public var productLocations: [SourceLocation] = []
    /// One-time products shown after a `groupID` page's subscriptions (`additionalProductIDs`).
    public var additionalProductIDs: [String] = []
    public var additionalProductLocations: [SourceLocation] = []
    public var visibleRelationships: Set<Relationship>?
    public var marketing: Marketing
    public var controlStyle: ControlStyle = .automatic
    public var controlPlacement: ControlPlacement = .automatic
    public var buttonLabel: Set<ButtonLabel> = [.automatic]
    public var controlIcons: [String: String] = [:]
    public var badges: [String: String] = [:]
    public var selected: String?
    public var background: Background?
    public var containerBackground: ContainerBackground?
    public var pickerItemBackground: String?
    /// Forces light or dark for this page; nil follows the site.
    public var colorScheme: SiteConfig.ColorScheme?
    /// `image:`: this page's picture when its link is shared, in place of `app.socialImage`.
    public var image: String?
    public var policies = Policies()
    public var policyForeground: [String] = []
    public var storeButtons: [StoreButton: Visibility] = [:]
    public var optionGroups: OptionGroups?
    public var promotionalOffer: String?
    /// The billing plan the options show where their product has it (`.preferredSubscriptionPricingTerms`).
    public var billingPlan: BillingPlan = .upFront
    public var features: Features?
    /// The Markdown body and the line of the file it starts on.
    public var body: String
    public var bodyLine: Int
    /// The body parsed once as a template, when it has `{{placeholders}}` (made from `body`, so not digested again).
    @MadeFromDigested public var bodyTemplate: Result<Template, MustacheError>?
    /// Where each front matter key was written, for later errors.
    public var keyLocations: [String: SourceLocation] = [:]

    /// Where values that name files were written (`controlIcons.ID`, `background.image`).
    public var valueLocations: [String: SourceLocation] = [:]

    /// The language of the base file (`NAME.md`): the site's default locale (set when resolving).
    public var baseLocale: String?
    /// Front matter keys whose values come from the translation (`NAME.LOCALE.md`), not the base file.
    public var translatedKeys: Set<String> = []

    /// The locale the body is written in: the translation's, else the base file's.
    public var bodyLocale: String? { locale ?? baseLocale }

    /// The locale a front matter key's text is written in (`title`, `badges`, `optionGroups`).
    public func textLocale(of key: String) -> String? {
        translatedKeys.contains(key) ? locale : baseLocale
    }

    /// The place of a front matter key, else the top of the file.
    public func location(of key: String) -> SourceLocation {
        keyLocations[key] ?? SourceLocation(file: file, line: 1, column: 1)
    }

    /// Where the value at a dotted path was written, else its top-level key.
    public func location(ofValue path: String) -> SourceLocation {
        valueLocations[path] ?? location(of: String(path.prefix { $0 != "." }))
    }

    /// Whether the page writes customer-state variants (`current/`, `lapsed/`).
    public var hasCustomerStates: Bool { visibleRelationships != nil || promotionalOffer != nil }

    /// The billing plan `productID`'s option shows: its option group's, else the page's.
    public func billingPlan(for productID: String) -> BillingPlan {
        optionGroups?.groups.first { $0.productIDs.contains(productID) }?.billingPlan ?? billingPlan
    }

    /// Where the billing plan of `productID` was asked for: its option group, else the page's `billingPlan`.
    public func billingPlanLocation(for productID: String) -> SourceLocation {
        optionGroups?.groups.first { $0.productIDs.contains(productID) && $0.billingPlan != nil }?.location
            ?? location(of: "billingPlan")
    }
}
