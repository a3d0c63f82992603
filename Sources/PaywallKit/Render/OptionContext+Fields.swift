#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// The fields templates can name on an option (DESIGN.md section 4), as one table: each name is a case, and the
/// switch over the cases says how its value is made, so no name goes without a value and no list of names can
/// drift from the table. RevenueCat's paywall variable names are aliases, pointing at their field by its case.
extension OptionContext {
    /// A name of `sharedFields`, in the order the fields are set.
    enum Field: String, CaseIterable, Sendable {
        case id, displayName, description, icon, badge, textLang, badgeLang, isCurrent, isPurchasable, relationship
        case familyShareable, familySharing, kind, isSubscription, isOneTime, level, price, period, periodText,
             periodLabel
        case pricePerPeriod, pricePerPeriodSpoken, purchaseTerms, equivalent, relativeDiscount, offer, actionLabel
        case accessibleLabel, renewal, purchaseSummary, action, billingPlan, commitment, subscribeURL, purchaseURL
        case pricePerDay, pricePerWeek, pricePerMonth, pricePerYear
        // RevenueCat's paywall variable names, spelt as templates write them.
        case product_name, price_per_period, price_per_period_full, sub_price_per_month, sub_price_per_week,
             sub_price_per_day
        case sub_relative_discount, sub_duration, sub_period, total_price_and_per_month, sub_offer_price,
             sub_offer_duration

        /// A field's value for an option; nil: this option has none (a template naming it is an error).
        typealias Value = @Sendable (OptionContext) -> MustacheValue?

        /// How a field is made: a value of its own, or another field's under a second name.
        enum Definition {
            case value(Value)
            case alias(of: Field)
        }

        var definition: Definition {
            switch self {
            case .id: .value { .string($0.option.id) }
            case .displayName: .value { .string($0.option.text.displayName) }
            case .description: .value { .string($0.option.text.description) }
            case .icon: .value { context in
                context.option.icon.map { .string(context.assetPrefix + assetURL($0)) } ?? .null
            }
            case .badge: .value { $0.option.badge.map(MustacheValue.string) ?? .null }
            case .textLang: .value { FallbackLanguage.value($0.option.textLocale, on: $0.text.locale) }
            case .badgeLang: .value {
                $0.option.badge == nil ? .null : FallbackLanguage.value($0.badgeLocale, on: $0.text.locale)
            }
            case .isCurrent: .value { .bool($0.option.isCurrent) }
            case .isPurchasable: .value { .bool($0.option.isPurchasable) }
            case .relationship: .value { $0.option.relationship.map { .string($0.rawValue) } ?? .null }
            case .familyShareable: .value { .bool($0.option.product.familyShareable) }
            case .familySharing: .value {
                $0.option.product.familyShareable ? .string($0.text.strings["familySharing"]) : .null
            }
            case .kind: .value { .string($0.option.kind.rawValue) }
            case .isSubscription: .value { .bool($0.option.isSubscription) }
            case .isOneTime: .value { .bool(!$0.option.isSubscription) }
            case .level: .value { $0.option.isSubscription ? .int($0.option.product.level) : .null }
            case .price: .value { .string($0.text.price($0.option.price)) }
            case .period: .value { $0.option.period.map { .string($0.description) } ?? .null }
            case .periodText: .value { context in
                context.option.period.map { .string(context.text.duration($0)) } ?? .null
            }
            case .periodLabel: .value { .string($0.periodLabel) }
            case .pricePerPeriod: .value { .string($0.billed()) }
            case .pricePerPeriodSpoken: .value { .string($0.billed(spoken: true)) }
            case .purchaseTerms: .value {
                $0.option.isSubscription ? .null : .string($0.text.purchaseTerms($0.option.product))
            }
            case .equivalent: .value { $0.equivalent.map(MustacheValue.string) ?? .null }
            case .relativeDiscount: .value { context in
                context.option.relativeDiscount.map { context.text.save($0) }
                    .flatMap { $0.isEmpty ? nil : .string($0) } ?? .null
            }
            case .offer: .value { $0.offerValue }
            case .actionLabel: .value { .string($0.actionLabel) }
            case .accessibleLabel: .value { .string($0.accessibleLabel) }
            case .renewal: .value { $0.renewalText.map(MustacheValue.string) ?? .null }
            case .purchaseSummary: .value { .string($0.purchaseSummary) }
            case .action: .value { .string($0.option.isSubscription ? "subscribe" : "purchase") }
            case .billingPlan: .value { $0.option.isSubscription ? .string($0.option.billingPlan.rawValue) : .null }
            case .commitment: .value { $0.commitmentValue }
            case .subscribeURL: .value { $0.subscribeURL.map(MustacheValue.string) ?? .null }
            case .purchaseURL: .alias(of: .subscribeURL)
            // A one-time product has no per-unit price: naming one is an error, not an empty price.
            case .pricePerDay: .value { $0.option.isSubscription ? .string($0.money(.day)) : nil }
            case .pricePerWeek: .value { $0.option.isSubscription ? .string($0.money(.week)) : nil }
            case .pricePerMonth: .value { $0.option.isSubscription ? .string($0.money(.month)) : nil }
            case .pricePerYear: .value { $0.option.isSubscription ? .string($0.money(.year)) : nil }
            case .product_name: .alias(of: .displayName)
            case .price_per_period: .alias(of: .pricePerPeriod)
            case .price_per_period_full: .alias(of: .pricePerPeriodSpoken)
            case .sub_price_per_month: .alias(of: .pricePerMonth)
            case .sub_price_per_week: .alias(of: .pricePerWeek)
            case .sub_price_per_day: .alias(of: .pricePerDay)
            case .sub_relative_discount: .alias(of: .relativeDiscount)
            case .sub_duration: .alias(of: .periodText)
            case .sub_period: .alias(of: .periodLabel)
            case .total_price_and_per_month: .value { context in
                .string(context.equivalent.map { "\(context.billed()) (\($0))" } ?? context.billed())
            }
            case .sub_offer_price: .value { context in
                .string(context.option.offer.map { context.text.price($0.price) } ?? "")
            }
            case .sub_offer_duration: .value { context in
                .string(context.option.offer.map { context.offerDuration($0) } ?? "")
            }
            }
        }

        /// The field an alias stands for; nil for a field with a value of its own.
        var original: Field? {
            if case .alias(let field) = definition { field } else { nil }
        }

        /// Its value, an alias's being its field's. An alias must name a field with a value of its own: one naming
        /// another alias stops the table from being built (`fields`), which every test that renders an option does.
        var value: Value {
            switch definition {
            case .value(let value): return value
            case .alias(let field):
                guard case .value(let value) = field.definition else {
                    preconditionFailure("the alias \(rawValue) names \(field.rawValue), itself an alias: "
                                        + "name the field it stands for")
                }
                return value
            }
        }
    }

    /// A name of the `offer` object, in the order the fields are set.
    enum OfferField: String, CaseIterable, Sendable {
        case kind, id, paymentMode, isFreeTrial, price, period, periodCount, duration, text, shortText

        typealias Value = @Sendable (OptionContext, AppliedOffer) -> MustacheValue

        var value: Value {
            switch self {
            case .kind: { .string($1.offer.kind.rawValue) }
            case .id: { $1.offer.id.map(MustacheValue.string) ?? .null }
            case .paymentMode: { .string($1.offer.paymentMode.rawValue) }
            case .isFreeTrial: { .bool($1.offer.paymentMode == .freeTrial) }
            case .price: { .string($0.text.price($1.price)) }
            case .period: { .string($1.offer.period.description) }
            case .periodCount: { .int($1.offer.periodCount) }
            case .duration: { .string($0.offerDuration($1)) }
            case .text: { context, applied in
                .string(context.text.offerThen(applied, regular: context.option.price,
                                               context.option.billingPeriod ?? Period(1, .month)))
            }
            case .shortText: { .string($0.text.offer($1)) }
            }
        }
    }

    /// The table, built once: every field by name, with the function that makes its value.
    static let fields: [(name: String, value: Field.Value)] = Field.allCases.map { ($0.rawValue, $0.value) }
    static let offerFields: [(name: String, value: OfferField.Value)] =
        OfferField.allCases.map { ($0.rawValue, $0.value) }

    /// The `offer` object of the option's applied offer, with the offer fields of `vocabulary`; null without one.
    var offerValue: MustacheValue {
        guard let applied = option.offer else { return .null }
        var offer = MustacheObject()
        for field in vocabulary.offerFields { offer[field.name] = field.value(self, applied) }
        return .object(offer)
    }

    /// The fields a site's templates name, chosen once per build. No tag can look up a field no template names,
    /// so it is never made: formatting a price or a period costs far more than a look-up, and a theme uses a few.
    final class Vocabulary: Sendable {
        /// The names of the table that are kept (of `Field` and `OfferField`); nil keeps every field.
        let names: Set<String>?
        let fields: [(name: String, value: Field.Value)]
        let offerFields: [(name: String, value: OfferField.Value)]

        /// Every name the table knows: the names of `Field` and of `OfferField`.
        static let known = Set(OptionContext.fields.map(\.name) + OptionContext.offerFields.map(\.name))

        /// The fields of `names` (any other name, a page's `title` say, is no option's and dropped).
        init(names: Set<String>?) {
            self.names = names?.intersection(Self.known)
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
