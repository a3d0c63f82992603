#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import Synchronization

/// Prices, periods and offers of one locale as words: "$49.99/year", "1 week free, then $49.99/year".
public struct PriceText: Sendable {
    public var locale: String
    public var currency: String
    public var strings: Strings
    /// The durations and percentages that a rendering thread formatted before (its `PageRenderer.Cache` lends them);
    /// nil: each is formatted when asked.
    public var formatted: Formatted?

    public init(locale: String, currency: String, strings: Strings, formatted: Formatted? = nil) {
        self.locale = locale
        self.currency = currency
        self.strings = strings
        self.formatted = formatted
    }

    /// Durations and percentages in words, for one rendering thread in a build cache: the option contexts of every page
    /// ask for the same few ("1 month", "3 days", "35 %"), and formatting one (a CLDR unit pattern and a plural rule)
    /// costs far more than a look-up. Not shared between threads; locked only to be `Sendable`. Keyed by what was
    /// formatted in words ("3 month wide de-DE"): a cache of String keys needs no type of its own made at run time (a
    /// one-page build spent as much on making one as on the formatting it saved).
    public final class Formatted: Sendable {
        private let known = Mutex(BoundedCache<String, String>(limit: 1_000))

        public init() {}

        func text(_ key: String, make: () -> String) -> String {
            if let text = known.withLock({ $0.value(for: key) }) { return text }
            let text = make()
            known.withLock { $0.insert(text, for: key) }
            return text
        }
    }

    /// "$49.99", "￥7,800", "$0.00". Not memoized here: a price is formatted when an option context is made, and
    /// the build cache keeps the contexts.
    public func money(_ amount: Money) -> String {
        ICU.formatCurrency(amount.plain, currency: currency, locale: locale)
    }

    /// A price to pay: as `money`, but "Free" for zero or none (a free trial's).
    public func price(_ amount: Money?) -> String {
        guard let amount, !amount.isZero else { return strings["free"] }
        return money(amount)
    }

    /// "1 year", "3 months": a period `times` over, in words.
    public func duration(_ period: Period, times: Int = 1, width: ICU.UnitWidth = .wide) -> String {
        let count = period.count * times, locale = locale
        let format = {
            ICU.formatDuration(count, ICU.DurationUnit(rawValue: period.unit.rawValue)!, width: width, locale: locale)
        }
        return formatted?.text("\(count) \(period.unit.rawValue) \(width.rawValue) \(locale)", make: format) ?? format()
    }

    /// "$49.99/year", "$19.99 every 3 months"; spoken: "$49.99 per year"; "Free" for zero or none.
    public func perPeriod(_ amount: Money?, _ period: Period, spoken: Bool = false) -> String {
        guard let amount, !amount.isZero else { return strings["free"] }
        let price = money(amount)
        guard period.count == 1 else { return strings.format("every", ["price": price, "duration": duration(period)]) }
        let key = switch period.unit {
        case .day: spoken ? "perDaySpoken" : "perDay"
        case .week: spoken ? "perWeekSpoken" : "perWeek"
        case .month: spoken ? "perMonthSpoken" : "perMonth"
        case .year: spoken ? "perYearSpoken" : "perYear"
        }
        return strings.format(key, ["price": price])
    }

    /// "1 week free", "$2.99/month for 3 months", "$19.99 for 3 months".
    public func offer(_ applied: AppliedOffer, spoken: Bool = false) -> String {
        let offer = applied.offer
        switch offer.paymentMode {
        case .freeTrial:
            return strings.format(spoken ? "offerFreeTrialSpoken" : "offerFreeTrial",
                                  ["duration": duration(offer.period, times: offer.periodCount)])
        case .payAsYouGo:
            let each = perPeriod(applied.price, offer.period, spoken: spoken)
            return strings.format("offerPayAsYouGo",
                                  ["price": each, "duration": duration(offer.period, times: offer.periodCount)])
        case .payUpFront:
            return strings.format("offerPayUpFront",
                                  ["price": price(applied.price),
                                   "duration": duration(offer.period, times: offer.periodCount)])
        }
    }

    /// "1 week free, then $49.99/year".
    public func offerThen(_ applied: AppliedOffer, regular price: Money, _ period: Period,
                          spoken: Bool = false) -> String {
        strings.format("offerThen",
                       ["offer": offer(applied, spoken: spoken), "regular": perPeriod(price, period, spoken: spoken)])
    }

    /// The name of a billing period as a tab label: "Monthly", "Yearly", "Every 3 Months".
    public func periodLabel(_ period: Period) -> String {
        guard period.count == 1 else { return strings.format("groupEvery", ["duration": duration(period)]) }
        switch period.unit {
        case .week: return strings["groupWeekly"]
        case .month: return strings["groupMonthly"]
        case .year: return strings["groupYearly"]
        case .day: return duration(period)
        }
    }

    /// "Save 35%".
    public func save(_ percent: Int) -> String {
        strings.format("save", ["percent": self.percent(percent)])
    }

    /// "35%", "35 %", "%35": a whole percentage in the locale's way.
    public func percent(_ wholePercent: Int) -> String {
        let locale = locale
        let format = { ICU.formatPercent(wholePercent, locale: locale) }
        return formatted?.text("\(wholePercent) percent \(locale)", make: format) ?? format()
    }
}
