import Mustache
import Testing

/// Every parse error carries the template name, a 1-based line and column, and says what was expected.
@Suite("Parse errors")
struct ParseErrorTests {
    private func parseError(_ source: String, name: String = "page") -> MustacheError? {
        do {
            _ = try Template(source, name: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func unclosedSectionPointsAtTheEndAndNamesTheOpeningTag() {
        let error = parseError("<ul>\n  {{#items}}\n    <li>{{name}}</li>\n</ul>")
        #expect(error == MustacheError(template: "page", line: 4, column: 6,
                                       message: "unclosed section 'items' opened at 2:3; add {{/items}}"))
        #expect(error?.description == "page:4:6: unclosed section 'items' opened at 2:3; add {{/items}}")
    }

    @Test func unclosedInvertedSectionParentAndBlockSayWhichKind() {
        #expect(parseError("{{^empty}}none")?.message == "unclosed inverted section 'empty' opened at 1:1; add {{/empty}}")
        #expect(parseError("{{<layout}}\n{{$body}}x{{/body}}")?.message
                    == "unclosed parent 'layout' opened at 1:1; add {{/layout}}")
        #expect(parseError("a {{$title}}Default")?.message == "unclosed block 'title' opened at 1:3; add {{/title}}")
    }

    @Test func unclosedSectionHintUsesTheDelimitersInEffect() {
        #expect(parseError("{{=<% %>=}}<%#x%>")?.message == "unclosed section 'x' opened at 1:12; add <%/x%>")
    }

    @Test func mismatchedClosingTag() {
        let error = parseError("{{#x}}\n  {{#y}}\n  {{/x}}\n{{/y}}")
        #expect(error == MustacheError(template: "page", line: 3, column: 3,
                                       message: "{{/x}} closes 'y' opened at 2:3; expected {{/y}}"))
    }

    @Test func closingTagWithNoOpenSection() {
        let error = parseError("Hello\n  there {{/name}}")
        #expect(error == MustacheError(template: "page", line: 2, column: 9,
                                       message: "unexpected closing tag {{/name}}: no section is open"))
    }

    @Test func setDelimiterTagWithoutTrailingEquals() {
        let error = parseError("a\n{{=<% %>}}")
        #expect(error?.line == 2)
        #expect(error?.column == 1)
        #expect(error?.message == "invalid set-delimiter tag '{{=<% %>}}': expected it to end with '=', as in '{{=<% %>=}}'")
    }

    @Test func setDelimiterTagNeedsExactlyTwoDelimiters() {
        #expect(parseError("{{=<%=}}")?.message
                    == "invalid set-delimiter tag '{{=<%=}}': expected two delimiters separated by whitespace, as in '{{=<% %>=}}'")
        #expect(parseError("{{=a b c=}}")?.column == 1)
        #expect(parseError("{{==}}")?.message.hasPrefix("invalid set-delimiter tag") == true)
    }

    @Test func setDelimitersMayNotContainEquals() {
        #expect(parseError("x {{=<= =>=}}")?.message == "invalid set-delimiter tag '{{=<= =>=}}': delimiters may not contain '='")
    }

    @Test func unclosedTagAtEndOfTemplate() {
        let error = parseError("Hello {{name")
        #expect(error == MustacheError(template: "page", line: 1, column: 7,
                                       message: "unclosed tag '{{name': expected '}}'"))
    }

    @Test func unclosedTagRunningIntoTheNextTag() {
        let error = parseError("Hi\nHello {{name, you have {{count}} items")
        #expect(error == MustacheError(template: "page", line: 2, column: 7,
                                       message: "unclosed tag '{{name, you have ': expected '}}' before the next '{{'"))
    }

    @Test func unclosedTripleMustache() {
        #expect(parseError("{{{html}}")?.message == "unclosed tag '{{{html}}': expected '}}}'")
    }

    @Test(arguments: ["{{}}", "{{ }}", "{{#}}", "{{/ }}", "{{{ }}}", "{{&}}", "{{>}}", "{{$}}"])
    func emptyTagName(_ source: String) {
        let error = parseError("ok\n  " + source)
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.message == "empty tag '\(source)': expected a name between '{{' and '}}'")
    }

    @Test func emptyDynamicName() {
        #expect(parseError("{{>*}}")?.message == "empty dynamic name in '{{>*}}': expected a name after '*'")
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = parseError("héllo wörld {{/x}}")
        #expect(error?.column == 13)
    }

    @Test func errorsInLibraryTemplatesNameTheirTemplate() {
        #expect(throws: MustacheError(template: "footer", line: 1, column: 1,
                                      message: "unexpected closing tag {{/year}}: no section is open")) {
            _ = try TemplateLibrary(sources: ["footer": "{{/year}}", "page": "{{>footer}}"])
        }
    }

    @Test func commentsMaySpanLinesAndHoldAnything() throws {
        let template = try Template("a{{! {{not a tag\n }}b", name: "page")
        #expect(try template.render([:]) == "ab")
    }
}
