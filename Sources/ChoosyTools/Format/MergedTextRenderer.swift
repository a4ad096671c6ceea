import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// The merged catalog for people: laid out like YAML, every value followed by the file and
/// line it came from, so a maintainer sees which layer won each field, and each value the
/// client ignores as a `# ignored:` line under it, with its own file and line.
public enum MergedTextRenderer {
    /// Origins line up in one column after the longest line, but never further right than
    /// this: long descriptions and url_formats should not push every origin off the screen.
    static let originColumnLimit = 72

    public static func render(_ value: MergedValue) -> String {
        var builder = Builder()
        switch value {
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() {
                // A blank line between top-level entries (app types) helps the eye.
                if index > 0 { builder.lines.append(Line(text: "", origin: nil)) }
                builder.addElement(element, indent: "")
            }
        default:
            builder.addValue(value, label: nil, indent: "")
        }
        return builder.rendered()
    }

    private struct Line {
        package var text: String
        var origin: String?
    }

    private struct Builder {
        var lines: [Line] = []

        /// One element of an array: `- ` and the element, its first member on the dash line.
        mutating func addElement(_ value: MergedValue, indent: String) {
            let start = lines.count
            addValue(value, label: nil, indent: indent + "  ")
            if lines.count > start {
                lines[start].text = indent + "- " + lines[start].text.dropFirst(indent.count + 2)
            }
        }

        /// A value, after `label: ` when it is an object's member; `origin` is that of a
        /// subtree taken whole from one file.
        mutating func addValue(_ value: MergedValue, label: String?, indent: String, origin: String? = nil) {
            /// The value's line: `label: text`, `label:` before nested lines, or the bare text.
            let label = label?.withInvisibleCharactersEscaped
            func line(_ text: String) -> String {
                indent + ([label.map { $0 + ":" }, text.isEmpty ? nil : text].compactMap { $0 }.joined(separator: " "))
            }
            switch value {
            case .object(let members):
                if members.isEmpty || label != nil {
                    lines.append(Line(text: line(members.isEmpty ? "{}" : ""), origin: origin))
                }
                let memberIndent = label == nil ? indent : indent + "  "
                for member in members { addValue(member.value, label: member.key, indent: memberIndent) }
            case .array(let elements):
                lines.append(Line(text: line(elements.isEmpty ? "[]" : ""), origin: origin))
                for element in elements { addElement(element, indent: indent + "  ") }
            case .source(let node, let file):
                let origin = "\(file.withInvisibleCharactersEscaped):\(node.range.start.line)"
                switch node.value {
                case .object, .array:
                    addValue(node.merged(file: file), label: label, indent: indent, origin: origin)
                default:
                    lines.append(Line(text: line(scalarText(node)), origin: origin))
                }
            case .ignored(let node, let file):
                let text = ["# ignored:", label, ignoredText(node)].compactMap { $0 }.joined(separator: " ")
                lines.append(Line(text: indent + text, origin: "\(file.withInvisibleCharactersEscaped):\(node.range.start.line)"))
            }
        }

        func rendered() -> String {
            let column = lines.filter { $0.origin != nil && $0.text.count <= originColumnLimit }.map(\.text.count).max() ?? 0
            return lines.map { line in
                guard let origin = line.origin else { return line.text + "\n" }
                let width = max(column, line.text.count)
                return line.text + String(repeating: " ", count: width - line.text.count) + "   (" + origin + ")\n"
            }.joined()
        }
    }

    /// An ignored value in one line: a scalar as JSON, so that the value stands out from the
    /// label; a list or object only as brackets (its origin says where to read it).
    static func ignoredText(_ node: Node) -> String {
        switch node.value {
        case .object: "{…}"
        case .array: "[…]"
        default: JSONValue(node).compactText().withInvisibleCharactersEscaped
        }
    }

    /// A scalar as people read it; strings are quoted only where bare text would hide
    /// something (empty, surrounding spaces, line breaks, controls, bidi overrides), and
    /// then show every invisible character as an escape, as JSON writes a line break.
    static func scalarText(_ node: Node) -> String {
        switch node.value {
        case .string(let text):
            let needsQuotes = text.isEmpty || text.first!.isWhitespace || text.last!.isWhitespace
                || text.unicodeScalars.contains { !(0x20..<0x7F).contains($0.value) && $0.isInvisible }
            guard needsQuotes else { return text }
            return JSONValue.string(text).compactText().withInvisibleCharactersEscaped
        case .number(let literal): return literal
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object, .array: return ""
        }
    }
}

extension Node {
    /// A subtree taken whole from one file, as merged values that each keep their line.
    fileprivate func merged(file: String) -> MergedValue {
        switch value {
        case .object(let members): .object(members.map { ($0.key, .source($0.value, file: file)) })
        case .array(let elements): .array(elements.map { .source($0, file: file) })
        default: .source(self, file: file)
        }
    }
}
