import Testing
@testable import Mustache

/// The memo keeps what partials made up to a number of bytes in all: a site of large sections (hundreds of options
/// each, on a page per customer) would otherwise keep every section it rendered.
@Suite struct RenderMemoBudgetTests {
    @Test func theBytesKeptAreBounded() throws {
        let library = try TemplateLibrary(sources: ["page": "{{#cards}}{{>card}}{{/cards}}", "card": "{{text}}"])
        let memo = RenderMemo()
        // Forty cards of an eighth of the limit each: five times what the memo may keep.
        let text = String(repeating: "x", count: RenderMemo.defaultLimit / 8)
        for round in 0..<40 {
            var card: MustacheObject = ["text": .string(text + String(round))]
            card.identify()
            _ = try library.renderUTF8("page", .object(["cards": .list([.object(card)])]), strict: true, memo: memo)
            #expect(memo.cost <= RenderMemo.defaultLimit, "round \(round): \(memo.cost) bytes")
        }
        #expect(memo.count > 0, "what fits is kept")
    }
}
