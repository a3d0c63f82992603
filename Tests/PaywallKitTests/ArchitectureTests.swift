import Foundation
import Testing

/// The rules of DESIGN.md's architecture, read from the source tree, so that a change that breaks one fails here:
/// PaywallKit's folders follow the pipeline (none uses a type declared in a folder after it), every OS call is in
/// PaywallPlatform, and each C library is imported by one Swift file.
@Suite struct ArchitectureTests {
    /// PaywallKit's folders, in pipeline order.
    static let folders = ["Model", "Localization", "Load", "Resolve", "Render", "Write", "Hosting", "Build"]
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func everyFolderOfPaywallKitHasItsPlaceInThePipeline() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path + "/PaywallKit")
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(found == Self.folders.sorted(), "a new folder needs a place in ArchitectureTests.folders")
    }

    @Test func noFolderUsesATypeFromAFolderAfterIt() throws {
        let files = try SwiftFile.all(below: Self.sources.path + "/PaywallKit")
        var owner: [String: Int] = [:]
        for file in files {
            guard let rank = Self.folders.firstIndex(of: file.folder) else { continue }
            for name in file.declaredTypes { owner[name] = min(owner[name] ?? rank, rank) }
        }
        var upward: [String] = []
        for file in files {
            guard let rank = Self.folders.firstIndex(of: file.folder) else { continue }
            for (name, line) in file.typeReferences {
                guard let declared = owner[name], declared > rank else { continue }
                upward.append("\(file.path):\(line): \(file.folder) uses \(name), "
                                  + "declared in \(Self.folders[declared])")
            }
        }
        #expect(upward.isEmpty, "\(upward.joined(separator: "\n"))")
        // The check sees references: a fixture with one upward use is caught.
        let model = SwiftFile(path: "Model/A.swift", folder: "Model", text: "struct A { var b: SiteBuilder }")
        #expect(model.typeReferences.contains { $0.name == "SiteBuilder" })
    }

    /// Calls and names that reach the OS directly; PaywallPlatform wraps each in a small interface.
    static let systemCalls: Set<String> = [
        "open", "openat", "close", "read", "write", "pread", "pwrite", "fstat", "fstatat", "lstat", "stat", "unlink",
        "rename", "renameat2", "link", "mkdir", "rmdir", "mkstemp", "fsync", "syncfs", "flock", "fcntl", "opendir",
        "readdir", "closedir", "realpath", "socket", "bind", "listen", "accept", "accept4", "recv", "send", "poll",
        "shutdown", "setsockopt", "getsockname", "getaddrinfo", "signal", "sigaction", "kill", "getpid", "getenv",
        "setenv", "isatty", "posix_spawn", "waitpid", "inotify_init1", "inotify_add_watch", "usleep", "strerror",
        "pthread_rwlock_init",
    ]
    static let systemNames = ["errno", "FileManager", "FileHandle", "ProcessInfo", "DispatchSource"]

    @Test func onlyThePlatformTargetCallsTheOperatingSystem() throws {
        var calls: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        where !["PaywallPlatform", "EmbedTheme"].contains(target) {
            for file in try SwiftFile.all(below: Self.sources.path + "/" + target) {
                for (line, text) in file.codeLines {
                    for module in ["Glibc", "Darwin", "Musl"] where text.contains("import \(module)") {
                        calls.append("\(target)/\(file.path):\(line): imports \(module)")
                    }
                    for name in Self.systemNames where SwiftFile.words(text).contains(name) {
                        calls.append("\(target)/\(file.path):\(line): \(name)")
                    }
                    for name in SwiftFile.calls(text) where Self.systemCalls.contains(name)
                        && !file.declaredFunctions.contains(name) {
                        calls.append("\(target)/\(file.path):\(line): \(name)()")
                    }
                }
            }
        }
        #expect(calls.isEmpty, "call these through PaywallPlatform:\n\(calls.joined(separator: "\n"))")
        #expect(SwiftFile.calls("let fd = open(path, O_RDONLY); x.close()") == ["open"])
    }

    /// The line and file lengths the code is read at: a line fits on a screen beside another file, a file is about
    /// one thing.
    @Test func noSourceLineIsOver120CharactersAndNoFileOver300Lines() throws {
        var long: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted() {
            let folder = Self.sources.path + "/" + target
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: Self.sources.path + "/\(target)/\(path)", encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                if lines.count > 301 { long.append("\(target)/\(path): \(lines.count - 1) lines") }
                for (number, line) in lines.enumerated() where line.count > 120 {
                    long.append("\(target)/\(path):\(number + 1): \(line.count) characters")
                }
            }
        }
        #expect(long.isEmpty, "\(long.count) over the limits, such as:\n\(long.prefix(20).joined(separator: "\n"))")
    }

    @Test func eachCLibraryIsImportedByOneSwiftFile() throws {
        for library in ["CCmarkGFM", "CYAML", "CQRencode", "CJemalloc", "CLocale", "CSHA256", "CBuildInfo"] {
            var importers: [String] = []
            for target in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path) {
                for file in try SwiftFile.all(below: Self.sources.path + "/" + target)
                where file.codeLines.contains(where: { $0.text.hasPrefix("import \(library)") }) {
                    importers.append(target + "/" + file.path)
                }
            }
            #expect(importers.count == 1, "\(library) is imported by \(importers)")
        }
    }
}

/// A Swift source file with its comments and string literals blanked (interpolations kept as code).
struct SwiftFile {
    var path: String
    var folder: String
    var code: String

    init(path: String, folder: String, text: String) {
        self.path = path
        self.folder = folder
        code = Self.blanked(text)
    }

    static func all(below root: String) throws -> [SwiftFile] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            SwiftFile(path: path, folder: String(path.prefix { $0 != "/" }),
                      text: try String(contentsOfFile: root + "/" + path, encoding: .utf8))
        }
    }

    var codeLines: [(line: Int, text: String)] {
        code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { ($0.offset + 1, $0.element.trimmingCharacters(in: .whitespaces)) }
    }

    /// Types declared at the top level (not indented, not private): structs, enums, classes, protocols, actors and
    /// typealiases.
    var declaredTypes: [String] {
        code.split(separator: "\n").compactMap { line in
            guard line.first?.isWhitespace == false else { return nil }
            let modifiers = ["public", "internal", "package", "final", "indirect"]
            let words = Self.words(String(line)).drop { modifiers.contains($0) }
            guard let kind = words.first, ["struct", "enum", "class", "protocol", "actor", "typealias"].contains(kind),
                  words.count > 1 else { return nil }
            return words[words.index(after: words.startIndex)]
        }
    }

    /// Functions the file declares, and closure parameters (`_ write: (String) -> Bool`): calls to these are its own.
    var declaredFunctions: Set<String> {
        let parameter = try! NSRegularExpression(pattern: #"(\w+): (?:@\w+ )*\("#)
        return Set(codeLines.flatMap { _, text in
            let words = Self.words(text)
            let functions = zip(words, words.dropFirst()).filter { $0.0 == "func" }.map(\.1)
            let range = NSRange(text.startIndex..., in: text)
            return functions + parameter.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        })
    }

    /// Capitalized names used, each with the first line that uses it.
    var typeReferences: [(name: String, line: Int)] {
        var seen: [String: Int] = [:]
        for (line, text) in codeLines {
            for word in Self.words(text) where word.first?.isUppercase == true && seen[word] == nil {
                seen[word] = line
            }
        }
        return seen.map { ($0.key, $0.value) }.sorted { $0.line < $1.line }
    }

    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// Names called as free functions (`name(`, not `x.name(` and not a declaration).
    static func calls(_ text: String) -> [String] {
        var names: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index].isLetter || characters[index] == "_" else { index += 1; continue }
            let start = index
            while index < characters.count, characters[index].isLetter || characters[index].isNumber
                || characters[index] == "_" { index += 1 }
            let name = String(characters[start..<index])
            let before = characters[..<start].last { $0 != " " }
            if index < characters.count, characters[index] == "(", before != ".",
               !text[..<text.index(text.startIndex, offsetBy: start)].hasSuffix("func ") {
                names.append(name)
            }
        }
        return names
    }

    /// `text` with comments and string literals replaced by spaces (line breaks kept), `\( … )` inside a string
    /// kept as code.
    static func blanked(_ text: String) -> String {
        enum Mode { case code(parens: Int), string(multiline: Bool, hashes: Int) }
        let characters = Array(text)
        var out: [Character] = []
        var modes: [Mode] = [.code(parens: 0)]
        var index = 0
        func next(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            switch modes[modes.count - 1] {
            case .code(let parens):
                if character == "/", next(1) == "/" {
                    while index < characters.count, characters[index] != "\n" { out.append(" "); index += 1 }
                    continue
                }
                if character == "/", next(1) == "*" {
                    var depth = 0
                    repeat {
                        if characters[index] == "/", next(1) == "*" { depth += 1 }
                        if characters[index] == "*", next(1) == "/" { depth -= 1; out.append(" "); index += 1 }
                        out.append(characters[index] == "\n" ? "\n" : " ")
                        index += 1
                    } while depth > 0 && index < characters.count
                    continue
                }
                var hashes = 0
                while next(hashes) == "#" { hashes += 1 }
                if next(hashes) == "\"" {
                    let multiline = next(hashes + 1) == "\"" && next(hashes + 2) == "\""
                    let length = hashes + (multiline ? 3 : 1)
                    out.append(contentsOf: Array(repeating: " ", count: length))
                    index += length
                    modes.append(.string(multiline: multiline, hashes: hashes))
                    continue
                }
                if character == "(" { modes[modes.count - 1] = .code(parens: parens + 1) }
                if character == ")" {
                    if parens == 0, modes.count > 1 {
                        modes.removeLast()
                        out.append(" ")
                        index += 1
                        continue
                    }
                    modes[modes.count - 1] = .code(parens: max(0, parens - 1))
                }
                out.append(character)
                index += 1
            case .string(let multiline, let hashes):
                let escape = "\\" + String(repeating: "#", count: hashes)
                if character == "\\", (1...max(1, hashes)).allSatisfy({ hashes == 0 || next($0) == "#" }) {
                    let after = next(escape.count)
                    if after == "(" {
                        out.append(contentsOf: Array(repeating: " ", count: escape.count + 1))
                        index += escape.count + 1
                        modes.append(.code(parens: 0))
                        continue
                    }
                    out.append(contentsOf: Array(repeating: " ", count: escape.count + 1))
                    index += escape.count + 1
                    continue
                }
                let quotes = multiline ? 3 : 1
                if character == "\"", (0..<quotes).allSatisfy({ next($0) == "\"" }),
                   (0..<hashes).allSatisfy({ next(quotes + $0) == "#" }) {
                    out.append(contentsOf: Array(repeating: " ", count: quotes + hashes))
                    index += quotes + hashes
                    modes.removeLast()
                    continue
                }
                out.append(character == "\n" ? "\n" : " ")
                index += 1
            }
        }
        return String(out)
    }
}
