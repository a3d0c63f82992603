import Mustache

extension SiteConfig {
    /// A page's script as the templates take it (`{{#script}}…{{hash}}…{{{script}}}…{{/script}}`), or null.
    static func templateValue(_ script: (source: String, hash: String)?) -> MustacheValue {
        script.map { .object(["script": .string($0.source), "hash": .string($0.hash)]) } ?? .null
    }
}
