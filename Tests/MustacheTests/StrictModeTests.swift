import Mustache
import Testing

/// Strict mode turns silent misses into located errors; everything else renders as usual.
@Suite("Strict mode")
struct StrictModeTests {
    let context: MustacheValue = [
        "products": ["pro": ["yearly": ["price": "$90"]]],
        "tagline": nil,
        "items": [["name": "a"], ["name": "b"]],
    ]

    @Test func missingDottedNameThrowsWithLocation() throws {
        let template = try Template("Pro plan\n  costs {{products.pro.yearly.prise}} a year", name: "pricing")
        #expect(throws: MustacheError(template: "pricing", line: 2, column: 9,
                                      message: "no value named 'products.pro.yearly.prise'")) {
            _ = try template.render(context, strict: true)
        }
        #expect(try template.render(context) == "Pro plan\n  costs  a year")
    }

    /// An object writes nothing, so a name one level short would drop the price it meant from the page unseen.
    @Test func anObjectNamedWhereTextGoesThrowsWithLocation() throws {
        let template = try Template("Pro plan\n  costs {{products.pro.yearly}} a year", name: "pricing")
        #expect(throws: MustacheError(template: "pricing", line: 2, column: 9,
                                      message: "'products.pro.yearly' holds several values (price), not text: "
                                          + "name one of them, such as 'products.pro.yearly.price'")) {
            _ = try template.render(context, strict: true)
        }
        #expect(try template.render(context) == "Pro plan\n  costs  a year", "the spec's rendering when not strict")
        #expect(try Template("{{#products.pro.yearly}}{{price}}{{/products.pro.yearly}}", name: "t")
            .render(context, strict: true) == "$90", "an object opens a section")
    }

    @Test(arguments: ["{{missing}}", "{{{missing}}}", "{{& missing}}"])
    func everyInterpolationFormIsChecked(_ tag: String) throws {
        let template = try Template("x " + tag, name: "t")
        #expect(throws: MustacheError(template: "t", line: 1, column: 3, message: "no value named 'missing'")) {
            _ = try template.render(context, strict: true)
        }
    }

    @Test func explicitNullIsNotAnError() throws {
        let template = try Template("[{{tagline}}][{{{tagline}}}]", name: "t")
        #expect(try template.render(context, strict: true) == "[][]")
    }

    @Test func sectionsOfMissingNamesAreJustFalsey() throws {
        let template = try Template(
            "{{#missing}}yes{{/missing}}{{^missing}}no{{/missing}}{{#products.basic}}b{{/products.basic}}",
            name: "t")
        #expect(try template.render(context, strict: true) == "no")
    }

    @Test func namesResolveThroughEnclosingFrames() throws {
        let template = try Template("{{#items}}{{name}}{{products.pro.yearly.price}} {{/items}}", name: "t")
        #expect(try template.render(context, strict: true) == "a$90 b$90 ")
    }

    @Test func missingNameInsideAListReportsTheTagLocation() throws {
        let template = try Template("<ul>\n{{#items}}\n  <li>{{title}}</li>\n{{/items}}\n</ul>", name: "list")
        #expect(throws: MustacheError(template: "list", line: 3, column: 7, message: "no value named 'title'")) {
            _ = try template.render(context, strict: true)
        }
    }

    @Test func errorsInsidePartialsNameThePartial() throws {
        let library = try TemplateLibrary(sources: ["page": "Header\n{{>price}}", "price": "\n\n   {{amount}}"])
        #expect(throws: MustacheError(template: "price", line: 3, column: 4, message: "no value named 'amount'")) {
            _ = try library.render("page", context, strict: true)
        }
    }

    @Test func unknownPartialIsAnErrorOnlyInStrictMode() throws {
        let library = try TemplateLibrary(sources: ["page": "a\n  {{>footer}}\nb"])
        #expect(try library.render("page", context) == "a\nb")
        #expect(throws: MustacheError(template: "page", line: 2, column: 3,
                                      message: "no template named 'footer' in the library for this partial")) {
            _ = try library.render("page", context, strict: true)
        }
    }

    @Test func unknownParentIsAnErrorInStrictMode() throws {
        let library = try TemplateLibrary(sources: ["page": "{{<layout}}{{$body}}x{{/body}}{{/layout}}"])
        #expect(try library.render("page", context) == "")
        #expect(throws: MustacheError(template: "page", line: 1, column: 1,
                                      message: "no template named 'layout' in the library for this parent")) {
            _ = try library.render("page", context, strict: true)
        }
    }

    @Test func missingDynamicNameIsAnErrorInStrictMode() throws {
        let library = try TemplateLibrary(sources: ["page": "{{>*kind}}", "card": "card"])
        #expect(try library.render("page", ["kind": "card"], strict: true) == "card")
        #expect(try library.render("page", [:]) == "")
        #expect(throws: MustacheError(template: "page", line: 1, column: 1,
                                      message: "no value named 'kind' for the dynamic partial name")) {
            _ = try library.render("page", [:], strict: true)
        }
    }

    @Test func errorsInBlockArgumentsNameTheTemplateThatWroteThem() throws {
        let library = try TemplateLibrary(sources: [
            "layout": "<title>{{$title}}Site{{/title}}</title>",
            "page": "{{<layout}}\n{{$title}}\n{{heading}}\n{{/title}}\n{{/layout}}",
        ])
        #expect(throws: MustacheError(template: "page", line: 3, column: 1, message: "no value named 'heading'")) {
            _ = try library.render("page", context, strict: true)
        }
    }

    @Test func unknownTemplateNameInTheLibrary() {
        #expect(throws: MustacheError(template: "nope", line: 1, column: 1,
                                      message: "no template named 'nope' in the library")) {
            _ = try TemplateLibrary().render("nope", [:])
        }
    }
}
