/// Per-page colours and backgrounds as CSS custom properties in the one stylesheet (no inline styles, so the
/// Content-Security-Policy stays strict). Pages with the same declarations share a rule.
struct StyleRules: Sendable {
    /// Declaration blocks in first-seen order; a page's style ID is `s` + its index + 1.
    private(set) var blocks: [String] = []
    var accentColor: String?
    /// The most options one picker can have; the theme's stylesheet has selection rules for 24.
    var maxOptions: Int

    init(pages: [Page], accentColor: String?, maxOptions: Int = 0) {
        self.accentColor = accentColor
        self.maxOptions = maxOptions
        for page in pages {
            let block = Self.declarations(page)
            if !block.isEmpty, !blocks.contains(block) { blocks.append(block) }
        }
    }

    static func declarations(_ page: Page) -> String {
        var lines: [String] = []
        if let color = page.background?.color { lines.append("--page-bg: \(color); --page-fg: \(CSSColor.readableText(on: color));") }
        if let image = page.background?.image { lines.append("--page-bg-image: url(\"../\(assetURL(image))\");") }
        if let container = page.containerBackground {
            let value = container.colors.count == 1 ? container.colors[0] : "linear-gradient(\(container.colors.joined(separator: ", ")))"
            lines.append("--container-bg: \(value); --container-fg: \(CSSColor.readableText(on: container.colors));")
        }
        if let color = page.pickerItemBackground {
            let text = CSSColor.readableText(on: color)
            lines.append("--option-bg: \(color); --option-fg: \(text); --option-muted: \(text);")
        }
        if let primary = page.policyForeground.first { lines.append("--policy-fg: \(primary);") }
        if page.policyForeground.count > 1 { lines.append("--policy-fg-2: \(page.policyForeground[1]);") }
        return lines.joined(separator: " ")
    }

    func id(for page: Page) -> String? {
        let block = Self.declarations(page)
        return blocks.firstIndex(of: block).map { "s\($0 + 1)" }
    }

    /// The rules appended to the theme's stylesheet.
    var css: String {
        var text = ""
        if let accentColor {
            text += "\n:root { --accent: \(accentColor); --on-accent: \(CSSColor.readableText(on: accentColor)); }\n"
        }
        for (index, block) in blocks.enumerated() { text += "[data-style=\"s\(index + 1)\"] { \(block) }\n" }
        // Selection rules for pickers longer than the theme's 24 options.
        for index in stride(from: 24, to: maxOptions, by: 1) {
            let checked = ".picker:has(.option-input[data-index=\"\(index)\"]:checked)"
            text += "\(checked) .subscribe[data-index=\"\(index)\"], \(checked) .renewal[data-index=\"\(index)\"] { display: block; }\n"
        }
        return text
    }
}
