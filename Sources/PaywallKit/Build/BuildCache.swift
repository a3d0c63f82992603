import Synchronization

/// Every memo of a build, in one place, owned by ``SiteBuilder``: what `serve` keeps from one build to the next.
/// A memo sits only at the three stages whose output a build may have made before: the catalog read
/// (``CatalogRead``), each content file's parse (``ContentFiles/Parsed``) and each (locale, page) unit's output
/// (``PageUnits/UnitResult``). Each is keyed by the ``Digest`` of exactly the value its stage receives (a unit by the
/// digests of its parts, ``PageUnits/UnitKey``), and each stage is a pure function of that value, so that a memo can
/// never answer with what other inputs made: no other stage decides when a memo is valid, and Resolve and Render keep
/// nothing.
///
/// Beside them sit finer memos, only where `make bench` shows a site of many pages needs them, keyed the same way,
/// and, for one build, each rendering thread's option and hreflang lists (``RenderState/sections``: kept by the
/// list's values and every name its rendering read outside it, compared byte for byte, since a digest would cost
/// what they save).
/// A build made once (`paywall build`, `check`) has those for itself and computes no key of the three stages (and has
/// no memo at all when it makes one (locale, page) unit, since a memo answers only a second request). With
/// `PAYWALL_MEMO=off` the builder has no memo at all.
public final class BuildCache: Sendable {
    let catalogs = Memo<Digest, CatalogRead>()
    let contentFiles = Memo<Digest, ContentFiles.Parsed>()
    let units = Memo<PageUnits.UnitKey, PageUnits.UnitResult>()
    /// A page's options (by the digest of the site and ``Resolver/OptionsInput``), their cards (by that key and
    /// ``OptionContexts/Shared``), their contexts (by that key and ``OptionContexts/Input``) and their list in
    /// `offers.json` (by that key and ``PageOffers/Input``).
    let options = Memo<Digest, Resolver.Options>()
    let cards = Memo<Digest, OptionContexts.Cards>()
    let contexts = Memo<Digest, OptionContexts>()
    let offers = Memo<Digest, String>()
    /// The locale chooser and the host pages (``SiteBuilder/Plan/SiteFilesInput``), which `serve` makes after every
    /// edit of a page's copy otherwise.
    let siteFiles = Memo<Digest, SiteBuilder.Plan.SiteFiles>()
    /// `offers.json`'s hash, by the digest of every unit's list in it (``SiteBuilder/Plan/Pages/offersKey``): `serve`
    /// keeps the file, megabytes on a site of thousands of pages, when an edit leaves every list as it was.
    let offersFiles = Memo<Digest, String>()

    public init() {}

    /// The readers of the Load stage that look here first.
    var loadMemos: LoadMemos {
        LoadMemos(catalog: { [catalogs] input, read in catalogs.value(for: Digest(of: input), make: read) },
                  contentFile: { [contentFiles] input, parse in
                      contentFiles.value(for: Digest(of: input), make: parse)
                  })
    }

    /// A build is over: after a successful one each memo keeps only what that build asked for; after a failed one,
    /// also what the last successful build did (whose pages are still the output).
    func endBuild(succeeded: Bool) {
        catalogs.endBuild(succeeded: succeeded)
        contentFiles.endBuild(succeeded: succeeded)
        units.endBuild(succeeded: succeeded)
        options.endBuild(succeeded: succeeded)
        cards.endBuild(succeeded: succeeded)
        contexts.endBuild(succeeded: succeeded)
        offers.endBuild(succeeded: succeeded)
        siteFiles.endBuild(succeeded: succeeded)
        offersFiles.endBuild(succeeded: succeeded)
    }
}

/// Values by the key (digests) of the input they were made from, kept from one build to the next while a build asks
/// for them.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let tables = Mutex<(current: [Key: Value], last: [Key: Value])>(([:], [:]))
    private let makes = Atomic(0)

    /// The value made from the input with digest `key`: `make`'s, or the one made before from an input with that
    /// digest.
    func value(for key: Key, make: () -> Value) -> Value {
        if let known = lookUp(key) { return known }
        makes.add(1, ordering: .relaxed)
        let made = make()
        tables.withLock { $0.current[key] = made }
        return made
    }

    /// The value kept for `key`, now kept for this build too.
    func lookUp(_ key: Key) -> Value? {
        tables.withLock { tables in
            if let value = tables.current[key] { return value }
            guard let value = tables.last[key] else { return nil }
            tables.current[key] = value
            return value
        }
    }

    /// Keeps `value`, made from the input with digest `key` after `lookUp` found none.
    func insert(_ value: Value, for key: Key) {
        makes.add(1, ordering: .relaxed)
        tables.withLock { $0.current[key] = value }
    }

    func endBuild(succeeded: Bool) {
        tables.withLock { tables in
            if succeeded {
                tables = (current: [:], last: tables.current)
            } else {
                tables.last.merge(tables.current) { _, new in new }
                tables.current = [:]
            }
        }
    }

    var count: Int {
        tables.withLock { tables in tables.last.count + tables.current.keys.filter { tables.last[$0] == nil }.count }
    }

    /// How many values were made, not found (`value(for:make:)` ran `make`, or one was inserted).
    var made: Int { makes.load(ordering: .relaxed) }
}
