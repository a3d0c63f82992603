#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import Synchronization

/// Every memo of a build, made by ``SiteBuilder`` from a fingerprint of what the memos may read; a caller that
/// builds again (`serve`) passes the cache of the build before, and the builder keeps it only while the fingerprint
/// is the same. No other stage decides when a memo is valid.
///
/// The memos are those of the resolver (storefronts, prices, texts, a page's options), of the option contexts
/// (with the identities templates know them by), of page layouts, links and notices, and of the template engine
/// (``RenderMemo``), each a ``BoundedCache``. They are kept as one value per rendering thread (``RenderState``), so
/// that threads never share the reference counts that rendering changes on every tag; a thread takes one for a
/// build and gives it back after.
///
/// Beside the memos, the cache holds what the last build rendered: the site files (``siteFiles(for:make:)``) and each
/// page with what it was read from (``PageRecords``), so that the next build renders only the pages whose inputs
/// changed and keeps the files of the others.
public final class BuildCache: Sendable {
    /// Everything a memo may have read that a page's front matter and body do not give (which are in the memos' own
    /// keys): the settings, the catalog and its prices, the templates and UI strings, which assets exist, the
    /// option fields the templates and pages name, and the site folder that messages name. Compared by value: two
    /// fingerprints are equal only when all of it is.
    struct Fingerprint: Equatable, Sendable {
        /// The folder, the settings, the catalog and its prices: what the catalog is read from.
        var catalog: CatalogMemo.Key
        var templates: [String: String]
        var assets: [String]
        /// nil: every field.
        var vocabulary: Set<String>?
        var baseURL: String?

        init(inputs: SiteInputs, vocabulary: OptionContext.Vocabulary) {
            catalog = CatalogMemo.Key(inputs)
            templates = inputs.templates
            assets = inputs.assets.keys.sorted()
            self.vocabulary = vocabulary.names
            baseURL = inputs.baseURL
        }
    }

    let fingerprint: Fingerprint
    /// The catalog and the content files the last build of this cache read, whatever else changed (each is found
    /// again by its own inputs).
    private let loaded = Mutex<(catalog: CatalogMemo?, content: ContentFiles?)>((nil, nil))
    var catalogMemo: CatalogMemo? {
        get { loaded.withLock { $0.catalog } }
        set { loaded.withLock { $0.catalog = newValue } }
    }
    var contentMemo: ContentFiles? {
        get { loaded.withLock { $0.content } }
        set { loaded.withLock { $0.content = newValue } }
    }
    private let idle = Mutex<[RenderState]>([])
    private let lastSiteFiles = Mutex<(key: SiteFilesKey, files: SiteFiles)?>(nil)
    let lastPages = Mutex<PageRecords?>(nil)

    /// What the locale choosers, the 404 pages and the host files read beside the fingerprint: the stylesheet's
    /// name and each locale's pages by name, title and kind (`serve` after an edit to a page's copy keeps them).
    struct SiteFilesKey: Equatable, Sendable {
        var stylesheet: String
        var locales: [String]
        var pages: [[String]]
        /// The static folder's top names, which `_headers` gives a policy each.
        var statics: [String]

        init(site: LoadedSite, stylesheet: String, statics: [String]) {
            self.stylesheet = stylesheet
            self.statics = statics
            locales = [site.defaultLocale] + site.locales
            pages = site.locales.map { locale in
                (site.pages[locale] ?? []).flatMap { [$0.name, $0.title, $0.isPlain ? "plain" : ""] }
            }
        }
    }

    /// Those files with where each came from, the routes they give, and what rendering them found.
    struct SiteFiles: Sendable {
        var files: [(OutputFile, String)]
        var routes: SiteRoutes
        var diagnostics: Diagnostics
    }

    /// The site files made for `key` by the last build of this cache, else `make()`'s (kept when they had no problem).
    func siteFiles(for key: SiteFilesKey, make: () -> SiteFiles) -> SiteFiles {
        if let last = lastSiteFiles.withLock({ $0 }), last.key == key { return last.files }
        let made = make()
        lastSiteFiles.withLock { $0 = made.diagnostics.all.isEmpty ? (key, made) : nil }
        return made
    }

    init(fingerprint: Fingerprint) {
        self.fingerprint = fingerprint
    }

    /// `previous` when it was made for the same fingerprint, else a new, empty cache.
    static func valid(_ previous: BuildCache?, for fingerprint: Fingerprint) -> BuildCache {
        if let previous, previous.fingerprint == fingerprint { return previous }
        return BuildCache(fingerprint: fingerprint)
    }

    /// A thread's state, kept from an earlier build or made now for `library` (the theme's templates).
    func take(library: TemplateLibrary) -> RenderState {
        var state = idle.withLock { $0.popLast() } ?? RenderState(library: library)
        state.startBuild()
        return state
    }

    func give(_ state: RenderState) { idle.withLock { $0.append(state) } }

    /// How many thread states the cache holds (between builds, one per thread that rendered).
    var stateCount: Int { idle.withLock { $0.count } }
}

/// What one rendering thread keeps from page to page and, in a ``BuildCache``, from build to build: the memos, its
/// own copy of the templates (with the render memo made for that copy) and of each locale's strings as a template
/// value; and, for one build only, the alternates of each page variant.
struct RenderState: Sendable {
    var resolved = Resolver.Cache()
    var pages = PageRenderer.Cache()
    /// The templates, copied for this thread; the memo serves this copy only.
    let library: TemplateLibrary
    let memo = RenderMemo()
    private var texts = BoundedCache<String, MustacheValue>(limit: 1_000)
    /// Each page variant's paths in every locale it is written in, and the key they are known by
    /// (`PageRenderer.Placement`): made from the build's pages, so emptied when a build starts.
    private var alternates: [String: (paths: [(locale: String, path: String)], key: String)] = [:]

    init(library: TemplateLibrary) {
        self.library = library.isolatedCopy()
    }

    mutating func startBuild() { alternates = [:] }

    mutating func alternates(of variant: String, make: () -> (paths: [(locale: String, path: String)], key: String))
        -> (paths: [(locale: String, path: String)], key: String) {
        if let known = alternates[variant] { return known }
        let made = make()
        alternates[variant] = made
        return made
    }

    /// The locale's strings as a template value, copied for this thread.
    mutating func texts(_ locale: PageUnits.Locale) -> MustacheValue {
        texts.kept(locale.locale) { locale.texts.isolatedCopy() }
    }
}
