import Foundation
import Testing
@testable import PaywallKit

/// YAML as libyaml reads it: mappings, locations, scalars, duplicate keys, JSON escapes.
extension LoaderTests {
    @Test func yamlBlockAndFlowMappingsAreTheSame() throws {
        let block = try YAML.parse("a: 1\nb:\n  - x\n  - y\nc:\n  d: e\n", file: "f.yml")
        let flow = try YAML.parse("{ a: 1, b: [x, y], c: { d: e } }", file: "f.yml")
        for root in [block, flow] {
            #expect(try root["a"]?.int("a") == 1)
            #expect(try root["b"]?.sequence("b").map { try $0.string("b") } == ["x", "y"])
            #expect(try root["c"]?["d"]?.string("d") == "e")
        }
    }

    @Test func yamlRecordsLinesAndColumns() throws {
        let root = try YAML.parse("title: A\nbadges:\n  pro.yearly: Best value\n", file: "f.yml")
        let pairs = try root.pairs("root")
        #expect(pairs.map(\.key) == ["title", "badges"])
        #expect(pairs[1].keyLocation == PaywallKit.SourceLocation(file: "f.yml", line: 2, column: 1))
        let badge = try #require(root["badges"]?["pro.yearly"])
        #expect(badge.location == PaywallKit.SourceLocation(file: "f.yml", line: 3, column: 15))
    }

    @Test func yamlLineOffsetShiftsLocations() throws {
        let root = try YAML.parse("title: A\ngroupID: g\n", file: "p.md", lineOffset: 1)
        #expect(root["groupID"]?.location.line == 3)
        #expect(throws: Diagnostic.self) { try YAML.parse("a: [\n", file: "p.md", lineOffset: 1) }
    }

    @Test func yamlQuotedScalarsAreNotPlain() throws {
        let root = try YAML.parse("a: \"1\"\nb: 1\nc: ~\nd: \"\"\n", file: "f.yml")
        guard case .scalar("1", isPlain: false)? = root["a"]?.value, case .scalar("1", isPlain: true)? = root["b"]?.value else {
            Issue.record("quoted and plain scalars: \(String(describing: root["a"]?.value)), \(String(describing: root["b"]?.value))")
            return
        }
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == false)
    }

    @Test func yamlDuplicateKeyIsAnErrorAtTheSecondKey() {
        #expect {
            try YAML.parse("a: 1\nb: 2\na: 3\n", file: "f.yml")
        } throws: { error in
            let error = error as? Diagnostic
            return error?.message == "duplicate key 'a'" && error?.location.line == 3 && error?.location.column == 1
        }
    }

    @Test func yamlEmptyDocumentIsAnEmptyMapping() throws {
        let root = try YAML.parse("", file: "f.yml")
        #expect(try root.pairs("root").isEmpty)
    }

    @Test func yamlReadsJSONStringEscapes() throws {
        let root = try YAML.parse("{ \"name\": \"Subscripci\\u00f3n\\tMensual\" }", file: "f.json")
        #expect(try root["name"]?.string("name") == "Subscripción\tMensual")
    }
}
