#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

extension OptionContext {
    /// Option contexts made before, by everything that goes into one, so that the pages of a locale share them.
    ///
    /// A context is an identified object (``MustacheObject/identify()``), made once for its key and never changed
    /// after: what templates and the caches below keep of it (by its identity) stays true, and an option that differs
    /// in any field has another key, so another object. The key is computed from the option's values here, on the
    /// render side; the resolver gives options no identity. Valid for one vocabulary, one set of UI strings and one
    /// site configuration: the build cache holding it (`BuildCache`) is made again when any of them changes.
    struct Cache: Sendable {
        /// Whole contexts, and the part of them the same on every page (no position, selection or button lines).
        private var values = BoundedCache<Key, MustacheValue>(limit: 50_000)
        private var shared = BoundedCache<SharedKey, MustacheObject>(limit: 20_000)
        /// `products` trees, and the options' names as one list in words ("Monthly, Yearly and Lifetime"), by the
        /// identities of the contexts.
        private var trees = BoundedCache<[Int], MustacheValue>(limit: 10_000)
        private var planNames = BoundedCache<[Int], String>(limit: 10_000)
        /// Each page's contexts, by its options array itself and the page fields the contexts read: the pages of a
        /// locale, group and customer share the array the resolver's cache made, so one look-up serves the page.
        private var pages = BoundedCache<PageKey, [(option: StoreOption, value: MustacheValue)]>(limit: 20_000)
        /// Each option's `offers.json` object (``PageOffers``), by its context's key: it reads what the fields read;
        /// and a page's list of them, by the page's options array and what chooses the options shown.
        private var offers = BoundedCache<Key, String>(limit: 50_000)
        private var offerLists = BoundedCache<OffersKey, String>(limit: 20_000)

        struct OffersKey: Hashable, Sendable {
            var options: OptionsIdentity, locale: String, currency: String, currentProductID: String
            var section: String?, groups: Page.OptionGroups?, experiment: String
        }

        /// The `offers.json` object of `context`: `make`'s, or the one made for a context with the same key.
        mutating func offer(of context: OptionContext, make: () -> String) -> String {
            offers.kept(Self.key(of: context), make: make)
        }

        /// A page's `offers.json` options: `make`'s, or the list made for a page with the same key.
        mutating func offerList(_ key: OffersKey, make: (inout Self) -> String) -> String {
            if let known = offerLists.value(for: key) { return known }
            let made = make(&self)
            offerLists.insert(made, for: key)
            return made
        }

        /// An options array known by its storage, which it keeps alive: equal only to the same array, unchanged
        /// (changing an element of an array this key shares copies the storage first). Two equal arrays made apart
        /// are two keys; that costs a look-up, never a wrong context.
        struct OptionsIdentity: Hashable, Sendable {
            let options: [StoreOption]
            private let address: UInt

            init(_ options: [StoreOption]) {
                self.options = options
                address = options.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            }

            static func == (lhs: Self, rhs: Self) -> Bool {
                lhs.address == rhs.address && lhs.options.count == rhs.options.count
            }
            func hash(into hasher: inout Hasher) { hasher.combine(address) }
        }

        /// What the contexts of a page read besides the options: as `Key` and `SharedKey`, less the option's fields.
        struct PageKey: Hashable, Sendable {
            var options: OptionsIdentity
            var locale: String, currency: String, selectedID: String?, assetPrefix: String
            var buttonLabel: Int, isButtonsStyle: Bool, badgeLocale: String?
            var experiment: String
        }

        mutating func contexts(for key: PageKey) -> [(option: StoreOption, value: MustacheValue)]? {
            pages.value(for: key)
        }

        mutating func insert(_ contexts: [(option: StoreOption, value: MustacheValue)], for key: PageKey) {
            pages.insert(contexts, for: key, cost: max(1, contexts.count))
        }

        /// Everything a context is made of: the option's shared part and its place on the page. Equal keys compare
        /// every field; the hash takes the few that tell a locale's options apart (hashing all of them costs more
        /// than the look-up saves, for every option of every page).
        struct Key: Hashable {
            var shared: SharedKey
            var index: Int, isSelected: Bool, buttonLabel: Int, isButtonsStyle: Bool

            func hash(into hasher: inout Hasher) {
                shared.hash(into: &hasher)
                hasher.combine(index)
                hasher.combine(isSelected)
            }
        }

        /// What the shared fields read of the option, the page's locale and assets, and the purchase URL's inputs.
        struct SharedKey: Hashable {
            var locale: String, currency: String, id: String, isCurrent: Bool
            var relationship: Page.Relationship?, price: Money, discount: Int?
            var offerKind: Offer.Kind?, offerID: String?, offerPrice: Money?
            var offerMode: Offer.PaymentMode?, offerPeriod: Period?, offerPeriodCount: Int
            var badge: String?, icon: String?, assetPrefix: String, displayName: String, description: String
            var textLocale: String?, badgeLocale: String?
            var billingPlan: BillingPlan, commitmentTotal: Money?, commitmentPayments: Int?
            var currentProductID: String, experiment: String

            /// As `Key`'s: the locale, the product, the customer's relation to it, the price and the page's depth.
            func hash(into hasher: inout Hasher) {
                hasher.combine(locale)
                hasher.combine(id)
                hasher.combine(isCurrent)
                hasher.combine(relationship)
                hasher.combine(price)
                hasher.combine(assetPrefix.utf8.count)
            }
        }

        static func key(of context: OptionContext) -> Key {
            let option = context.option, offer = option.offer
            let shared = SharedKey(
                locale: context.text.locale, currency: context.text.currency, id: option.id,
                isCurrent: option.isCurrent, relationship: option.relationship, price: option.price,
                discount: option.relativeDiscount, offerKind: offer?.offer.kind, offerID: offer?.offer.id,
                offerPrice: offer?.price, offerMode: offer?.offer.paymentMode,
                offerPeriod: offer?.offer.period, offerPeriodCount: offer?.offer.periodCount ?? 0, badge: option.badge,
                icon: option.icon, assetPrefix: context.assetPrefix, displayName: option.text.displayName,
                description: option.text.description, textLocale: option.textLocale, badgeLocale: context.badgeLocale,
                billingPlan: option.billingPlan, commitmentTotal: option.commitment?.total,
                commitmentPayments: option.commitment?.payments, currentProductID: context.currentProductID,
                experiment: context.experiment)
            return Key(shared: shared, index: context.index, isSelected: context.isSelected,
                       buttonLabel: bits(context.buttonLabel), isButtonsStyle: context.isButtonsStyle)
        }

        /// The parts as bits: hashing a set runs a hasher per element.
        static func bits(_ label: Set<Page.ButtonLabel>) -> Int {
            Page.ButtonLabel.allCases.enumerated().reduce(0) { $0 | (label.contains($1.element) ? 1 << $1.offset : 0) }
        }

        /// The identities of the contexts; nil when one has none (changed on this page, as a feature table does).
        static func identities(_ options: [(option: StoreOption, value: MustacheValue)]) -> [Int]? {
            var identities: [Int] = []
            identities.reserveCapacity(options.count)
            // By index: a loop over the elements would copy each option.
            for index in options.indices {
                guard case .object(let object) = options[index].value, object.identity != 0 else { return nil }
                identities.append(object.identity)
            }
            return identities
        }

        /// `PageContext.products(options)`, made once for the same contexts.
        mutating func products(_ options: [(option: StoreOption, value: MustacheValue)]) -> MustacheValue {
            guard let identities = Self.identities(options) else { return PageContext.products(options) }
            return trees.kept(identities) { PageContext.products(options) }
        }

        mutating func planNames(_ options: [(option: StoreOption, value: MustacheValue)], locale: String) -> String {
            let make = { ICU.formatList(options.map(\.option.text.displayName), locale: locale) }
            guard let identities = Self.identities(options) else { return make() }
            return planNames.kept(identities, make: make)
        }

        /// The context of `context` (built without its purchase URL); `url` gives the URL when it must be built.
        mutating func value(of context: OptionContext, url: () -> String?) -> MustacheValue {
            let key = Self.key(of: context)
            if let known = values.value(for: key) { return known }
            var fields: MustacheObject
            if let known = shared.value(for: key.shared) {
                fields = known
            } else {
                var context = context
                context.subscribeURL = context.option.isPurchasable ? url() : nil
                fields = context.sharedFields
                shared.insert(fields, for: key.shared)
            }
            for (name, value) in context.pageFields { fields[name] = value }
            // The same option on another page is this object: templates may keep what they made of it.
            fields.identify()
            let value = MustacheValue.object(fields)
            values.insert(value, for: key)
            return value
        }
    }
}
