#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import Synchronization

/// Prices, periods and offers of one locale as words: "$49.99/year", "1 week free, then $49.99/year".
public struct PriceText: Sendable {
    public let locale: String
    public let currency: String
    public let strings: Strings
    /// What ICU formatted for this value (and its copies) so far, in its locale and currency (which never change): set
    /// while one set of option cards is made, whose fields say one price many times over (``OptionContexts/Cards``);
    /// nil, every call formats.
    var formats: Formats?

    public init(locale: String, currency: String, strings: Strings) {
        self.locale = locale
        self.currency = currency
        self.strings = strings
    }

    /// Amounts, durations and percentages formatted in one locale and currency, by the numbers they were made from.
    final class Formats: Sendable {
        enum Key: Hashable {
            case money(minorUnits: Int64, digits: Int)
            case duration(count: Int, unit: Period.Unit, width: ICU.UnitWidth)
            case percent(Int)
        }

        private let made = Mutex<[Key: String]>([:])

        func text(_ key: Key, _ format: () -> String) -> String { made.kept(key, make: format) }
    }

    /// "$49.99", "￥7,800", "$0.00".
    public func money(_ amount: Money) -> String {
        func format() -> String { ICU.formatCurrency(amount.plain, currency: currency, locale: locale) }
        return formats?.text(.money(minorUnits: amount.minorUnits, digits: amount.digits), format) ?? format()
    }

    /// A price to pay: as `money`, but "Free" for zero or none (a free trial's).
    public func price(_ amount: Money?) -> String {
        guard let amount, !amount.isZero else { return strings["free"] }
        return money(amount)
    }

    /// "1 year", "3 months": a period `times` over, in words.
    public func duration(_ period: Period, times: Int = 1, width: ICU.UnitWidth = .wide) -> String {
        func format() -> String {
            ICU.formatDuration(period.count * times, ICU.DurationUnit(rawValue: period.unit.rawValue)!, width: width,
                               locale: locale)
        }
        return formats?.text(.duration(count: period.count * times, unit: period.unit, width: width), format)
            ?? format()
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
        func format() -> String { ICU.formatPercent(wholePercent, locale: locale) }
        return formats?.text(.percent(wholePercent), format) ?? format()
    }
}
