/// Drops comments and needless white space from the theme's stylesheet, so pages stay light.
enum CSSMinifier {
    static func minify(_ css: String) -> String {
        var output = ""
        output.reserveCapacity(css.utf8.count)
        var scalars = css.unicodeScalars.makeIterator()
        var pendingSpace = false
        var quote: Unicode.Scalar?
        var previous: Unicode.Scalar = " "
        while let scalar = scalars.next() {
            if let open = quote {
                output.unicodeScalars.append(scalar)
                if scalar == open { quote = nil }
                continue
            }
            if scalar == "/" {
                var lookahead = scalars
                if lookahead.next() == "*" {
                    scalars = lookahead
                    var last: Unicode.Scalar = " "
                    while let inner = scalars.next(), !(last == "*" && inner == "/") { last = inner }
                    continue
                }
            }
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" { pendingSpace = true; continue }
            if pendingSpace, !"{};,>:".unicodeScalars.contains(previous), !"{};,>".unicodeScalars.contains(scalar) {
                output += " "
            }
            pendingSpace = false
            if scalar == "\"" || scalar == "'" { quote = scalar }
            output.unicodeScalars.append(scalar)
            previous = scalar
        }
        return output + "\n"
    }
}
