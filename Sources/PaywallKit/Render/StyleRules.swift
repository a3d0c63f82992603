/// Per-page colours and backgrounds as CSS custom properties in the one stylesheet (no inline styles, so the
/// Content-Security-Policy stays strict). Pages with the same declarations share a rule.
struct StyleRules: Sendable {
    /// Declaration blocks in first-seen order; a page's style ID is `s` + its index + 1.
    private(set) var blocks: [String] = []
    var accentColor: String?
    /// `theme.accentForeground`: the text on the accent; nil picks white or near-black by contrast.
    var accentForeground: String?
    /// The most options (or tabs) one page can have: the selection rules below are written for that many.
    var maxOptions: Int
    /// Whether a page is a carousel (a paged picker): only then are its page markers' timelines written.
    var hasCarousel = false
    /// Whether a plain page shows a QR code: only then are its rules written, so no other site's stylesheet changes.
    var hasQRCode = false

    init(pages: some Sequence<Page>, accentColor: String?, accentForeground: String? = nil, maxOptions: Int = 0,
         qrCode: Bool = false) {
        self.accentColor = accentColor
        self.accentForeground = accentForeground
        self.maxOptions = maxOptions
        for page in pages {
            if qrCode, page.isPlain { hasQRCode = true }
            if page.controlStyle == .pagedPicker || page.controlStyle == .pagedProminentPicker { hasCarousel = true }
            let block = Self.declarations(page)
            if !block.isEmpty, !blocks.contains(block) { blocks.append(block) }
        }
    }

    static func declarations(_ page: Page) -> String {
        var lines: [String] = []
        if let color = page.background?.color {
            lines.append("--page-bg: \(color); --page-fg: \(CSSColor.readableText(on: color));")
        }
        if let image = page.background?.image { lines.append("--page-bg-image: url(\"../\(assetURL(image))\");") }
        if let container = page.containerBackground {
            let value = container.colors.count == 1
                ? container.colors[0]
                : "linear-gradient(\(container.colors.joined(separator: ", ")))"
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

    /// Selection without JavaScript: the checked radio's subscribe link and renewal line, and the checked tab's
    /// panel. CSS cannot compare two attributes, so each index gets its own selector.
    static func selectionRules(count: Int, carousel: Bool) -> String {
        guard count > 0 else { return "" }
        func list(_ selector: (Int) -> String) -> String { (0..<count).map(selector).joined(separator: ",\n") }
        let checked = { (index: Int) in ".picker:has(.option-input[data-index=\"\(index)\"]:checked)" }
        return list {
            "\(checked($0)) .subscribe[data-index=\"\($0)\"],\n"
                + "\(checked($0)) :is(.renewal, .purchase-terms)[data-index=\"\($0)\"]"
        } + " { display: block; }\n"
            + list { ".store:has(.tab-input[data-tab=\"\($0)\"]:checked) .section[data-tab=\"\($0)\"]" }
            + " { display: block; }\n"
            + (carousel ? carouselRules(count: count) : "")
    }

    /// A carousel's page markers light the page in view, not the checked radio (a swipe checks none): each card
    /// is a view timeline that its marker's animation runs on. Only left to right, where browsers have
    /// scroll-driven animations: Chromium lights the mirrored page's marker right to left, so there no marker is lit.
    static func carouselRules(count: Int) -> String {
        let names = (0..<count).map { "--page-\($0)" }.joined(separator: ", ")
        let pages = (0..<count).map { index in
            let card = "[dir=\"ltr\"] [data-carousel] > .option-row:has(> [data-index=\"\(index)\"])"
            let marker = "[dir=\"ltr\"] .page-marker[data-index=\"\(index)\"]"
            return "  \(card) { view-timeline: --page-\(index) inline; }\n"
                + "  \(marker) { animation: page-marker linear both; animation-timeline: --page-\(index); }\n"
        }
        return "@supports (animation-timeline: view()) {\n"
            + "  .picker:has(> [data-carousel]) { timeline-scope: \(names); }\n"
            + pages.joined() + "}\n"
    }

    /// The rules appended to the theme's stylesheet.
    var css: String {
        var text = ""
        if let accentColor {
            let chosen: (text: String, fill: String?) = accentForeground.map { ($0, nil) }
                ?? CSSColor.accentText(on: accentColor)
            text += "\n:root { --accent: \(accentColor); --on-accent: \(chosen.text);"
                    + (chosen.fill.map { " --accent-fill: \($0);" } ?? "") + " }\n"
        } else if let accentForeground {
            text += "\n:root { --on-accent: \(accentForeground); }\n"
        }
        for (index, block) in blocks.enumerated() { text += "[data-style=\"s\(index + 1)\"] { \(block) }\n" }
        text += Self.selectionRules(count: maxOptions, carousel: hasCarousel)
        if hasQRCode { text += Self.qrCodeRules }
        return text
    }

    /// A plain page's QR code, for a visitor on a wide screen to scan with a phone; a phone (below 48rem) taps Open
    /// and has no code to show. Dark on white in either colour scheme, as readers need.
    static let qrCodeRules = """
        .qr { display: none; }
        @media (min-width: 48rem) {
          .qr { display: grid; justify-items: center; gap: 0.5rem; margin: 0.5rem 0 0; padding-block-start: 1.25rem; \
        border-block-start: 1px solid var(--border); justify-self: stretch; }
        }
        .qr-code { display: block; width: 9.5rem; height: 9.5rem; border-radius: 0.5rem; }
        .qr figcaption { font-size: 0.875rem; color: var(--muted); }

        """
}
