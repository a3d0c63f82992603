import Mustache
import Testing

/// A section's kept rendering (``SectionMemo``) is written again only where rendering again would write the same
/// bytes: the same list, and every name it looked up outside the list the same, text byte for byte.
@Suite("Section memo")
struct SectionMemoTests {
    static let template = try! Template("{{#options}}<li>{{name}} {{t.per}}{{#isLast}}.{{/isLast}}</li>{{/options}}",
                                        name: "list")

    /// Two options in one storage (as a page's options, made once and listed by many pages), and the page's words.
    static let options: MustacheValue = [["name": "Monthly"], ["name": "Yearly", "isLast": true]]

    static func render(_ per: MustacheValue?, memo: SectionMemo, options: MustacheValue = options) throws -> String {
        var context: MustacheObject = ["options": options]
        if let per { context["t"] = ["per": per] }
        return String(decoding: try TemplateLibrary().renderUTF8(template, .object(context), memo: memo),
                      as: UTF8.self)
    }

    @Test("the same list in the same context is written again; another word outside the list renders anew")
    func outerNames() throws {
        let memo = SectionMemo(sections: ["options"])
        #expect(try Self.render("a month", memo: memo) == "<li>Monthly a month</li><li>Yearly a month.</li>")
        #expect(try Self.render("a month", memo: memo) == "<li>Monthly a month</li><li>Yearly a month.</li>")
        #expect((memo.count, memo.reused) == (1, 1))
        #expect(try Self.render("im Monat", memo: memo) == "<li>Monthly im Monat</li><li>Yearly im Monat.</li>")
        #expect(try Self.render(nil, memo: memo) == "<li>Monthly </li><li>Yearly .</li>")
        #expect((memo.count, memo.reused) == (3, 1))
    }

    @Test("text outside the list is compared by its bytes: é and e + U+0301 are two renderings")
    func bytes() throws {
        let memo = SectionMemo(sections: ["options"])
        #expect(try Self.render("\u{E9}", memo: memo) == "<li>Monthly \u{E9}</li><li>Yearly \u{E9}.</li>")
        let decomposed = try Self.render("e\u{301}", memo: memo)
        #expect(Array(decomposed.utf8) == Array("<li>Monthly e\u{301}</li><li>Yearly e\u{301}.</li>".utf8))
        #expect(memo.reused == 0)
    }

    @Test("another list with the same items is compared value by value; a changed item renders anew")
    func lists() throws {
        let memo = SectionMemo(sections: ["options"])
        _ = try Self.render("x", memo: memo)
        let copy: MustacheValue = [["name": "Monthly"], ["name": "Yearly", "isLast": true]]
        #expect(try Self.render("x", memo: memo, options: copy) == "<li>Monthly x</li><li>Yearly x.</li>")
        let changed: MustacheValue = [["name": "Monthly"], ["name": "Yearly!", "isLast": true]]
        #expect(try Self.render("x", memo: memo, options: changed) == "<li>Monthly x</li><li>Yearly! x.</li>")
    }

    @Test("renderings of lists with one fingerprint are kept eight at most, and each still renders its own words")
    func perKey() throws {
        let memo = SectionMemo(sections: ["options"])
        for word in 0..<20 {
            #expect(try Self.render(.string("w\(word)"), memo: memo, options: ["a", "b"])
                        == "<li> w\(word)</li><li> w\(word)</li>")
        }
        #expect(memo.count == 8)
    }

    @Test("a rendering that called a lambda is not kept")
    func lambdas() throws {
        let memo = SectionMemo(sections: ["options"])
        let counter = Counter()
        let lambda = MustacheLambda { _ in .string(String(counter.next())) }
        #expect(try Self.render(.lambda(lambda), memo: memo) == "<li>Monthly 1</li><li>Yearly 2.</li>")
        #expect(try Self.render(.lambda(lambda), memo: memo) == "<li>Monthly 3</li><li>Yearly 4.</li>")
        #expect(memo.count == 0)
    }

    @Test("every spec test rendered a second time with each of its sections kept renders as the spec says",
          .enabled(if: specAvailable, "spec files not found at \(specDirectory.path); skipped"))
    func spec() throws {
        var reused = 0
        for file in SpecTests.files {
            for test in try SpecFile.load(file).tests {
                let memo = SectionMemo(sections: test.sectionNames)
                #expect(try test.render(memo: memo) == test.expected, "\(file) — \(test.name)")
                reused += memo.reused
            }
        }
        #expect(reused >= 10, "the second renderings wrote \(reused) kept sections")
    }
}

/// A lambda's state: a count that goes up on every call.
private final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
