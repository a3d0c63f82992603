import Mustache
import PaywallPlatform

/// The site's `content/*.md`, parsed once: base files and their translations (`NAME.LOCALE.md`).
public struct ContentFiles: Sendable {
    /// One parsed file.
    public struct File: Sendable {
        public var name: String
        public var locale: String?
        public var path: String
        public var pairs: [YAMLPair]
        public var body: String
        public var bodyLine: Int
        /// Why the front matter could not be read, reported when the file is used as a store page.
        public var problem: Diagnostic?
        /// The body parsed as a template, once, when it has placeholders.
        public var bodyTemplate: Result<Template, MustacheError>?
    }

    /// By base name, then locale ("" for the base file).
    public var files: [String: [String: File]] = [:]
    /// The site folder, to name paths looked for.
    public var folder: String = ""

    /// Everything parsing one file receives: its name in `content/`, its path (which messages name), its text and
    /// whether raw HTML is allowed.
    public struct Input: Encodable, Sendable {
        var fileName: String, path: String, text: String, allowRawHTML: Bool
    }

    /// One file as read and checked.
    public struct Parsed: Sendable {
        var file: File
        var diagnostics: [Diagnostic]
    }

    /// Parses every file, collecting problems; links in the Markdown must be https or relative. `memo` is given each
    /// file's input and the parse, which it runs or finds again (a build cache's, by the input's digest).
    public init(_ content: [String: String], folder: String, allowRawHTML: Bool = false,
         memo: (Input, () -> Parsed) -> Parsed = { $1() }, diagnostics: inout Diagnostics) {
        self.folder = folder
        for (fileName, text) in content.sorted(by: { $0.key < $1.key }) {
            let (name, locale) = PageLoader.nameAndLocale(fileName)
            let path = joinPath(folder, "content/" + fileName)
            // Never a public page `premium.de_DE`: the locale in a file name is BCP 47, as everywhere in a site.
            if let fixed = PageLoader.hyphenatedTranslation(fileName) {
                diagnostics.error(SourceLocation(file: path),
                                  "'\(fileName)' writes its locale with '_', so it is no translation",
                                  hint: "rename it \(fixed): a translation is NAME.LOCALE.md with a BCP 47 locale")
                continue
            }
            if let other = files[name]?[locale ?? ""] {
                diagnostics.error(SourceLocation(file: path),
                                  "\(other.path) and \(path) are both the \(locale ?? "base") file of '\(name)'",
                                  hint: locale.map {
                    "\(other.path.split(separator: "/").last ?? "") and \(fileName) name one locale (\($0)); keep one"
                } ?? "keep one")
                continue
            }
            let file = memo(Input(fileName: fileName, path: path, text: text, allowRawHTML: allowRawHTML)) {
                var found = Diagnostics()
                return Parsed(file: Self.parse(text, name: name, locale: locale, path: path,
                                               allowRawHTML: allowRawHTML, diagnostics: &found),
                              diagnostics: found.all)
            }
            diagnostics.append(contentsOf: file.diagnostics)
            files[name, default: [:]][locale ?? ""] = file.file
        }
    }

    /// One file: its front matter and body, the body checked and parsed as a template when it has placeholders.
    static func parse(_ text: String, name: String, locale: String?, path: String, allowRawHTML: Bool,
                      diagnostics: inout Diagnostics) -> File {
        do {
            let parsed = try PageLoader.frontMatter(text, file: path)
            let body = parsed.split.body
            MarkdownCheck.check(body, file: path, firstLine: parsed.split.bodyLine, allowRawHTML: allowRawHTML,
                                placeholders: body.containsText("{{"), diagnostics: &diagnostics)
            let template = body.containsText("{{") ? Result { () throws(MustacheError) in
                try Template(body, name: path)
            } : nil
            if case .success(let bodyTemplate)? = template {
                Self.checkEscaped(bodyTemplate, file: path, firstLine: parsed.split.bodyLine, diagnostics: &diagnostics)
            }
            return File(name: name, locale: locale, path: path, pairs: parsed.pairs, body: body,
                        bodyLine: parsed.split.bodyLine, bodyTemplate: template)
        } catch {
            // Policy pages may be plain Markdown; a store page without front matter reports `problem` when used.
            let plain = !text.hasPrefix("---")
            return File(name: name, locale: locale, path: path, pairs: [], body: plain ? text : "", bodyLine: 1,
                        problem: error)
        }
    }

    /// The files that the front matter of a file some locale reads names as policy pages (`policies:
    /// { termsOfService: { page: terms.md } }`), by base name, each with where it is named. A translation that no
    /// locale reads names none: what it says is in no page.
    public func policyPageReferences(readBy locales: [String]) -> [(name: String, location: SourceLocation)] {
        var references: [(name: String, location: SourceLocation)] = []
        for name in names {
            // Which locale reads a file is asked only of names whose files name policies (few, or none).
            let naming = (files[name] ?? [:]).values.compactMap { file in
                file.pairs.first { $0.key == "policies" }.map { (path: file.path, policies: $0.value) }
            }
            guard !naming.isEmpty else { continue }
            let read = Set(locales.compactMap { file(name, locale: $0)?.path })
            for (path, policies) in naming.sorted(by: { $0.path < $1.path }) where read.contains(path) {
                for key in ["termsOfService", "privacyPolicy"] {
                    guard let node = policies[key]?["page"], case .scalar(let page, _) = node.value else { continue }
                    references.append((PageLoader.nameAndLocale(page).name, node.location))
                }
            }
        }
        return references
    }

    /// Whether a file of `name` names what a store page sells (`groupID` or `productIDs`).
    public func isStorePage(_ name: String) -> Bool {
        files[name]?.values.contains { $0.pairs.contains { $0.key == "groupID" || $0.key == "productIDs" } } ?? false
    }

    /// Copy fills placeholders as text: `{{{name}}}` and `{{&name}}` would put catalog text into the page as markup.
    static func checkEscaped(_ template: Template, file: String, firstLine: Int, diagnostics: inout Diagnostics) {
        for tag in template.unescapedVariables {
            diagnostics.error(SourceLocation(file: file, line: firstLine + tag.line - 1, column: tag.column),
                              "the placeholder '\(tag.name)' is written unescaped ({{{…}}} or {{&…}})",
                              hint: "write {{\(tag.name)}}: copy holds placeholders as text, never as HTML")
        }
    }

    /// Base names in order.
    public var names: [String] { files.keys.sorted() }

    /// The most specific file for `locale`: `pro.de-AT.md`, `pro.de.md`, then `pro.md`.
    public func file(_ name: String, locale: String) -> File? {
        let variants = files[name] ?? [:]
        // A page with no translation, as most are, is its base file in every locale.
        if variants.count == 1, let base = variants[""] { return base }
        for candidate in LocaleID.fallbacks(locale) { if let file = variants[candidate] { return file } }
        return variants[""]
    }

    /// A page in `locale`: the base file's front matter with the translation's keys over it, and the translation's
    /// body.
    public func page(_ name: String, locale: String, diagnostics: inout Diagnostics) -> Page? {
        guard let base = files[name]?[""] else { return nil }
        let file = file(name, locale: locale) ?? base
        for problem in [base.problem, file.problem].compactMap({ $0 }) { diagnostics.append(problem) }
        guard base.problem == nil, file.problem == nil else { return nil }
        var pairs = base.pairs
        var translated = Set<String>()
        var featureLabels: YAMLNode?
        if file.locale != nil {
            for pair in file.pairs {
                translated.insert(pair.key)
                // A translation's features translate the base file's rows rather than replace them.
                if pair.key == "features" { featureLabels = pair.value; continue }
                if let index = pairs.firstIndex(where: { $0.key == pair.key }) {
                    pairs[index] = pair
                } else { pairs.append(pair) }
            }
        }
        var page = PageLoader.page(name: name, locale: file.locale, file: file.path, pairs: pairs, body: file.body,
                                   bodyLine: file.bodyLine, featureLabels: featureLabels, diagnostics: &diagnostics)
        page?.bodyTemplate = file.bodyTemplate
        page?.translatedKeys = translated
        return page
    }
}
