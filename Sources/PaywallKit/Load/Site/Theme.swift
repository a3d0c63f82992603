#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// The templates, UI strings and stylesheet: the default theme, overridden file by file by a site's `templates/`.
public struct Theme: Sendable {
    /// Parsed templates by partial name.
    public var library: TemplateLibrary
    /// UI strings by language file name (`en`, `pt-BR`), the site's keys over the theme's.
    public var strings: [String: [String: Strings.Value]]
    public var stylesheet: String

    /// The files of the default theme, compiled into the binary.
    public static let defaultFiles: [String: String] = DefaultThemeFiles.files

    /// Builds the theme from the default files and a site's overrides (paths relative to `templates/`).
    /// `siteFolder` names the overrides' folder in messages.
    /// `languages`, when given, limits the default theme's strings to those files (a site rarely needs all 21).
    public static func load(overrides: [String: String], siteFolder: String = "templates",
                            languages: Set<String>? = nil) throws(DiagnosticsError) -> Theme {
        var diagnostics = Diagnostics()
        // Lowest priority first, so that later entries win: theme NAME, theme partials/NAME, site NAME, site
        // partials/NAME.
        var sources: [String: (text: String, file: String)] = [:]
        for (files, prefix) in [(defaultFiles, "(default theme) templates"), (overrides, siteFolder)] {
            for partials in [false, true] {
                for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
                    guard path.hasPrefix("partials/") == partials else { continue }
                    let name = String(path.dropFirst(partials ? 9 : 0).dropLast(9))
                    sources[name] = (text, "\(prefix)/\(path)")
                }
            }
        }
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do { templates[name] = try Template(source.text, name: source.file) } catch {
                diagnostics.error(SourceLocation(file: error.template, line: error.line, column: error.column),
                                  error.message)
            }
        }
        var strings: [String: [String: Strings.Value]] = [:]
        for (files, prefix, isDefault) in [(defaultFiles, "(default theme) templates", true),
                                           (overrides, siteFolder, false)] {
            for (path, text) in files.sorted(by: { $0.key < $1.key })
            where path.hasPrefix("strings/") && path.hasSuffix(".json") {
                let language = String(path.dropFirst(8).dropLast(5))
                if isDefault, let languages, !languages.contains(language) { continue }
                let file = "\(prefix)/\(path)"
                guard let root = diagnostics.collect({ try YAML.parse(text, file: file) }),
                      let values = diagnostics.collect({ try Strings.parse(root, file: file) }) else { continue }
                strings[language, default: [:]].merge(values) { _, site in site }
            }
        }
        if sources["page"] == nil {
            diagnostics.error(SourceLocation(file: "\(siteFolder)/page.mustache"), "the theme has no page.mustache",
                              hint: "add templates/page.mustache")
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        let css = overrides["paywall.css"] ?? defaultFiles["paywall.css"] ?? ""
        return Theme(library: TemplateLibrary(templates), strings: strings, stylesheet: css)
    }

    /// The strings for `locale`, falling back by language, then to `fallback`, then English;
    /// `missing` names the locale when it had no strings file of its own.
    public func strings(for locale: String, fallback: String) -> (strings: Strings, missing: Bool) {
        let chain = Self.languages(for: locale, fallback: fallback)
        let found = chain.filter { strings[$0] != nil }
        var values: [String: Strings.Value] = [:]
        for language in found.reversed() { values.merge(strings[language]!) { _, specific in specific } }
        let own = Strings.candidates(for: locale).contains { strings[$0] != nil }
        return (Strings(locale: locale, values: values, sources: found), !own)
    }

    /// The strings files `locale` may read, most specific first.
    public static func languages(for locale: String, fallback: String) -> [String] {
        Strings.candidates(for: locale) + Strings.candidates(for: fallback) + ["en"]
    }
}
