/// Appends `text` to `output`, replacing `& < > " '` with HTML entities.
func appendHTMLEscaped(_ text: String, to output: inout String) {
    let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 { return false }
        return true
    } ?? !text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
    guard !clean else {
        output += text
        return
    }
    let scalars = text.unicodeScalars
    var pending = scalars.startIndex
    var index = pending
    while index < scalars.endIndex {
        let entity: String? = switch scalars[index] {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
        if let entity {
            output.unicodeScalars.append(contentsOf: scalars[pending..<index])
            output += entity
            pending = scalars.index(after: index)
        }
        index = scalars.index(after: index)
    }
    output.unicodeScalars.append(contentsOf: scalars[pending...])
}

/// `text` with `& < > " '` replaced by HTML entities, for text and attribute values.
public func htmlEscaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    appendHTMLEscaped(text, to: &output)
    return output
}
