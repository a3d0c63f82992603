import Mustache
import Testing

@Suite("Rendering")
struct RenderingTests {
    @Test func escapesHTMLByDefault() throws {
        let template = try Template("{{x}}|{{{x}}}|{{& x}}", name: "t")
        #expect(try template.render(["x": "<a href=\"/?a=1&b='2'\">é</a>"])
                    == "&lt;a href=&quot;/?a=1&amp;b=&#39;2&#39;&quot;&gt;é&lt;/a&gt;|<a href=\"/?a=1&b='2'\">é</a>|<a href=\"/?a=1&b='2'\">é</a>")
    }

    @Test func escapingKeepsCombiningCharactersAndEmoji() throws {
        let template = try Template("{{x}}", name: "t")
        #expect(try template.render(["x": "&\u{301} 👩‍👩‍👧 <b>"]) == "&amp;\u{301} 👩‍👩‍👧 &lt;b&gt;")
    }

    @Test func parsedOnceRenderedWithTwoContexts() throws {
        let template = try Template("Hello {{name}}{{#admin}} (admin){{/admin}}!", name: "greeting")
        #expect(try template.render(["name": "Ada", "admin": true]) == "Hello Ada (admin)!")
        #expect(try template.render(["name": "Bob"]) == "Hello Bob!")
    }

    @Test func largeListRendersInLinearTime() throws {
        let count = 10_000
        let items = MustacheValue.list((0..<count).map { ["id": .int($0), "name": "item <\($0)>"] })
        let template = try Template("{{#items}}\n  <li id=\"{{id}}\">{{name}}</li>\n{{/items}}\n", name: "list")
        let clock = ContinuousClock()
        var output = ""
        let elapsed = try clock.measure {
            output = try template.render(["items": items])
        }
        let expectedLength = (0..<count).reduce(0) { total, index in
            let digits = String(index).count
            return total + "  <li id=\"\">item &lt;&gt;</li>\n".count + 2 * digits
        }
        #expect(output.count == expectedLength)
        #expect(output.hasPrefix("  <li id=\"0\">item &lt;0&gt;</li>\n"))
        #expect(elapsed < .seconds(10))
    }

    @Test func literalsBuildEveryKindOfValue() throws {
        let template = try Template("{{s}} {{i}} {{d}} {{whole}} {{b}} [{{n}}] {{#l}}{{.}}{{/l}} {{o.k}}", name: "t")
        let context: MustacheValue = ["s": "text", "i": 42, "d": 1.5, "whole": 3.0, "b": true, "n": nil,
                                      "l": [1, 2, 3], "o": ["k": "v"]]
        #expect(try template.render(context) == "text 42 1.5 3 true [] 123 v")
    }

    @Test func truthiness() throws {
        let template = try Template("{{#v}}T{{/v}}{{^v}}F{{/v}}", name: "t")
        let cases: [(MustacheValue, String)] = [
            (nil, "F"), (false, "F"), ("", "F"), ([], "F"),
            (true, "T"), (0, "T"), (0.0, "T"), ("0", "T"), ([:], "T"), ([0], "T"),
        ]
        for (value, expected) in cases {
            #expect(try template.render(["v": value]) == expected)
        }
    }

    @Test func sectionsPushObjectsAndIterateLists() throws {
        let template = try Template("{{#user}}{{name}}: {{#roles}}{{.}},{{/roles}}{{/user}}", name: "t")
        #expect(try template.render(["user": ["name": "Ada", "roles": ["admin", "dev"]]]) == "Ada: admin,dev,")
    }

    @Test func standalonePartialsIndentEveryLineAndNest() throws {
        let library = try TemplateLibrary(sources: [
            "page": "<body>\n  {{>nav}}\n</body>\n",
            "nav": "<nav>\n  {{>link}}\n</nav>\n",
            "link": "<a>\n{{text}}\n</a>\n",
        ])
        #expect(try library.render("page", ["text": "one\ntwo"])
                    == "<body>\n  <nav>\n    <a>\n    one\ntwo\n    </a>\n  </nav>\n</body>\n")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        let library = try TemplateLibrary(sources: ["page": "  <p>{{>p}}</p>\n", "p": "a\nb"])
        #expect(try library.render("page", [:]) == "  <p>a\nb</p>\n")
    }

    @Test func inheritanceWithLayoutAndBlocks() throws {
        let library = try TemplateLibrary(sources: [
            "layout": "<html>\n  <head><title>{{$title}}Site{{/title}}</title></head>\n  <body>\n    {{$body}}\n    <p>Default</p>\n    {{/body}}\n  </body>\n</html>\n",
            "page": "{{<layout}}\n  {{$title}}{{name}} — Site{{/title}}\n  {{$body}}\n  <h1>{{name}}</h1>\n  <p>Hi</p>\n  {{/body}}\n{{/layout}}\n",
        ])
        #expect(try library.render("page", ["name": "Pricing"]) == """
            <html>
              <head><title>Pricing — Site</title></head>
              <body>
                <h1>Pricing</h1>
                <p>Hi</p>
              </body>
            </html>

            """)
        #expect(try library.render("layout", [:]).contains("    <p>Default</p>\n"))
    }

    @Test func setDelimitersApplyUntilChanged() throws {
        let template = try Template("{{=<% %>=}}<% a %> {{a}} <%={{ }}=%>{{a}}", name: "t")
        #expect(try template.render(["a": "1"]) == "1 {{a}} 1")
    }

    @Test func standaloneLinesAreRemovedWithCRLF() throws {
        let template = try Template("<ul>\r\n  {{#items}}\r\n  <li>{{.}}</li>\r\n  {{/items}}\r\n</ul>", name: "t")
        #expect(try template.render(["items": ["a", "b"]]) == "<ul>\r\n  <li>a</li>\r\n  <li>b</li>\r\n</ul>")
    }

    @Test func lambdasFromSwift() throws {
        let template = try Template("{{#bold}}Hi {{name}}{{/bold}} {{greeting}}", name: "t")
        let context: MustacheValue = [
            "name": "<Ada>",
            "bold": .lambda(MustacheLambda { (text: String) in .string("<b>\(text)</b>") }),
            "greeting": .lambda(MustacheLambda { "Hello {{name}}" }),
        ]
        #expect(try template.render(context) == "<b>Hi &lt;Ada&gt;</b> Hello &amp;lt;Ada&amp;gt;")
    }

    @Test func lambdaResultsThatFailToParseThrow() throws {
        let template = try Template("{{broken}}", name: "t")
        #expect(throws: MustacheError(template: "t (lambda result)", line: 1, column: 7,
                                      message: "unclosed section 'x' opened at 1:1; add {{/x}}")) {
            _ = try template.render(["broken": .lambda(MustacheLambda { "{{#x}}" })])
        }
    }

    @Test func selfIncludingPartialStopsWithAnError() throws {
        let library = try TemplateLibrary(sources: ["loop": "x{{>loop}}"])
        let error = #expect(throws: MustacheError.self) { _ = try library.render("loop", [:]) }
        #expect(error?.message.hasPrefix("rendering nests more than 500 levels deep") == true)
        #expect(error?.template == "loop")
    }

    @Test func deeplyNestedSectionsAreRejectedWhenParsing() {
        let source = String(repeating: "{{#a}}", count: 300) + String(repeating: "{{/a}}", count: 300)
        #expect(throws: MustacheError(template: "deep", line: 1, column: 1 + 6 * 256,
                                      message: "sections, parents and blocks nest more than 256 levels deep")) {
            _ = try Template(source, name: "deep")
        }
    }

    @Test func dynamicParents() throws {
        let library = try TemplateLibrary(sources: [
            "page": "{{<*layout}}{{$body}}Hi{{/body}}{{/*layout}}",
            "wide": "[{{$body}}{{/body}}]",
            "narrow": "({{$body}}{{/body}})",
        ])
        #expect(try library.render("page", ["layout": "wide"]) == "[Hi]")
        #expect(try library.render("page", ["layout": "narrow"]) == "(Hi)")
    }

    @Test func blocksInsideSectionsAndPartials() throws {
        let library = try TemplateLibrary(sources: [
            "layout": "{{#items}}<li>{{$item}}{{name}}{{/item}}</li>{{/items}}{{>footer}}",
            "footer": "|{{$footer}}(c){{/footer}}",
            "page": "{{<layout}}{{$item}}<b>{{name}}</b>{{/item}}{{$footer}}2025{{/footer}}{{/layout}}",
        ])
        #expect(try library.render("page", ["items": [["name": "a"], ["name": "b"]]])
                    == "<li><b>a</b></li><li><b>b</b></li>|2025")
        #expect(try library.render("layout", ["items": [["name": "a"]]]) == "<li>a</li>|(c)")
    }

    @Test func recursivePartialsFollowTheData() throws {
        let library = try TemplateLibrary(sources: ["tree": "{{name}}{{#children}}({{>tree}}){{/children}}"])
        // Leaves need their own empty `children`, or the name resolves to the parent's list.
        let tree: MustacheValue = ["name": "a", "children": [
            ["name": "b", "children": [["name": "c", "children": []]]],
            ["name": "d", "children": []],
        ]]
        #expect(try library.render("tree", tree) == "a(b(c))(d)")
    }

    @Test func libraryAPIs() throws {
        var library = TemplateLibrary(templates: [try Template("[{{>inner}}]", name: "outer")])
        library.add(try Template("in", name: "inner"))
        #expect(library["inner"]?.name == "inner")
        #expect(try library.render("outer", [:]) == "[in]")
        let standalone = try Template("<{{>inner}}>", name: "solo")
        #expect(try library.render(standalone, [:]) == "<in>")
        #expect(try standalone.render([:], library: library) == "<in>")
        #expect(try standalone.render([:]) == "<>")
    }
}
