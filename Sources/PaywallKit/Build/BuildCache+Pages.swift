#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

extension BuildCache {
    /// What every page reads beside the fingerprint and its own content files: the stylesheet it links (named by the
    /// content of the page styles of every page), the site's locales (the default first), and each locale's policy
    /// pages by address.
    struct PagesKey: Equatable, Sendable {
        var stylesheet: String
        var locales: [String]
        var policyPaths: [[String: String]]
    }

    /// What one (locale, page) is rendered from beside the ``PagesKey``: its content file (the translation the locale
    /// reads, else the base file, whose front matter a translation is read over), how many files the page has (whether
    /// its base copy on another language's page is reported), and the locales it is written in (its alternates).
    struct PageSource: Equatable, Sendable {
        var locale: String
        var name: String
        var file: String
        var files: Int
        var locales: [String]

        /// Whether `contains` holds for the names (relative to `content/`) of the base file and of the file read.
        func contentFiles(all contains: (String) -> Bool) -> Bool {
            let own = String(file[(file.lastIndex(of: "/").map(file.index(after:)) ?? file.startIndex)...])
            return contains(own) && (own == name + ".md" || contains(name + ".md"))
        }
    }

    /// One (locale, page) of a build: what it was rendered from and what that gave, as ranges of the build's
    /// ``PageRecords``: its files (manifest entries) and its diagnostics.
    struct PageRecord: Sendable {
        var source: PageSource
        var entries: Range<Int>
        var offers: Range<Int>
        var diagnostics: Range<Int>
    }

    /// The pages of a build with what they were read from: the key, the content files' text, the manifest entries
    /// and `offers.json`'s pages in the order of the pages (the build's own values, not copies), every page's
    /// diagnostics in that order (one array, not one per page), and each page's record.
    struct PageRecords: Sendable {
        var key: PagesKey
        var content: [String: String]
        var entries: [Manifest.Entry] = []
        var offers: [(path: String, json: String)] = []
        var diagnostics: [Diagnostic] = []
        var pages: [PageRecord] = []

        /// Adds a page's record after the others.
        mutating func append(_ source: PageSource, _ result: PageUnits.UnitResult) {
            let entriesStart = entries.count, offersStart = offers.count, diagnosticsStart = diagnostics.count
            entries += result.entries
            offers += result.offers
            diagnostics += result.repeated
            diagnostics += result.diagnostics.all
            pages.append(PageRecord(source: source, entries: entriesStart..<entries.count,
                                    offers: offersStart..<offers.count,
                                    diagnostics: diagnosticsStart..<diagnostics.count))
        }
    }

    /// Keeps the pages of a successful build, for the next build with this cache (a failed build records none: its
    /// pages are not in the output).
    func record(_ records: PageRecords) { lastPages.withLock { $0 = records } }

    /// The pages of the last successful build that the next one may keep: none when that was for other site-level
    /// inputs (or there was none).
    func keptPages(for key: PagesKey, content: [String: String]) -> KeptPages? {
        guard let last = lastPages.withLock({ $0 }), last.key == key else { return nil }
        return KeptPages(last, content: content)
    }

    /// The previous build's pages, looked up by (locale, page): a page is offered for keeping when everything it was
    /// rendered from is as it was (its content files byte for byte). Whether its files are still in the output is for
    /// the output to say (``OutputSink/keep(_:hash:)``).
    struct KeptPages: Sendable {
        private let last: PageRecords
        /// Each record's index, by "locale/page".
        private let index: [String: Int]
        /// The content files whose text is the same as the previous build's.
        private let unchanged: Set<String>

        init(_ last: PageRecords, content: [String: String]) {
            self.last = last
            index = Dictionary(last.pages.indices.map {
                ("\(last.pages[$0].source.locale)/\(last.pages[$0].source.name)", $0)
            }) { first, _ in first }
            unchanged = Set(content.compactMap { name, text in
                last.content[name].map { Self.sameBytes($0, text) } == true ? name : nil
            })
        }

        /// What rendering `source` gave last time (marked kept), when it would give the same now.
        func result(for source: PageSource) -> PageUnits.UnitResult? {
            guard let index = index["\(source.locale)/\(source.name)"], case let record = last.pages[index],
                  record.source == source, source.contentFiles(all: unchanged.contains) else { return nil }
            return PageUnits.UnitResult(entries: Array(last.entries[record.entries]),
                                        offers: Array(last.offers[record.offers]),
                                        repeated: last.diagnostics[record.diagnostics], kept: true)
        }

        /// Byte equality (not String's, which takes canonically equivalent text for equal: it renders other bytes).
        static func sameBytes(_ first: String, _ second: String) -> Bool {
            var first = first, second = second
            return first.withUTF8 { one in
                second.withUTF8 { two in
                    Platform.sameBytes(one, two)
                }
            }
        }
    }
}
