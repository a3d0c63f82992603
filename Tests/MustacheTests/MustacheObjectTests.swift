import Mustache
import Testing

/// The object type templates look names up in: small ones are scanned, larger ones indexed; both must agree.
@Suite("Mustache objects")
struct MustacheObjectTests {
    private func text(_ value: MustacheValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    @Test(arguments: [1, 8, 9, 40, 300])
    func everyMemberIsFoundAndOrderIsKept(count: Int) throws {
        var object = MustacheObject()
        for index in 0..<count { object["name\(index)"] = .string("value \(index)") }
        #expect(object.count == count)
        #expect(object.names == (0..<count).map { "name\($0)" })
        for index in 0..<count { #expect(text(object["name\(index)"]) == "value \(index)") }
        #expect(object["name\(count)"] == nil)
        #expect(object["name"] == nil)
        // Each member renders through a template, which looks names up by their precomputed hash.
        let template = try Template((0..<count).map { "{{name\($0)}}" }.joined(separator: "|"), name: "t")
        #expect(try template.render(.object(object)) == (0..<count).map { "value \($0)" }.joined(separator: "|"))
    }

    @Test(arguments: [3, 20])
    func settingAgainReplacesInPlaceAndNilRemoves(count: Int) {
        var object = MustacheObject()
        for index in 0..<count { object["k\(index)"] = .int(index) }
        object["k1"] = "one"
        #expect(object.count == count)
        #expect(object.names[1] == "k1")
        #expect(text(object["k1"]) == "one")
        object["k1"] = nil
        #expect(object.count == count - 1)
        #expect(object["k1"] == nil)
        #expect(!object.names.contains("k1"))
        for index in 2..<count { #expect(object["k\(index)"] != nil, "k\(index) lost after a removal") }
    }

    @Test func aLiteralKeepsTheLastOfARepeatedNameAndADictionaryIsSortedByName() {
        let literal: MustacheObject = ["b": 1, "a": 2, "b": "last"]
        #expect(literal.names == ["b", "a"])
        #expect(text(literal["b"]) == "last")
        let converted = MustacheObject(["zeta": 1, "alpha": 2, "mu": 3])
        #expect(converted.names == ["alpha", "mu", "zeta"])
        #expect(Array(converted.map(\.name)) == ["alpha", "mu", "zeta"])
    }

    @Test func dottedNamesAndFallThroughUseTheSameLookup() throws {
        var inner = MustacheObject()
        for index in 0..<12 { inner["f\(index)"] = .string("\(index)") }
        let context: MustacheValue = ["outer": .object(inner), "title": "T", "items": [["f3": "own"], ["x": 1]]]
        let template = try Template("{{outer.f11}} {{#items}}[{{f3}}{{title}}]{{/items}} {{outer.missing}}.", name: "t")
        #expect(try template.render(context) == "11 [ownT][T] .")
    }
}
