import Foundation
import Mustache

/// The template vocabulary of one option (DESIGN.md section 4), RevenueCat's names included as aliases.
struct OptionContext {
    var option: StoreOption
    var index: Int
    var text: PriceText
    var isSelected: Bool
    var subscribeURL: String?
    var assetPrefix: String
    /// The page's `buttonLabel` parts and whether each option has its own button (`buttons` style).
    var buttonLabel: Set<Page.ButtonLabel> = [.automatic]
    var isButtonsStyle = false
    /// The locale the page's `badges` are written in (the base file's when the translation has none).
    var badgeLocale: String?
    /// The fields to make.
    var vocabulary = Vocabulary.all

    /// The secondary, smaller price: per month for longer periods, per week for multi-week ones; none for a
    /// one-time product.
    var equivalentUnit: Period.Unit? {
        guard option.price != 0, option.isSubscription, let period = option.billingPeriod else { return nil }
        switch period.unit {
        case .year: return .month
        case .month: return period.count > 1 ? .month : nil
        case .week: return period.count > 1 ? .week : nil
        case .day: return nil
        }
    }

    func money(_ unit: Period.Unit) -> String { text.money(option.pricePer[unit] ?? 0) }

    /// The billed price: "$49.99/year" (spoken "$49.99 per year"); a one-time product's price alone.
    func billed(spoken: Bool = false) -> String {
        guard option.isSubscription, let period = option.billingPeriod else { return text.price(option.price) }
        return text.perPeriod(option.price, period, spoken: spoken)
    }

    /// Parts of the option as one spoken sentence: "Pro Yearly, $49.99 per year, 1 week free trial";
    /// "Lifetime, $99.99, one-time purchase".
    var accessibleLabel: String {
        var parts = [option.text.displayName, billed(spoken: true)]
        if let commitment = commitmentPhrase { parts.append(commitment) }
        if !option.isSubscription { parts.append(text.purchaseTerms(option.product, spoken: true)) }
        if let unit = equivalentUnit { parts.append(text.perPeriod(option.pricePer[unit] ?? 0, Period(1, unit), spoken: true)) }
        if let offer = option.offer { parts.append(text.offer(offer, spoken: true)) }
        if let discount = option.relativeDiscount { parts.append(text.save(discount)) }
        if option.product.familyShareable { parts.append(text.strings["familySharing"]) }
        if option.isCurrent { parts.append(text.strings["currentPlan"]) }
        if let badge = option.badge { parts.append(badge) }
        return parts.joined(separator: ", ")
    }

    var actionLabel: String {
        guard option.isSubscription else { return text.strings["buy"] }
        return text.strings[option.offer?.offer.paymentMode == .freeTrial ? "tryFree" : "subscribe"]
    }

    /// The purchase button's lines from `buttonLabel`: `automatic` is the action alone for a picker,
    /// the action and the price for one button per option; `singleLine` joins the parts on one line.
    var buttonLines: [String] {
        var parts = buttonLabel.subtracting([.multiline, .singleLine])
        if parts.isEmpty || parts.contains(.automatic) {
            parts = isButtonsStyle ? [.action, .price] : [.action]
        }
        var lines: [String] = []
        if parts.contains(.action) { lines.append(actionLabel) }
        if parts.contains(.displayName) { lines.append(option.text.displayName) }
        if parts.contains(.price) { lines.append(billed()) }
        return buttonLabel.contains(.singleLine) ? [lines.joined(separator: " · ")] : lines
    }

    /// The per-unit price names of a subscription.
    static let perUnitNames: [(String, Period.Unit)] = [("pricePerDay", .day), ("pricePerWeek", .week), ("pricePerMonth", .month), ("pricePerYear", .year)]

    /// RevenueCat paywall variable names, and the names they stand for.
    static let aliases: KeyValuePairs<String, String> = [
        "product_name": "displayName", "price_per_period": "pricePerPeriod", "price_per_period_full": "pricePerPeriodSpoken",
        "sub_price_per_month": "pricePerMonth", "sub_price_per_week": "pricePerWeek", "sub_price_per_day": "pricePerDay",
        "sub_relative_discount": "relativeDiscount", "sub_duration": "periodText", "sub_period": "periodLabel",
    ]

    var value: MustacheValue {
        var fields = sharedFields
        for (name, value) in pageFields { fields[name] = value }
        return .object(fields)
    }

    /// What depends on the option's place on the page: its position, whether it is selected, its button's lines;
    /// and no included features, until `FeatureTable.annotate` sets them on a page with a comparison table.
    var pageFields: MustacheObject {
        ["index": .int(index), "isSelected": .bool(isSelected), "includedFeatures": [], "hasIncludedFeatures": false,
         "buttonLines": .list(buttonLines.enumerated().map { index, line in .object(["text": .string(line), "isFirst": .bool(index == 0)]) })]
    }

    /// Everything else, the same on every page that shows this option to this customer: the fields of `vocabulary`.
    var sharedFields: MustacheObject {
        var values = MustacheObject()
        for field in vocabulary.fields {
            if let value = field.value(self) { values[field.name] = value }
        }
        return values
    }

    /// A field of `sharedFields`: its name, and its value for an option (nil: this option has none).
    typealias Field = (name: String, value: @Sendable (OptionContext) -> MustacheValue?)
    /// A field of the `offer` object.
    typealias OfferField = (name: String, value: @Sendable (OptionContext, AppliedOffer) -> MustacheValue)

    /// The fields templates can name, in the order they are set (DESIGN.md section 4).
    static let fields: [Field] = {
        var fields: [Field] = [
            ("id", { .string($0.option.id) }),
            ("displayName", { .string($0.option.text.displayName) }),
            ("description", { .string($0.option.text.description) }),
            ("icon", { context in context.option.icon.map { .string(context.assetPrefix + assetURL($0)) } ?? .null }),
            ("badge", { $0.option.badge.map(MustacheValue.string) ?? .null }),
            ("textLang", { FallbackLanguage.value($0.option.textLocale, on: $0.text.locale) }),
            ("badgeLang", { $0.option.badge == nil ? .null : FallbackLanguage.value($0.badgeLocale, on: $0.text.locale) }),
            ("isCurrent", { .bool($0.option.isCurrent) }),
            ("isPurchasable", { .bool($0.option.isPurchasable) }),
            ("relationship", { $0.option.relationship.map { .string($0.rawValue) } ?? .null }),
            ("familyShareable", { .bool($0.option.product.familyShareable) }),
            ("familySharing", { $0.option.product.familyShareable ? .string($0.text.strings["familySharing"]) : .null }),
            ("kind", { .string($0.option.kind.rawValue) }),
            ("isSubscription", { .bool($0.option.isSubscription) }),
            ("isOneTime", { .bool(!$0.option.isSubscription) }),
            ("level", { $0.option.isSubscription ? .int($0.option.product.level) : .null }),
            ("price", { .string($0.text.price($0.option.price)) }),
            ("period", { $0.option.period.map { .string($0.description) } ?? .null }),
            ("periodText", { context in context.option.period.map { .string(context.text.duration($0)) } ?? .null }),
            ("periodLabel", { context in
                let option = context.option
                return .string(option.isSubscription ? context.text.periodLabel(option.period ?? Period(1, .month)) : context.text.oneTimeLabel(option.kind))
            }),
            ("pricePerPeriod", { .string($0.billed()) }),
            ("pricePerPeriodSpoken", { .string($0.billed(spoken: true)) }),
            ("purchaseTerms", { $0.option.isSubscription ? .null : .string($0.text.purchaseTerms($0.option.product)) }),
            ("equivalent", { $0.equivalent.map(MustacheValue.string) ?? .null }),
            ("relativeDiscount", { context in
                context.option.relativeDiscount.map { context.text.save($0) }.flatMap { $0.isEmpty ? nil : .string($0) } ?? .null
            }),
            ("offer", { context in
                guard let applied = context.option.offer else { return .null }
                var offer = MustacheObject()
                for field in context.vocabulary.offerFields { offer[field.name] = field.value(context, applied) }
                return .object(offer)
            }),
            ("actionLabel", { .string($0.actionLabel) }),
            ("accessibleLabel", { .string($0.accessibleLabel) }),
            ("renewal", { $0.renewalText.map(MustacheValue.string) ?? .null }),
            ("purchaseSummary", { .string($0.purchaseSummary) }),
            ("action", { .string($0.option.isSubscription ? "subscribe" : "purchase") }),
            ("billingPlan", { $0.option.isSubscription ? .string($0.option.billingPlan.rawValue) : .null }),
            ("commitment", { $0.commitmentValue }),
            ("subscribeURL", { $0.subscribeURL.map(MustacheValue.string) ?? .null }),
            ("purchaseURL", { $0.subscribeURL.map(MustacheValue.string) ?? .null }),
        ]
        // A one-time product has no per-unit price: naming one is an error, not an empty price.
        for (name, unit) in perUnitNames {
            fields.append((name, { $0.option.isSubscription ? .string($0.money(unit)) : nil }))
        }
        // RevenueCat paywall variable names.
        for (alias, name) in aliases {
            guard let field = fields.first(where: { $0.name == name }) else { preconditionFailure("no field \(name)") }
            fields.append((alias, field.value))
        }
        let revenueCatTotals: [Field] = [
            ("total_price_and_per_month", { context in
                .string(context.equivalent.map { "\(context.billed()) (\($0))" } ?? context.billed())
            }),
            ("sub_offer_price", { context in .string(context.option.offer.map { context.text.price($0.price ?? 0) } ?? "") }),
            ("sub_offer_duration", { context in .string(context.option.offer.map { context.offerDuration($0) } ?? "") }),
        ]
        return fields + revenueCatTotals
    }()

    static let offerFields: [OfferField] = [
        ("kind", { .string($1.offer.kind.rawValue) }),
        ("id", { $1.offer.id.map(MustacheValue.string) ?? .null }),
        ("paymentMode", { .string($1.offer.paymentMode.rawValue) }),
        ("isFreeTrial", { .bool($1.offer.paymentMode == .freeTrial) }),
        ("price", { .string($0.text.price($1.price ?? 0)) }),
        ("period", { .string($1.offer.period.description) }),
        ("periodCount", { .int($1.offer.periodCount) }),
        ("duration", { .string($0.offerDuration($1)) }),
        ("text", { context, applied in
            .string(context.text.offerThen(applied, regular: context.option.price, context.option.billingPeriod ?? Period(1, .month)))
        }),
        ("shortText", { .string($0.text.offer($1)) }),
    ]

    /// The per-month or per-week price beside the billed one, when there is one.
    var equivalent: String? {
        equivalentUnit.map { text.perPeriod(option.pricePer[$0] ?? 0, Period(1, $0)) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func offerDuration(_ applied: AppliedOffer) -> String {
        text.duration(applied.offer.period, times: applied.offer.periodCount)
    }

    /// The fields a site's templates name, chosen once per build. No tag can look up a field no template names,
    /// so it is never made: each formatted price or period costs microseconds, and a theme uses a few of them.
    final class Vocabulary: Sendable {
        /// The names kept; nil keeps every field.
        let names: Set<String>?
        let fields: [Field]
        let offerFields: [OfferField]

        init(names: Set<String>?) {
            self.names = names
            fields = OptionContext.fields.filter { names?.contains($0.name) ?? true }
            offerFields = OptionContext.offerFields.filter { names?.contains($0.name) ?? true }
        }

        /// The fields that `library` or a page's body names.
        convenience init(library: TemplateLibrary, pages: some Sequence<Page>) {
            var names = library.referencedNames
            for page in pages {
                if case .success(let template)? = page.bodyTemplate { names.formUnion(template.referencedNames) }
            }
            self.init(names: names)
        }

        /// Every field: for a caller that does not know its templates.
        static let all = Vocabulary(names: nil)
    }
}
