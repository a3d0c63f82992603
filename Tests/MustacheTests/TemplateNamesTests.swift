import Testing
@testable import Mustache

@Suite("The names a template looks up")
struct TemplateNamesTests {
    @Test("variables, sections, dotted names, dynamic partials, parents' arguments and blocks; not comments, partial names or text")
    func names() throws {
        let template = try Template("""
            {{! comment }}{{title}} {{{raw}}} {{&amp}}{{#offer}}{{price.amount}}{{/offer}}{{^empty}}{{.}}{{/empty}}
            {{>card}}{{>*chosen}}{{<layout}}{{$header}}{{inHeader}}{{/header}}{{/layout}}{{$footer}}{{inFooter}}{{/footer}}
            {{=<% %>=}}<%changed%>
            """, name: "t")
        #expect(template.referencedNames == ["title", "raw", "amp", "offer", "price", "amount", "empty", "chosen", "inHeader",
                                             "inFooter", "changed"])
    }

    @Test("a library's names are those of all its templates")
    func library() throws {
        let library = TemplateLibrary(templates: [try Template("{{a}}", name: "one"), try Template("{{#b}}{{c}}{{/b}}", name: "two")])
        #expect(library.referencedNames == ["a", "b", "c"])
        #expect(TemplateLibrary().referencedNames.isEmpty)
    }
}
