import Foundation
import Mustache

/// The template vocabulary of one option (DESIGN.md section 4), RevenueCat's names included as aliases.
struct OptionContext {
    /// Contexts built before, by everything that goes into one (the purchase URL follows from the product, the
    /// locale and the offer): the pages of a locale share most of them.
    struct Cache {
        /// Whole contexts, and the part of them the same on every page (no position, selection or button lines).
        private var values: [Key: MustacheValue] = [:]
        private var shared: [SharedKey: MustacheObject] = [:]

        struct Key: Hashable {
            var shared: SharedKey
            var index: Int, isSelected: Bool, buttonLabel: Set<Page.ButtonLabel>, isButtonsStyle: Bool

            /// Equal keys compare every field; the hash takes the few that tell options apart, which is much cheaper.
            func hash(into hasher: inout Hasher) {
                shared.hash(into: &hasher)
                hasher.combine(index)
                hasher.combine(isSelected)
            }
        }

        struct SharedKey: Hashable {
            var locale: String, currency: String, id: String, isCurrent: Bool
            var relationship: Page.Relationship?, price: Decimal, discount: Int?
            var offerKind: Offer.Kind?, offerID: String?, offerPrice: Decimal?
            var offerMode: Offer.PaymentMode?, offerPeriod: Period?, offerPeriodCount: Int
            var badge: String?, icon: String?, assetPrefix: String, displayName: String
            var textLocale: String?, badgeLocale: String?
            var billingPlan: BillingPlan = .upFront, commitmentTotal: Decimal?

            /// As `Key`'s: the locale and the product, not the prices (hashing a `Decimal` is slow).
            func hash(into hasher: inout Hasher) {
                hasher.combine(locale)
                hasher.combine(id)
                hasher.combine(isCurrent)
            }
        }

        /// The fields the cached contexts have; another vocabulary (a template edited in `serve`) empties the cache.
        private var vocabulary: Vocabulary?

        mutating func use(_ vocabulary: Vocabulary) {
            guard vocabulary !== self.vocabulary else { return }
            if vocabulary.names != self.vocabulary?.names { self = Cache() }
            self.vocabulary = vocabulary
        }

        /// Contexts by the option's identity (`StoreOption.identity`) and what the page adds: found without comparing
        /// the option's fields. Identities are never reused, so entries of earlier builds are only dropped for room.
        private var byIdentity: [IdentityKey: MustacheValue] = [:]

        struct IdentityKey: Hashable {
            var identity: Int, index: Int, isSelected: Bool, buttonLabel: Set<Page.ButtonLabel>, isButtonsStyle: Bool
            var assetPrefix: String, badgeLocale: String?

            /// Equal keys compare every field; the hash takes the numbers (hashing a set runs a hasher per element).
            func hash(into hasher: inout Hasher) {
                hasher.combine(identity)
                hasher.combine(index)
                hasher.combine(isSelected)
            }
        }

        /// The identities of the options' objects; nil when one has none (changed on this page).
        static func identities(_ options: [(option: StoreOption, value: MustacheValue)]) -> [Int]? {
            var identities: [Int] = []
            for item in options {
                guard case .object(let object) = item.value, object.identity != 0 else { return nil }
                identities.append(object.identity)
            }
            return identities
        }

        /// `products` trees, and the options' names as one list in words ("Monthly, Yearly and Lifetime"), by the
        /// identities of the option objects.
        private var trees: [[Int]: MustacheValue] = [:]
        private var planNames: [[Int]: String] = [:]

        /// `PageContext.products(options)`, made once for the same option objects.
        mutating func products(_ options: [(option: StoreOption, value: MustacheValue)]) -> MustacheValue {
            guard let identities = Self.identities(options) else { return PageContext.products(options) }
            return trees.kept(identities) { PageContext.products(options) }
        }

        mutating func planNames(_ options: [(option: StoreOption, value: MustacheValue)], locale: String) -> String {
            let make = { ICU.formatList(options.map(\.option.text.displayName), locale: locale) }
            guard let identities = Self.identities(options) else { return make() }
            return planNames.kept(identities, make: make)
        }

        func known(_ key: IdentityKey) -> MustacheValue? { byIdentity[key] }

        mutating func remember(_ value: MustacheValue, as key: IdentityKey) {
            if byIdentity.count >= 100_000 { byIdentity.removeAll() }
            byIdentity[key] = value
        }

        /// The context of `context` (built without its purchase URL); `url` gives the URL when it must be built.
        mutating func value(of context: OptionContext, url: () -> String?) -> MustacheValue {
            let option = context.option
            let offer = option.offer
            let sharedKey = SharedKey(locale: context.text.locale, currency: context.text.currency, id: option.id, isCurrent: option.isCurrent,
                                      relationship: option.relationship, price: option.price, discount: option.relativeDiscount,
                                      offerKind: offer?.offer.kind, offerID: offer?.offer.id, offerPrice: offer?.price,
                                      offerMode: offer?.offer.paymentMode, offerPeriod: offer?.offer.period,
                                      offerPeriodCount: offer?.offer.periodCount ?? 0, badge: option.badge, icon: option.icon,
                                      assetPrefix: context.assetPrefix, displayName: option.text.displayName,
                                      textLocale: option.textLocale, badgeLocale: context.badgeLocale,
                                      billingPlan: option.billingPlan, commitmentTotal: option.commitment?.total)
            let key = Key(shared: sharedKey, index: context.index, isSelected: context.isSelected, buttonLabel: context.buttonLabel,
                          isButtonsStyle: context.isButtonsStyle)
            if let known = values[key] { return known }
            var fields: MustacheObject
            if let known = shared[sharedKey] {
                fields = known
            } else {
                var context = context
                context.subscribeURL = option.isPurchasable ? url() : nil
                fields = context.sharedFields
                shared[sharedKey] = fields
            }
            for (name, value) in context.pageFields { fields[name] = value }
            // The same option on another page is this object: templates may keep what they made of it.
            fields.identify()
            let value = MustacheValue.object(fields)
            values[key] = value
            return value
        }
    }

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
}
