#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// The words of a monthly plan's commitment: "12 monthly payments, €71.88 total", and its renewal terms.
extension OptionContext {
    /// "12 monthly payments, €71.88 total": one phrase, so a screen reader reads the payments and the total together.
    var commitmentPhrase: String? {
        option.commitment.map { text.commitment($0) }
    }

    /// The renewal terms of a commitment: the payments agreed are due; cancelling stops the next commitment.
    var commitmentRenewal: String? {
        option.commitment.map { text.commitmentRenewal($0, payment: text.money(option.price)) }
    }

    /// `commitment`: `payments` (12), `paymentsText`, `total`, `totalText`, `period` (`P1Y`), `periodText`, `text`;
    /// null on an option billed up front.
    var commitmentValue: MustacheValue {
        guard let commitment = option.commitment else { return .null }
        return .object([
            "payments": .int(commitment.payments),
            "paymentsText": .string(text.commitmentPayments(commitment)),
            "total": .string(text.money(commitment.total)),
            "totalText": .string(text.strings.format("commitmentTotal", ["price": text.money(commitment.total)])),
            "period": .string(commitment.period.description),
            "periodText": .string(text.duration(commitment.period)),
            "text": .string(text.commitment(commitment)),
        ])
    }
}

extension PriceText {
    /// "12 monthly payments".
    public func commitmentPayments(_ commitment: Commitment) -> String {
        strings.format("commitmentPayments", ["count": ICU.formatNumber(String(commitment.payments), locale: locale)],
                       count: commitment.payments)
    }

    /// "12 monthly payments, €71.88 total".
    public func commitment(_ commitment: Commitment) -> String {
        strings.format("commitment", ["payments": commitmentPayments(commitment),
                                      "total": strings.format("commitmentTotal", ["price": money(commitment.total)])])
    }

    /// The renewal and cancellation terms of a commitment, `payment` being each monthly payment.
    public func commitmentRenewal(_ commitment: Commitment, payment: String) -> String {
        strings.format("renewsCommitment",
                       ["count": ICU.formatNumber(String(commitment.payments), locale: locale), "price": payment,
                                            "total": money(commitment.total), "duration": duration(commitment.period)],
                       count: commitment.payments)
    }
}
