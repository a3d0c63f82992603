import Foundation
import Testing
@testable import PaywallKit

/// The digest every memo key is made of: equal for equal values only, whatever order a set or dictionary was built in.
@Suite struct DigestTests {
    struct Pair: Encodable { var a: String, b: [String: Int] }
    struct Nested: Encodable { var first: [String], second: [String] }
    enum Choice: Encodable { case one(Int), two(String, Int), none }

    @Test("SHA-256: FIPS 180-4's vectors, across the one- and two-block tails", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func knownVectors(_ message: String, _ expected: String) {
        #expect(SHA256.digest(Array(message.utf8)).map { String(format: "%02x", $0) }.joined() == expected)
        #expect(SHA256.digest(message.utf8).map { String(format: "%02x", $0) }.joined() == expected, "not contiguous")
        let software = Array(message.utf8).withUnsafeBytes { SHA256.words($0, hardware: false) }
        #expect(software.map { String(format: "%08x", $0) }.joined() == expected, "without the CPU's SHA instructions")
    }

    @Test("SHA-256 on the CPU's SHA instructions is the same as without, for every length up to four blocks")
    func hardwareAgrees() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<300).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in 0...bytes.count {
            bytes[..<length].withUnsafeBytes { message in
                #expect(SHA256.words(message) == SHA256.words(message, hardware: false), "\(length) bytes")
            }
        }
    }

    @Test("dictionaries and sets digest alike in any order; any other difference is another digest")
    func canonical() {
        var forward: [String: Int] = [:], backward: [String: Int] = [:]
        for index in 0..<50 { forward["k\(index)"] = index }
        for index in (0..<50).reversed() { backward["k\(index)"] = index }
        #expect(Digest(of: Pair(a: "x", b: forward)) == Digest(of: Pair(a: "x", b: backward)))
        #expect(Digest(of: Set((0..<40).map(String.init))) == Digest(of: Set((0..<40).reversed().map(String.init))))
        backward["k7"] = 8
        #expect(Digest(of: Pair(a: "x", b: forward)) != Digest(of: Pair(a: "x", b: backward)))
        #expect(Digest(of: ["a", "b"]) != Digest(of: ["b", "a"]), "an array's order is part of it")
    }

    @Test("text by its bytes: canonically equivalent Unicode is another digest")
    func bytes() {
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(Digest(of: "caf\u{E9}") != Digest(of: "cafe\u{301}"))
        #expect(Digest(of: Data([1, 2])) != Digest(of: Data([1, 2, 0])))
    }

    @Test("a value held by its digest goes into another's digest as that value would: equal for equal values only")
    func digested() {
        #expect(Digest(of: [Digested("caf\u{E9}"), Digested("b")]) == Digest(of: [Digested("caf\u{E9}"), Digested("b")]))
        #expect(Digest(of: [Digested("caf\u{E9}")]) != Digest(of: [Digested("cafe\u{301}")]), "by the text's bytes")
        #expect(Digest(of: [Digested("a"), Digested("b")]) != Digest(of: [Digested("b"), Digested("a")]))
        #expect(Digested(["x": 1]).digest == Digest(of: ["x": 1]))
    }

    @Test("values are framed: no two shapes share bytes")
    func framing() {
        #expect(Digest(of: Nested(first: ["a", "b"], second: [])) != Digest(of: Nested(first: ["a"], second: ["b"])))
        #expect(Digest(of: ["ab"]) != Digest(of: ["a", "b"]))
        #expect(Digest(of: Choice.two("a", 1)) != Digest(of: Choice.one(1)))
        #expect(Digest(of: Choice.two("a", 1)) == Digest(of: Choice.two("a", 1)))
        #expect(Digest(of: [String?.none]) != Digest(of: [String]()))
        #expect(Digest(of: 1 as Int) != Digest(of: 1 as UInt), "signed and unsigned")
    }

    @Test("a key after a digest: the same only for the same digest and value, and never a value's own digest")
    func after() {
        let (site, other) = (Digest(of: "site"), Digest(of: "other site"))
        let nested = Nested(first: ["a"], second: [])
        #expect(Digest(after: site, of: nested) == Digest(after: site, of: nested))
        #expect(Digest(after: site, of: "a") != Digest(after: other, of: "a"), "another prefix")
        #expect(Digest(after: site, of: "a") != Digest(after: site, of: "b"), "another value")
        #expect(Digest(after: site, of: "caf\u{E9}") != Digest(after: site, of: "cafe\u{301}"), "by the text's bytes")
        #expect(Digest(after: site, of: "a") != Digest(of: "a"))
        #expect(Digest(after: site, of: "a") != Digest(of: [site.description, "a"]))
        #expect(Digest(after: site, of: Failing(text: "a")) != Digest(after: site, of: Failing(text: "a")))
    }

    /// A value that writes part of itself and then fails, as a custom `encode(to:)` may.
    struct Failing: Encodable {
        var text: String
        struct Refused: Error {}
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
            throw Refused()
        }
    }

    @Test("a value that cannot be encoded whole matches nothing, not even itself, wherever it sits")
    func unencodable() {
        #expect(Digest(of: Failing(text: "a")) != Digest(of: Failing(text: "a")))
        #expect(Digest(of: Failing(text: "a")) != Digest(of: "a"), "its part written before the error")
        #expect(Digest(of: ["k": Failing(text: "a")]) != Digest(of: ["k": Failing(text: "a")]), "in a dictionary")
        #expect(Digest(of: [[Failing(text: "a")]]) != Digest(of: [[Failing(text: "a")]]), "nested")
        #expect(Digest(of: Set(["a"])) == Digest(of: Set(["a"])), "the others are as before")
    }
}
