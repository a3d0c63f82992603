import Foundation

/// Everything a build reads, loaded from disk first so that the build itself is pure.
public struct SiteInputs: Sendable {
    /// The site folder as the user named it, prefixed to paths in messages.
    public var folder: String
    public var config: String?
    /// The catalog file's contents, by its path relative to the site (nil when missing).
    public var catalog: (path: String, data: Data)?
    /// `content/*.md` by file name.
    public var content: [String: String]
    /// `assets/…` by path relative to `assets/`.
    public var assets: [String: Data]
    /// `templates/…` by path relative to `templates/`.
    public var templates: [String: String]
    /// Files that could not be read as UTF-8 text, with the path shown in messages.
    public var unreadable: [String]

    public init(folder: String, config: String?, catalog: (path: String, data: Data)?, content: [String: String],
                assets: [String: Data] = [:], templates: [String: String] = [:], unreadable: [String] = []) {
        self.folder = folder
        self.config = config
        self.catalog = catalog
        self.content = content
        self.assets = assets
        self.templates = templates
        self.unreadable = unreadable
    }

    public func path(_ relative: String) -> String { joinPath(folder, relative) }

    /// Reads a site folder through `fs`.
    public static func load(_ folder: String, fs: FileSystem = .disk) -> SiteInputs {
        var unreadable: [String] = []
        func text(_ relative: String) -> String? {
            guard let data = try? fs.read(joinPath(folder, relative)) else { return nil }
            guard let text = String(validating: data, as: UTF8.self) else { unreadable.append(joinPath(folder, relative)); return "" }
            return text
        }
        let config = text("paywall.yml")
        // The catalog's path comes from paywall.yml; a failed parse here is reported again by the build.
        var catalogPath = "catalog.yml"
        if let config, let root = try? YAML.parse(config, file: "paywall.yml"), case .scalar(let path, _)? = root["catalog"]?.value {
            catalogPath = path
        } else if !fs.exists(joinPath(folder, catalogPath)) {
            catalogPath = fs.list(folder).first { $0.hasSuffix(".storekit") && !$0.contains("/") } ?? catalogPath
        }
        let catalog = (try? fs.read(joinPath(folder, catalogPath))).map { (catalogPath, $0) }
        var content: [String: String] = [:]
        for name in fs.list(joinPath(folder, "content")) where name.hasSuffix(".md") && !name.contains("/") {
            content[name] = text("content/" + name)
        }
        var assets: [String: Data] = [:]
        for name in fs.list(joinPath(folder, "assets")) {
            assets[name] = try? fs.read(joinPath(folder, "assets/" + name))
        }
        var templates: [String: String] = [:]
        for name in fs.list(joinPath(folder, "templates")) { templates[name] = text("templates/" + name) }
        return SiteInputs(folder: folder, config: config, catalog: catalog, content: content, assets: assets,
                          templates: templates, unreadable: unreadable)
    }
}

/// One file of the output, by path relative to the output folder.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var data: Data

    public init(_ path: String, _ data: Data) {
        self.path = path
        self.data = data
    }

    public init(_ path: String, _ text: String) { self.init(path, Data(text.utf8)) }
}
