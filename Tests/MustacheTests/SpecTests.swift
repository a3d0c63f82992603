import Mustache
import Testing

/// Runs every test of the official Mustache spec files, one test case per file.
@Suite("Mustache spec")
struct SpecTests {
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names", "~lambdas",
    ]

    @Test(.enabled(if: specAvailable, "spec files not found at \(specDirectory.path); skipping conformance tests"),
          arguments: files)
    func specFile(_ file: String) throws {
        let spec = try SpecFile.load(file)
        var passed = 0
        for test in spec.tests {
            do {
                let result = try test.render()
                if result == test.expected {
                    passed += 1
                } else {
                    Issue.record("""
                        \(file) — \(test.name): \(test.desc)
                        template: \(test.template.debugDescription)
                        expected: \(test.expected.debugDescription)
                        rendered: \(result.debugDescription)
                        """)
                }
            } catch {
                Issue.record("\(file) — \(test.name): threw \(error)")
            }
        }
        print("mustache spec: \(file) \(passed)/\(spec.tests.count)")
        #expect(passed == spec.tests.count)
    }

    @Test func specFolderNote() {
        if !specAvailable {
            print("mustache spec: \(specDirectory.path) not found; conformance tests skipped")
        }
    }
}
