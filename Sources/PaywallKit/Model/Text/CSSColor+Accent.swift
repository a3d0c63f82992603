/// The text on the accent colour (the purchase button, the badges) when the site does not choose it.
extension CSSColor {
    /// White where it reads at 4.5:1 on `accent`. On a mid-tone accent, where white reads at 3:1 or more (the red or
    /// blue of a brand, which designers put white on), white still, on the accent darkened just enough to reach
    /// 4.5:1: `fill`, for the surfaces that carry text. On a light accent (yellow, light green), near-black. An
    /// accent with an alpha channel keeps the better of the two on the accent itself.
    public static func accentText(on accent: String) -> (text: String, fill: String?) {
        let white = contrast(accent, "#ffffff")
        guard white < minimumContrast else { return ("#ffffff", nil) }
        guard white >= 3, let fill = darkened(accent, toContrastWith: "#ffffff") else {
            return (readableText(on: accent), nil)
        }
        return ("#ffffff", fill)
    }

    /// `color` with each channel scaled down by one factor (so its hue stays), the least that reaches the minimum
    /// contrast with `text`; nil for a colour with alpha.
    static func darkened(_ color: String, toContrastWith text: String) -> String? {
        guard color.count == 4 || color.count == 7 else { return nil }
        let channels = channels(color)
        func scaled(_ factor: Double) -> String {
            "#" + channels.map { channel in
                let value = String(Int((channel * factor).rounded(.down)), radix: 16)
                return value.count == 1 ? "0" + value : value
            }.joined()
        }
        // Contrast grows as the factor falls: the largest factor (in 1/1024 steps) that still reaches it.
        var low = 0, high = 1024
        while low < high {
            let middle = (low + high + 1) / 2
            if contrast(scaled(Double(middle) / 1024), text) >= minimumContrast {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return scaled(Double(low) / 1024)
    }
}
