import Foundation
import Testing
@testable import PaywallKit

/// The auto-renewal notice under the options does not contradict a commitment's terms: where an option shown is
/// billed monthly with a commitment, "cancel any time" stops the commitment's next renewal and the current
/// commitment's monthly payments stay due; elsewhere the notice is the ordinary one.
@Suite struct AutoRenewNoticeTests {
    /// `BillingPlanTests.site` (monthly plans in Germany and Britain, none in the United States), with an account page.
    static let site = BillingPlanTests.site.config(replacing: "actions:\n", with: "actions:\n  manageSubscription: https://example.com/account?lang={locale}\n")

    static func notice(_ site: TestSite, _ locale: String) throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try BillingPlanTests.page(result, locale)
        let notices = html.matches(of: /<p class="auto-renew">(.*?)<\/p>/).map { String($0.output.1) }
        #expect(notices.count == 1, "one notice on \(locale)")
        return try #require(notices.first)
    }

    static func appStore(_ site: TestSite) -> TestSite {
        site.with { $0.config = ($0.config ?? "") + "billing: appStore\n" }
    }

    static let link = #"<a href="https://example.com/account?lang=%@" data-action="manageSubscription">%@</a>"#

    @Test func aWebCommitmentPageSaysCancellingStopsTheNextRenewalAndLinksTheAccountPage() throws {
        let page = BillingPlanTests.monthlyPage(Self.site)
        #expect(try Self.notice(page, "en-GB") == "Subscriptions renew automatically at the price and period shown until cancelled. "
                + "You can cancel any time from " + String(format: Self.link, "en-GB", "your account page") + ". "
                + "Cancelling a commitment stops its next renewal; the monthly payments of the current commitment are still due.")
        #expect(try Self.notice(page, "de-DE") == "Abonnements verlängern sich automatisch zum angegebenen Preis und für den angegebenen Zeitraum, "
                + "bis sie gekündigt werden. Du kannst jederzeit über " + String(format: Self.link, "de-DE", "deine Kontoseite") + " kündigen. "
                + "Eine Kündigung verhindert die nächste Verlängerung der Vertragslaufzeit; die vereinbarten Monatsraten der aktuellen Laufzeit bleiben fällig.")
    }

    @Test func anAppStoreCommitmentPageGivesTheDeadlineForTheCommitment() throws {
        let page = Self.appStore(BillingPlanTests.monthlyPage(Self.site))
        #expect(try Self.notice(page, "de-DE") == "Abonnements verlängern sich automatisch zum angegebenen Preis und für den angegebenen Zeitraum, "
                + "bis sie gekündigt werden. Du kannst jederzeit in deinen Accounteinstellungen kündigen – spätestens 24 Stunden vor Ablauf "
                + "des aktuellen Zeitraums oder der Vertragslaufzeit. Eine Kündigung verhindert die nächste Verlängerung der Vertragslaufzeit; "
                + "die vereinbarten Monatsraten der aktuellen Laufzeit bleiben fällig.")
        let british = try Self.notice(page, "en-GB")
        #expect(british.contains("at least 24 hours before the end of the current period or commitment. Cancelling a commitment stops its next renewal"))
        #expect(!british.contains("account page") && !british.contains("<a "), "the App Store's settings, not the web account page")
    }

    @Test("A page without a commitment keeps the ordinary notice", arguments: [false, true])
    func aPageWithoutACommitmentKeepsTheOrdinaryNotice(_ appStore: Bool) throws {
        let upFront = appStore ? Self.appStore(Self.site) : Self.site
        let german = try Self.notice(upFront, "de-DE")
        #expect(german.hasSuffix(appStore ? "spätestens 24 Stunden vor Ablauf des aktuellen Zeitraums." : "kündigen."), "\(german)")
        #expect(!german.contains("Vertragslaufzeit"))
        // The same monthly page where the storefront has no monthly plan (USA): every option bills up front.
        let american = try Self.notice(BillingPlanTests.monthlyPage(upFront), "en-US")
        #expect(american.hasPrefix("Subscriptions renew automatically at the price and period shown until canceled."))
        #expect(!american.contains("commitment"), "\(american)")
    }

    @Test func theTextAndItsPartsAreTheSameWords() throws {
        let strings = LocalizationTests.theme.strings(for: "ja-JP", fallback: "en-US").strings
        let notice = AutoRenewNotice(billing: .web, strings: strings, manageURL: nil, hasCommitment: true)
        guard case .object(let parts) = notice.value, case .string(let before) = parts["before"], case .string(let link) = parts["link"],
              case .string(let after) = parts["after"] else {
            Issue.record("\(notice.value)")
            return
        }
        #expect(before + link + after == notice.text)
        #expect(link == "アカウントページ" && after.contains("契約期間"), "\(after)")
    }
}
