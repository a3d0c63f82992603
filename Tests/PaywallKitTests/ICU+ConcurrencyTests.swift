import Dispatch
import Synchronization
import Testing
@testable import PaywallKit

/// CLocale keeps the ICU formatters and plural rules it opened, shared by every thread, and closes the least recently
/// used one when it holds as many as it may. Rendering threads format at once, so a handle given to the wrong call,
/// or closed while another thread formats with it, would show here as a wrong text or a crash.
@Suite struct ICUConcurrencyTests {
    /// More locales than the C side keeps handles for (each below opens 18: two currencies, percent, number, plural
    /// rules and their number formatter, 12 durations), so that handles are closed and opened again while other threads
    /// use theirs.
    static let locales = [
        "en-US", "de-DE", "fr-FR", "ja-JP", "ar-SA", "he-IL", "ru-RU", "pl-PL", "pt-BR", "zh-Hans", "ko-KR", "tr-TR",
        "es-AR", "es-ES", "it-IT", "nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "cs-CZ", "sk-SK", "uk-UA", "el-GR",
        "hu-HU", "ro-RO", "bg-BG", "hr-HR", "sl-SI", "lt-LT", "lv-LV", "et-EE", "th-TH", "vi-VN", "id-ID", "ms-MY",
        "hi-IN", "bn-BD", "fa-IR", "ur-PK", "ga-IE", "cy-GB",
    ]

    /// Every call of one kind the test makes, by name, with what it returns.
    static let calls: [(name: String, call: @Sendable () -> String)] = locales.flatMap { locale in
        var calls: [(name: String, call: @Sendable () -> String)] = [
            ("currency EUR \(locale)", { ICU.formatCurrency("54.99", currency: "EUR", locale: locale) }),
            ("currency JPY \(locale)", { ICU.formatCurrency("7800", currency: "JPY", locale: locale) }),
            ("percent \(locale)", { ICU.formatPercent(35, locale: locale) }),
            ("number \(locale)", { ICU.formatNumber("1234.5", locale: locale) }),
        ]
        for count in [0, 1, 2, 3, 5, 11, 21, 101] {
            calls.append(("plural \(count) \(locale)", { ICU.pluralCategory(count, locale: locale).rawValue }))
        }
        for unit in ICU.DurationUnit.allCases {
            for width in ICU.UnitWidth.allCases {
                calls.append(("\(width) \(unit) \(locale)", { ICU.formatDuration(3, unit, width: width, locale: locale) }))
            }
        }
        return calls
    }

    @Test func manyThreadsGetWhatOneThreadGets() {
        let serial = Self.calls.map { $0.call() }
        let wrong = Mutex<[String]>([])
        let threads = 16
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread walks the calls from its own place, twice, so that threads ask for different handles at once.
            let count = Self.calls.count
            for step in 0..<(2 * count) {
                let index = (thread * count / threads + step * (thread % 2 == 0 ? 1 : count - 1)) % count
                let result = Self.calls[index].call()
                if result != serial[index] {
                    wrong.withLock { $0.append("\(Self.calls[index].name): \(result), serially \(serial[index])") }
                }
            }
        }
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0.prefix(10) })")
    }

    /// The serial results are ICU's: a wrong handle reused serially would be caught here, not only across threads.
    @Test func resultsAfterTheHandlesWereCycledAreICUs() {
        for call in Self.calls { _ = call.call() }
        #expect(ICU.formatCurrency("54.99", currency: "EUR", locale: "de-DE") == "54,99\u{A0}€")
        #expect(ICU.formatDuration(3, .month, width: .wide, locale: "ru-RU") == "3 месяца")
        #expect(ICU.formatDuration(3, .month, width: .wide, locale: "en-US") == "3 months")
        #expect(ICU.pluralCategory(3, locale: "ar-SA") == .few)
        #expect(ICU.pluralCategory(1, locale: "en-US") == .one)
        #expect(ICU.pluralCategory(5, locale: "pl-PL") == .many)
        #expect(ICU.formatPercent(35, locale: "tr-TR") == "%35")
        // The same locale written another way is a handle of its own, with the same results.
        #expect(ICU.formatDuration(3, .week, width: .short, locale: "de_DE") == ICU.formatDuration(3, .week, width: .short, locale: "de-DE"))
    }
}
