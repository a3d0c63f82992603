#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Periods, prices and offers as a native catalog writes them.
extension NativeCatalogLoader {
    /// An auto-renewable subscription's period: one the App Store offers.
    static func renewalPeriod(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> Period {
        let period = try self.period(node, what)
        guard Period.renewalPeriods.contains(period) else {
            throw .error(node.location, "\(what) '\(period)' is not a period App Store subscriptions renew at",
                         hint: "use P1W, P1M, P2M, P3M, P6M or P1Y")
        }
        return period
    }

    /// An offer lasts `count` periods, 1 or more, and at most a year in all (as the App Store allows).
    static func offerLength(_ period: Period, count: Int?, at location: SourceLocation,
                            countLocation: SourceLocation?) throws(Diagnostic) -> Int {
        let count = count ?? 1
        guard count >= 1 else {
            throw .error(countLocation ?? location, "an offer lasts 1 or more periods, not \(count)",
                         hint: "write 1 or more, or leave it out for 1")
        }
        guard count <= 366, period.maximumDays <= 366, period.maximumDays * count <= 366 else {
            throw .error(countLocation ?? location,
                         "an offer of \(count) × \(period) lasts longer than the 1 year the App Store allows",
                         hint: "shorten the offer's period or its number of periods")
        }
        return count
    }

    /// `amount` may have no more decimals than the storefront's currency (USD 2, JPY 0).
    /// A storefront without a known currency keeps the decimals written (its pages round them as US dollars).
    static func checkDecimals(_ amount: Money, storefront: String, at location: SourceLocation) throws(Diagnostic) {
        guard let currency = Storefronts.currency(of: storefront) else { return }
        let digits = ICU.fractionDigits(currency: currency)
        guard amount.digits > digits else { return }
        throw .error(location, "the \(storefront) price \(amount) has more decimals than \(currency) has (\(digits))",
                     hint: "write it as the App Store shows it, such as \(amount.roundedDown(toDigits: digits))")
    }

    static func period(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> Period {
        let text = try node.string(what)
        guard let period = Period(iso8601: text) else {
            if text.count > 18, text.hasPrefix("P"), text.dropFirst().dropLast().allSatisfy(\.isNumber) {
                throw .error(node.location, "\(what) '\(text)' is longer than any App Store period",
                             hint: "write P1W, P1M, P3M, P6M or P1Y")
            }
            throw .error(node.location, "\(what) '\(text)' is not an ISO 8601 period",
                         hint: "write P1W, P1M, P3M, P6M or P1Y")
        }
        return period
    }

    /// `{ USA: "49.99", DEU: "54.99" }`.
    static func price(_ node: YAMLNode, _ what: String,
                      keyLocation: SourceLocation? = nil) throws(Diagnostic) -> Price {
        var amounts: [String: Money] = [:]
        guard case .mapping = node.value else {
            throw .error(node.location,
                         "\(what) must map storefronts to prices, such as { USA: \"4.99\", DEU: \"5.49\" }")
        }
        for pair in try node.pairs(what) {
            guard pair.key.count == 3, pair.key.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw .error(pair.keyLocation, "'\(pair.key)' is not an App Store storefront code",
                             hint: "use the ISO 3166 alpha-3 code, such as USA, DEU or JPN")
            }
            let amount = try pair.value.money("\(what).\(pair.key)", currency: Money.currency(of: pair.key))
            try checkDecimals(amount, storefront: pair.key, at: pair.value.location)
            amounts[pair.key] = amount
        }
        guard !amounts.isEmpty
        else { throw .error(node.location, "\(what) has no storefront", hint: "add one, such as USA: \"4.99\"") }
        return Price(amounts, location: keyLocation ?? node.location)
    }

    static func offer(_ node: YAMLNode, _ kind: Offer.Kind) throws(DiagnosticsError) -> Offer {
        var diagnostics = Diagnostics()
        let what = "\(kind.rawValue) offer"
        let reader: MappingReader
        do { reader = try MappingReader(node, "an \(what)") } catch { throw DiagnosticsError([error]) }
        diagnostics.append(contentsOf: reader.unknownKeys(["id", "paymentMode", "period", "periodCount", "price",
                                                           "billingPlan"]))
        let plan = diagnostics.collect { try reader["billingPlan"]?.choice("billingPlan", BillingPlan.self) } ?? nil
        let id = diagnostics.collect { () throws(Diagnostic) -> String? in
            guard let node = kind == .introductory ? reader["id"] : try reader.required("id") else { return nil }
            let id = try node.nonEmptyString("id")
            try Identifier.check(id, "the \(what) ID", at: node.location)
            return id
        } ?? nil
        let mode = diagnostics.collect {
            try reader.required("paymentMode").choice("paymentMode", Offer.PaymentMode.self)
        }
        let period = diagnostics.collect { try Self.period(reader.required("period"), "period") }
        var count = diagnostics.collect { try reader["periodCount"]?.int("periodCount") } ?? nil
        if let period {
            count = diagnostics.collect {
                try Self.offerLength(period, count: count, at: node.location,
                                     countLocation: reader["periodCount"]?.location)
            }
        }
        var price: Price?
        if mode == .freeTrial, let location = reader.keyLocation("price") {
            // A free trial costs nothing: a price here is one the page would not show, and the checkout may charge.
            diagnostics.error(location, "a freeTrial offer has no price, but this one has a price",
                              hint: "remove the price, or use paymentMode payAsYouGo (a price per period) or "
                                  + "payUpFront (one price for the whole offer)")
        } else if mode != .freeTrial {
            price = diagnostics.collect {
                try self.price(reader.required("price"), "price", keyLocation: reader.keyLocation("price"))
            }
        }
        guard !diagnostics.hasErrors, let mode, let period else { throw DiagnosticsError(diagnostics.all) }
        return Offer(id: id, kind: kind, paymentMode: mode, period: period, periodCount: count ?? 1,
                     price: price, billingPlan: plan ?? .upFront, location: node.location)
    }
}
