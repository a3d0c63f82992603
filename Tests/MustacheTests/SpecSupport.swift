import Foundation
import Mustache

/// Where the official spec JSON files live: `../shared/spec/mustache` next to the package root.
let specDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // MustacheTests
    .deletingLastPathComponent() // Tests
    .deletingLastPathComponent() // package root
    .appendingPathComponent("../shared/spec/mustache")
    .standardizedFileURL

let specAvailable = FileManager.default.fileExists(atPath: specDirectory.path)

/// One spec file, e.g. `interpolation.json`.
struct SpecFile: Decodable {
    let tests: [SpecTest]

    static func load(_ name: String) throws -> SpecFile {
        let data = try Data(contentsOf: specDirectory.appendingPathComponent("\(name).json"))
        return try JSONDecoder().decode(SpecFile.self, from: data)
    }
}

struct SpecTest: Decodable {
    let name: String
    let desc: String
    let data: JSONValue
    let template: String
    let expected: String
    let partials: [String: String]?
}

/// Any JSON value; `{"__tag__": "code", …}` objects are the spec's lambdas.
indirect enum JSONValue: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case list([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as a Mustache context; lambdas come from `lambda` (keyed by the spec test's name).
    func mustacheValue(lambda: MustacheLambda?) -> MustacheValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .list(let items): .list(items.map { $0.mustacheValue(lambda: lambda) })
        case .object(let members):
            if case .string("code") = members["__tag__"] {
                lambda.map(MustacheValue.lambda) ?? .null
            } else {
                .object(MustacheObject(members.mapValues { $0.mustacheValue(lambda: lambda) }))
            }
        }
    }
}

extension SpecTest {
    /// Renders the test as the spec describes: the template plus its partials in one library. With `memo`, twice: the
    /// second rendering is returned, written from the memo where a section's rendering was kept.
    func render(memo: SectionMemo? = nil) throws -> String {
        var library = TemplateLibrary()
        for (name, source) in partials ?? [:] {
            library[name] = try Template(source, name: name)
        }
        let template = try Template(self.template, name: "spec: \(name)")
        let lambda = specLambda(named: name)
        let context = data.mustacheValue(lambda: lambda)
        if let memo {
            _ = try library.renderUTF8(template, context, memo: memo)
            // A lambda counts its calls: a test with one renders a context of its own again.
            let again = lambda == nil ? context : data.mustacheValue(lambda: specLambda(named: name))
            return String(decoding: try library.renderUTF8(template, again, memo: memo), as: UTF8.self)
        }
        return try library.render(template, context)
    }

    /// The names of the template's and partials' sections, as `{{#name}}` writes them.
    var sectionNames: Set<String> {
        let sources = [template] + (partials ?? [:]).values
        return Set(sources.flatMap { $0.matches(of: /\{\{[#^]\s*([^\s}]+)\s*\}\}/).map { String($0.1) } })
    }
}
