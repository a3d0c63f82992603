import Mustache

extension FuzzEntry {
    /// Templates parsed and rendered with partials, strict and not. The input is NUL-separated parts: the first
    /// is the main template (also in the library as `main`); each other part is a partial, `NAME=SOURCE`
    /// (a part without `=` is named `pI`, its index). Parts that do not parse are left out of the library.
    @Sendable public static func mustache(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let parts = text.split(separator: "\0", omittingEmptySubsequences: false)
        guard let main = try? Template(String(parts[0]), name: "main") else { return }
        var library = TemplateLibrary(["main": main])
        for (index, part) in parts.enumerated().dropFirst() {
            let (name, source) = part.firstIndex(of: "=").map { (String(part[..<$0]), String(part[part.index(after: $0)...])) }
                ?? ("p\(index)", String(part))
            if let template = try? Template(source, name: name) { library[name] = template }
        }
        _ = try? library.render("main", mustacheContext, strict: false)
        _ = try? library.render(main, mustacheContext, strict: true)
        _ = try? library.render(main, mustacheContext, strict: false, escape: { "\\" + $0 })
    }

    /// The kinds of values templates see, under names the Mustache spec and the theme use. Built per input:
    /// LeakSanitizer cannot see into a global `MustacheValue` (indirect cases keep tag bits in their pointers).
    static var mustacheContext: MustacheValue { [
        "boolean": true, "bool": false, "string": "<b>\"Tom & Jerry's\"</b>", "text": "Hello\n  world",
        "planet": "World", "b": "B", "c": 3, "n": 1.5, "big": 1e300, "zero": 0, "null": nil, "empty": "", "none": [],
        "a": ["b": ["c": "deep"], "name": "A"], "person": ["name": "Ada"], "data": ["x": 1],
        "foo": ["bar": ["baz": "foobarbaz"]], "dynamic": "content", "section": ["dynamic": "b"],
        "list": [["item": "x", "name": "one"], ["item": "y"]],
        "nodes": [["content": "X", "nodes": [["content": "Y", "nodes": []]]]],
        "lambda": .lambda(MustacheLambda { () -> MustacheValue in "{{planet}}" }),
        "wrap": .lambda(MustacheLambda { (section: String) -> MustacheValue in .string("<i>" + section + "</i>") }),
        "count": .lambda(MustacheLambda { () -> MustacheValue in 7 }),
    ] }
}
