import Mustache
import Testing

/// A memo copies a partial's earlier output only where rendering it again would give the same bytes.
@Suite("Render memo")
struct RenderMemoTests {
    private static func card(_ name: String, price: String) -> MustacheValue {
        var object: MustacheObject = ["name": .string(name), "price": .string(price)]
        object.identify()
        return .object(object)
    }

    private let library = try! TemplateLibrary(sources: [
        "page": "{{#cards}}<li>{{>card}}</li>\n{{/cards}}",
        "card": "{{name}} {{price}} {{currency}}{{#sale}} {{t.sale}}{{/sale}}{{subtitle}}",
        "flagged": "{{#cards}}{{#show}}{{>card}}{{/show}}|{{/cards}}",
        "indented": "{{#cards}}\n  {{>lines}}\n    {{>lines}}\n{{/cards}}",
        "lines": "a {{name}}\nb\n",
        "parent": "{{#cards}}{{<frame}}{{$slot}}{{name}}{{/slot}}{{/frame}}{{/cards}}",
        "frame": "[{{$slot}}{{/slot}}]",
    ])
    private let cards: MustacheValue = [card("Pro", price: "$9"), card("Plus", price: "$5")]

    private func context(_ extra: [String: MustacheValue] = [:]) -> MustacheValue {
        var page: MustacheObject = ["cards": cards, "currency": "USD", "sale": false, "t": ["sale": "Sale"]]
        for (name, value) in extra { page[name] = value }
        return .object(page)
    }

    /// Renders with the memo and checks the bytes against a render without one.
    private func render(_ template: String, _ context: MustacheValue, _ memo: RenderMemo) throws -> String {
        let remembered = String(decoding: try library.renderUTF8(template, context, strict: false, memo: memo), as: UTF8.self)
        #expect(remembered == (try library.render(template, context)))
        return remembered
    }

    @Test func theSameCardsUnderTheSameNamesAreCopied() throws {
        let memo = RenderMemo()
        let first = try render("page", context(), memo)
        #expect(first == "<li>Pro $9 USD</li>\n<li>Plus $5 USD</li>\n")
        #expect(memo.hits == 0)
        // The section over the same identified cards is copied whole: one hit, not one per card.
        #expect(try render("page", context(), memo) == first)
        #expect(memo.hits == 1)
        // Another section over the same cards is another tag: rendered, not copied.
        #expect(try render("flagged", context(["show": true]), memo) == "Pro $9 USD|Plus $5 USD|")
    }

    @Test func aNameFoundBelowTheCardIsCheckedAgain() throws {
        let memo = RenderMemo()
        _ = try render("page", context(), memo)
        #expect(try render("page", context(["currency": "EUR"]), memo) == "<li>Pro $9 EUR</li>\n<li>Plus $5 EUR</li>\n")
        #expect(try render("page", context(["sale": true]), memo) == "<li>Pro $9 USD Sale</li>\n<li>Plus $5 USD Sale</li>\n")
        #expect(try render("page", context(["sale": true, "t": ["sale": "Soldes"]]), memo).contains("Soldes"))
        // A name missing the first time is looked up again: here now, so it renders.
        #expect(try render("page", context(["subtitle": "!"]), memo) == "<li>Pro $9 USD!</li>\n<li>Plus $5 USD!</li>\n")
        #expect(memo.hits == 0)
        #expect(try render("page", context(["currency": "EUR"]), memo).contains("EUR"))
        #expect(memo.hits == 1)
    }

    @Test func aChangedCardLosesItsIdentity() throws {
        let memo = RenderMemo()
        _ = try render("page", context(), memo)
        guard case .list(var items) = cards, case .object(var pro) = items[0] else { Issue.record("no cards"); return }
        pro["price"] = "$8"
        #expect(pro.identity == 0)
        items[0] = .object(pro)
        // The list is not copied whole now; the card that kept its identity is.
        #expect(try render("page", context(["cards": .list(items)]), memo) == "<li>Pro $8 USD</li>\n<li>Plus $5 USD</li>\n")
        #expect(memo.hits == 1)
    }

    @Test func aPartialThatCallsALambdaIsNeverKept() throws {
        let memo = RenderMemo()
        let counter = MustacheLambda { () -> MustacheValue in "x" }
        _ = try render("page", context(["subtitle": .lambda(counter)]), memo)
        _ = try render("page", context(["subtitle": .lambda(counter)]), memo)
        #expect(memo.hits == 0)
    }

    @Test func booleanSectionsAboveTheCardAndIndentationAreKeptApart() throws {
        let memo = RenderMemo()
        _ = try render("flagged", context(["show": true]), memo)
        #expect(try render("flagged", context(["show": true]), memo) == "Pro $9 USD|Plus $5 USD|")
        #expect(memo.hits == 1)
        let indented = try render("indented", context(), memo)
        #expect(indented == "  a Pro\n  b\n    a Pro\n    b\n  a Plus\n  b\n    a Plus\n    b\n")
        #expect(try render("indented", context(), memo) == indented)
    }

    @Test func blocksPassedInAreRenderedEachTime() throws {
        let memo = RenderMemo()
        #expect(try render("parent", context(), memo) == "[Pro][Plus]")
        #expect(try render("parent", context(), memo) == "[Pro][Plus]")
    }
}
