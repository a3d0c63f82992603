#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// Everything a build reads, loaded from disk first so that the build itself is pure.
public struct SiteInputs: Sendable {
    /// The site folder as the user named it, prefixed to paths in messages.
    public var folder: String
    /// `paywall.yml`'s text (nil when the site has none).
    public var config: String? { didSet { settings = Self.parseSettings(config, folder: folder) } }
    /// `paywall.yml` parsed, once per build: the catalog's path is found in it, and the Load stage reads it.
    public private(set) var settings: Result<YAMLNode, Diagnostic>?
    /// The catalog file's contents, by its path relative to the site (nil when missing).
    public var catalog: (path: String, data: Data)?
    /// `content/*.md` by file name.
    public var content: [String: String]
    /// `assets/…` by path relative to `assets/`.
    public var assets: [String: Data]
    /// `templates/…` by path relative to `templates/`.
    public var templates: [String: String]
    /// `static/…` (copied to the output root), by path relative to `static/`.
    public var statics: [String: Data] = [:]
    /// `--base-url`: replaces paywall.yml's baseURL (a preview deploy's address), checked as it is.
    public var baseURL: String?
    /// Files that could not be read as UTF-8 text, with the path shown in messages.
    public var unreadable: [String]
    /// Files that could not be read at all (a folder, a pipe, too large, outside the site), as errors.
    public var problems: [Diagnostic] = []
    /// Why the catalog could not be read, when it exists but is not a readable file inside the site.
    public var catalogProblem: Diagnostic?
    /// `prices.yml` beside a `.storekit` catalog, by its path relative to the site: more storefronts' prices.
    public var prices: (path: String, text: String)?

    public init(folder: String, config: String?, catalog: (path: String, data: Data)?, content: [String: String],
                assets: [String: Data] = [:], templates: [String: String] = [:], unreadable: [String] = []) {
        self.init(folder: folder, config: config, settings: Self.parseSettings(config, folder: folder),
                  catalog: catalog, content: content, assets: assets, templates: templates, unreadable: unreadable)
    }

    /// `settings`: `config` parsed already.
    private init(folder: String, config: String?, settings: Result<YAMLNode, Diagnostic>?,
                 catalog: (path: String, data: Data)?, content: [String: String], assets: [String: Data],
                 templates: [String: String], unreadable: [String]) {
        self.folder = folder
        self.config = config
        self.settings = settings
        self.catalog = catalog
        self.content = content
        self.assets = assets
        self.templates = templates
        self.unreadable = unreadable
    }

    public func path(_ relative: String) -> String { joinPath(folder, relative) }

    static func parseSettings(_ text: String?, folder: String) -> Result<YAMLNode, Diagnostic>? {
        guard let text else { return nil }
        do {
            return .success(try YAML.parse(text, file: joinPath(folder, "paywall.yml")))
        } catch {
            return .failure(error)
        }
    }

    /// The catalog's path relative to the site, and the place in paywall.yml that names it: paywall.yml's `catalog`,
    /// else catalog.yml when it exists, else the first `.storekit` file at the site's top, else catalog.yml.
    static func catalogPath(settings: Result<YAMLNode, Diagnostic>?, folder: String, fs: FileSystem)
        -> (path: String, location: SourceLocation?) {
        if case .success(let root)? = settings, let node = root["catalog"], case .scalar(let path, _) = node.value {
            return (path, node.location)
        }
        let standard = "catalog.yml"
        guard !fs.exists(joinPath(folder, standard)) else { return (standard, nil) }
        return (fs.list(folder).first { $0.hasSuffix(".storekit") && !$0.containsText("/") } ?? standard, nil)
    }

    /// The catalog's path relative to the site folder, as a build would read it now: what `paywall serve` watches
    /// from the start, before its first build.
    public static func catalogPath(of folder: String, fs: FileSystem = .disk) -> String {
        let config = (try? fs.read(joinPath(folder, "paywall.yml"))).map { String(decoding: $0, as: UTF8.self) }
        return catalogPath(settings: parseSettings(config, folder: folder), folder: folder, fs: fs).path
    }

    /// Reads a site folder through `fs`. Nothing outside the site folder is read.
    public static func load(_ folder: String, fs: FileSystem = .disk) -> SiteInputs {
        var unreadable: [String] = []
        var problems: [Diagnostic] = []
        let root = fs.resolve(folder)
        /// Whether the path, links resolved, stays inside the site.
        func isInside(_ relative: String) -> Bool { fs.resolve(joinPath(folder, relative)).hasPrefix(root + "/") }
        /// A listed file: read when it is a file inside the site (a link may lead elsewhere in it).
        func listed(_ relative: String, hidden: Bool = false) -> Bool {
            let path = joinPath(folder, relative)
            if !hidden, TextFormat.lastPathComponent(relative).hasPrefix(".") {
                problems.append(.warning(SourceLocation(file: path),
                                         "the file's name starts with '.', so it is hidden and left out",
                                         hint: "rename it without the leading '.'"))
                return false
            }
            guard isInside(relative) else {
                problems.append(.error(SourceLocation(file: path),
                                       "the file is a link to a place outside the site folder",
                                       hint: "copy the file into the site; links are followed only inside it"))
                return false
            }
            if !fs.exists(path) {
                problems.append(.error(SourceLocation(file: path),
                                       "the file is a link to nothing (its target does not exist)",
                                       hint: "fix or remove the link"))
                return false
            }
            return true
        }
        /// The files below a folder of the site (`static`, `assets`…), as `fs.list`; a folder that is a link to a
        /// place outside the site is one error for the folder, not one for each file in it.
        func files(in relative: String, hidden: Bool = false) -> [String] {
            let path = joinPath(folder, relative)
            let list = hidden ? fs.listHidden ?? fs.list : fs.list
            guard fs.exists(path), !isInside(relative) else { return list(path) }
            problems.append(.error(SourceLocation(file: path),
                                   "\(relative)/ is a link to a folder outside the site folder",
                                   hint: "copy the folder into the site, or link to one inside it; "
                                       + "links are followed only inside it"))
            return []
        }
        func data(_ relative: String, at location: SourceLocation? = nil,
                  report: (Diagnostic) -> Void = { problems.append($0) }) -> Data? {
            let path = joinPath(folder, relative)
            do { return try fs.read(path) } catch {
                if let error = error as? FileSystem.ReadError, error != .missing {
                    // At the line that names it, the message names the file; at the file itself, it need not.
                    report(.error(location ?? SourceLocation(file: path),
                                  location == nil ? error.message : "\(path): \(error.message)",
                                  hint: "make it a readable file, or remove it"))
                }
                return nil
            }
        }
        /// nil when missing or not text (then an error at the first bad byte says why).
        func text(_ relative: String) -> String? {
            guard let data = data(relative) else { return nil }
            switch TextFile.decode(data, path: joinPath(folder, relative)) {
            case .success(let text): return text
            case .failure(let problem):
                unreadable.append(joinPath(folder, relative))
                problems.append(problem)
                return nil
            }
        }
        // A paywall.yml that is not text is reported; the build then stops at its (empty) settings.
        let config = text("paywall.yml") ?? (unreadable.contains(joinPath(folder, "paywall.yml")) ? "" : nil)
        // A failed parse here is reported again by the build.
        let settings = parseSettings(config, folder: folder)
        let (catalogPath, catalogLocation) = Self.catalogPath(settings: settings, folder: folder, fs: fs)
        var catalog: (String, Data)?
        var catalogProblem: Diagnostic?
        // SiteConfig reports a path that leaves the site; a link that leads out of it is reported here.
        if SitePath.isInside(catalogPath) {
            if isInside(catalogPath) || !fs.exists(joinPath(folder, catalogPath)) {
                catalog = data(catalogPath, at: catalogLocation, report: { catalogProblem = $0 })
                    .map { (catalogPath, $0) }
            } else {
                catalogProblem = .error(catalogLocation ?? SourceLocation(file: joinPath(folder, catalogPath)),
                                        "the catalog '\(catalogPath)' is a link to a file outside the site folder",
                                        hint: "copy the catalog into the site folder")
            }
        }
        var prices: (String, String)?
        let pricesPath = PriceOverlay.path(beside: catalogPath)
        if catalogPath.hasSuffix(".storekit"), catalog != nil, fs.exists(joinPath(folder, pricesPath)),
           listed(pricesPath) {
            prices = text(pricesPath).map { (pricesPath, $0) }
        }
        var content: [String: String] = [:]
        for name in files(in: "content")
        where name.hasSuffix(".md") && !name.containsText("/") && listed("content/" + name) {
            content[name] = text("content/" + name)
        }
        var assets: [String: Data] = [:]
        for name in files(in: "assets") where listed("assets/" + name) {
            assets[name] = data("assets/" + name)
        }
        var templates: [String: String] = [:]
        for name in files(in: "templates") where listed("templates/" + name) {
            templates[name] = text("templates/" + name)
        }
        var statics: [String: Data] = [:]
        for name in files(in: "static", hidden: true)
        where isPublished(name) && listed("static/" + name, hidden: true) {
            statics[name] = data("static/" + name)
        }
        var inputs = SiteInputs(folder: folder, config: config, settings: settings, catalog: catalog, content: content,
                                assets: assets, templates: templates, unreadable: unreadable)
        inputs.statics = statics
        inputs.problems = problems
        inputs.catalogProblem = catalogProblem
        inputs.prices = prices
        return inputs
    }

    /// Editor and version-control litter is left out; every other file, hidden or not, is published.
    static func isPublished(_ path: String) -> Bool {
        !path.split(separator: "/").contains { [".DS_Store", ".git", ".svn", ".hg", "Thumbs.db"].contains($0) }
    }
}
