import Mustache

extension QRCode {
    /// The modules around the symbol that a reader needs light (ISO/IEC 18004: four).
    public static let quietZone = 4

    /// The code as one inline SVG: a white square (a QR code is dark on light, in dark mode too) and one black
    /// `<path>` whose `d` is a run of dark modules per `M x y h n v1 h-n z`, one unit a module, with the quiet zone
    /// in the `viewBox`. `label` is its text alternative (`role="img"`, `aria-label` and `<title>`). Pure: the same
    /// code and label give the same bytes.
    public func svg(label: String, `class` name: String = "qr-code") -> String {
        let side = size + 2 * Self.quietZone
        let label = htmlEscaped(label)
        return "<svg class=\"\(name)\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" "
            + "role=\"img\" aria-label=\"\(label)\" shape-rendering=\"crispEdges\"><title>\(label)</title>"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(pathData)\"/></svg>"
    }

    /// Each row's runs of dark modules as closed rectangles, offset by the quiet zone.
    public var pathData: String {
        var d = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else { x += 1; continue }
                let start = x
                while x < size, self[x, y] { x += 1 }
                d += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return d
    }
}
