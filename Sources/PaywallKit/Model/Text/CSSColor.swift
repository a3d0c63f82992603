#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// Colours are written into CSS, so only `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa` are accepted.
public enum CSSColor {
    static func isASCIIHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."f", "A"..."F": true
        default: false
        }
    }

    /// The contrast text needs on its background (WCAG 2 AA, normal text).
    public static let minimumContrast = 4.5

    /// A warning at `location` when the button text on the accent reads at less than 4.5:1; nil when it reads well
    /// or no accent is set (the theme's own pair does).
    static func accentContrastWarning(accent: String?, foreground: String?,
                                      at location: SourceLocation?) -> Diagnostic? {
        guard let location, let accent = accent ?? foreground.map({ _ in "#0066cc" }) else { return nil }
        let (text, fill): (String, String?) = foreground.map { ($0, nil) } ?? accentText(on: accent)
        let ratio = contrast(fill ?? accent, text)
        guard ratio < minimumContrast else { return nil }
        let shown = (ratio * 100).rounded(.down) / 100
        let what = foreground == nil ? "the better of white and near-black (\(text))" : "theme.accentForeground \(text)"
        return .warning(location,
                        "\(what) on theme.accentColor \(accent) has a contrast of \(shown):1, below the "
                        + "\(minimumContrast):1 that text needs",
                        hint: "choose a darker or lighter accentColor, or an accentForeground that reaches 4.5:1")
    }

    /// The WCAG contrast ratio of two colours, from 1 to 21.
    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Near-black or white, whichever contrasts more with `color` (a checked `#rgb[a]` or `#rrggbb[aa]`).
    public static func readableText(on color: String) -> String {
        readableText(on: [color])
    }

    /// For a gradient: the text colour that keeps the most contrast against its worst stop.
    public static func readableText(on colors: [String]) -> String {
        let dark = 0.0144 // #1c1c1e
        func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        let luminances = colors.map(luminance)
        let onDark = luminances.map { contrast($0, 1) }.min() ?? 0
        let onLight = luminances.map { contrast($0, dark) }.min() ?? 0
        return onDark >= onLight ? "#ffffff" : "#1c1c1e"
    }

    /// WCAG relative luminance, ignoring alpha.
    static func luminance(_ color: String) -> Double {
        let channels = channels(color).map { channel -> Double in
            let value = channel / 255
            return value <= 0.03928 ? value / 12.92 : Platform.power((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    /// Red, green and blue from 0 to 255 of a checked colour (`#rgb[a]`, `#rrggbb[aa]`), alpha left out.
    static func channels(_ color: String) -> [Double] {
        var hex = Array(color.dropFirst())
        if hex.count <= 4 { hex = hex.flatMap { [$0, $0] } }
        return stride(from: 0, to: 6, by: 2).map { Double(Int(String(hex[$0...$0 + 1]), radix: 16) ?? 0) }
    }
}
