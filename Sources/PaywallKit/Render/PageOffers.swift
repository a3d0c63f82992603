#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// One page's options as data, for `offers.json`: what the page sells, in its words and as numbers, made by the
/// same fields that render the page (so the texts are its own, byte for byte).
enum PageOffers {
    /// Everything a page's list of options in `offers.json` reads beside the options: the locale and currency, the
    /// section shown (for a page of `optionGroups.style: links`) and the page's option groups, its experiment, and the
    /// subscriber's current plan.
    struct Input: Encodable, Sendable {
        var locale: String, currency: String, section: String?, groups: Page.OptionGroups?
        var experiment: ExperimentRole?, currentProductID: String

        init(_ model: borrowing StoreModel, section: String?) {
            (locale, currency, self.section) = (model.locale, model.currency, section)
            (groups, experiment) = (model.page.optionGroups, model.page.experiment)
            currentProductID = model.state.currentProductID
        }
    }

    /// The JSON object of the page at `path` (one line): its place and customer state, and its `options`.
    static func json(_ model: StoreModel, path: String, options: String) -> String {
        JSON.object([
            ("path", JSON.string(path)), ("page", JSON.string(model.page.name)),
            ("locale", JSON.string(model.locale)), ("storefront", JSON.string(model.storefront)),
            ("currency", JSON.string(model.currency)), ("state", JSON.string(model.state.name)),
            ("productID", model.state.productID.map(JSON.string) ?? "null"), ("options", options),
        ])
    }

    /// The JSON list of each option `options` shows (in `input.section` alone, for a page of `optionGroups.style:
    /// links`; an option in none of a page's groups is not shown).
    static func options(_ options: [StoreOption], _ input: Input, strings: Strings, config: SiteConfig) -> String {
        var text = PriceText(locale: input.locale, currency: input.currency, strings: strings)
        text.formats = PriceText.Formats()   // this list says each price a few times
        let sections = OptionSection.split(options.map { ($0, MustacheValue.null) }, input.groups, text: text)
        let shown = Set(sections.filter { input.section == nil || $0.key == input.section }.flatMap {
            $0.options.map(\.option.id)
        })
        return "[" + options.enumerated().filter { shown.contains($0.element.id) }.map { index, option in
            var context = OptionContext(option: option, index: index, text: text, isSelected: false,
                                        subscribeURL: nil, assetPrefix: "")
            OptionContexts.link(&context, locale: input.locale, experiment: input.experiment,
                                currentProductID: input.currentProductID, config: config)
            return object(of: context)
        }.joined(separator: ",") + "]"
    }

    /// An option: its product, the billed price as the page writes it and as a decimal string, the period it is
    /// billed for, the per-month price, the saving, the offer, the commitment and the purchase link.
    static func object(of context: OptionContext) -> String {
        let option = context.option, text = context.text
        func field(_ field: OptionContext.Field) -> String { JSON.value(field.value(context)) }
        // The offer's and the commitment's words are the page's own fields; the amounts are added beside them.
        let offer = option.offer.map { applied in
            func field(_ field: OptionContext.OfferField) -> String { JSON.value(field.value(context, applied)) }
            return JSON.object([
                ("kind", field(.kind)), ("id", field(.id)), ("paymentMode", field(.paymentMode)),
                ("price", field(.price)), ("amount", JSON.string(applied.price?.plain ?? "0")),
                ("period", field(.period)), ("periodCount", field(.periodCount)), ("duration", field(.duration)),
                ("text", field(.text)),
            ])
        }
        let commitment = option.commitment.map { commitment in
            guard case .object(let words) = context.commitmentValue else { return "null" }
            return JSON.object([
                ("payments", JSON.value(words["payments"])), ("total", JSON.value(words["total"])),
                ("totalAmount", JSON.string(commitment.total.plain)),
                ("period", JSON.value(words["period"])),
            ])
        }
        return JSON.object([
            ("product", field(.id)), ("index", String(context.index)), ("kind", field(.kind)),
            ("displayName", field(.displayName)),
            ("price", field(.price)), ("amount", JSON.string(option.price.plain)),
            ("currency", JSON.string(text.currency)), ("period", field(.period)),
            ("billingPeriod", option.isSubscription ? option.billingPeriod.map { JSON.string($0.description) } ?? "null"
                                                    : "null"),
            ("billed", field(.pricePerPeriod)), ("billingPlan", field(.billingPlan)),
            ("pricePerMonth", field(.pricePerMonth)), ("equivalent", field(.equivalent)),
            ("discount", field(.relativeDiscount)),
            ("discountPercent", option.relativeDiscount.map(String.init) ?? "null"),
            ("offer", offer ?? "null"), ("commitment", commitment ?? "null"),
            ("isCurrent", field(.isCurrent)), ("purchaseURL", field(.subscribeURL)),
        ])
    }

    /// `offers.json`: every store page's options, in the order of the pages' paths.
    static func file(_ pages: [(path: String, json: String)]) -> OutputFile {
        let sorted = pages.sorted { $0.path < $1.path }.map(\.json)
        let (head, separator, tail) = ("{\"generator\":\"paywall\",\"pages\":[\n", ",\n", "\n]}\n")
        // Megabytes on a site of thousands of pages: written into one buffer of the final size.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sorted.reduce(head.utf8.count + tail.utf8.count) { $0 + $1.utf8.count + 2 })
        bytes += head.utf8
        for (index, json) in sorted.enumerated() {
            if index > 0 { bytes += separator.utf8 }
            bytes += json.utf8
        }
        bytes += tail.utf8
        return OutputFile(fileName, bytes: bytes)
    }

    static let fileName = "offers.json"

    /// Compact JSON text: objects from (key, value text) pairs in order, strings quoted.
    enum JSON {
        static func string(_ text: String) -> String { JSONText.quoted(text) }
        /// A field's string, number or flag; null for none (or for a value of another kind, which no field used
        /// here has).
        static func value(_ value: MustacheValue?) -> String {
            switch value {
            case .string(let text)?: string(text)
            case .bool(let flag)?: flag ? "true" : "false"
            case .int(let number)?: String(number)
            default: "null"
            }
        }
        /// Written into one string of the final size: a page's object holds its options' list, kilobytes long.
        static func object(_ members: [(String, String)]) -> String {
            var object = "{"
            object.reserveCapacity(members.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
            for (index, (key, value)) in members.enumerated() {
                object += index == 0 ? "\"" : ",\""
                object += key
                object += "\":"
                object += value
            }
            object += "}"
            return object
        }
    }
}
