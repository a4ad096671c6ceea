import ChoosyCore

/// Loads a YAML file into the positioned `Node` tree JSON files load into, accepting the subset
/// described in docs/yaml.md and saying where and why anything else is refused.
package enum YAMLLoader {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    package static func load(_ file: SourceFile) throws(SyntaxError) -> Document {
        try file.checkSize()
        let hasByteOrderMark = file.bytes.starts(with: byteOrderMark)
        // libyaml would count a BOM it skips as a column; dropping it here makes column 1 the first
        // character after it, while slice indices stay byte offsets into the whole file.
        let text = file.bytes[(hasByteOrderMark ? byteOrderMark.count : 0)...]
        let positions = YAMLPositionTable(text: text)
        var builder = YAMLTreeBuilder(positions: positions, lines: SourceLines(of: file, hasByteOrderMark: hasByteOrderMark))
        try readEvents(of: text, into: &builder, positions: positions)
        guard let root = builder.root else {
            throw SyntaxError("the file is empty: it holds no YAML document", at: .start, hint: "write the app definition, a YAML mapping")
        }
        return Document(file: file, language: .yaml, root: root, hasByteOrderMark: hasByteOrderMark)
    }

    private static func readEvents(
        of text: ArraySlice<UInt8>, into builder: inout YAMLTreeBuilder, positions: YAMLPositionTable
    ) throws(SyntaxError) {
        let parser: LibYAMLParser
        do { parser = try LibYAMLParser.make(text: text) } catch { throw syntaxError(for: error, positions: positions) }
        while true {
            let event: YAMLEvent
            do { event = try parser.nextEvent() } catch { throw syntaxError(for: error, positions: positions) }
            try builder.add(event)
            if case .streamEnd = event.kind { return }
        }
    }

    /// libyaml's own words, placed in the file, with a hint where the usual cause is known.
    private static func syntaxError(for problem: LibYAMLProblem, positions: YAMLPositionTable) -> SyntaxError {
        switch problem.kind {
        case .memory:
            return SyntaxError("out of memory while reading YAML", at: .start)
        case .encoding(let byteOffset, let value):
            let location = positions.location(ofByte: byteOffset)
            if problem.problem.hasPrefix("control characters") {
                let codePoint = "U+" + zeroPaddedHex(value, digits: 4)
                return SyntaxError(
                    "control character \(codePoint) at byte \(location.offset) is not allowed in YAML", at: location,
                    hint: "is this a binary file? YAML files are UTF-8 text")
            }
            return SyntaxError(
                "invalid UTF-8 at byte \(location.offset) (\(problem.problem))", at: location,
                hint: "save the file as UTF-8")
        case .syntax(let characterIndex):
            let location = positions.location(ofCharacter: characterIndex)
            let context = problem.context.map { " (\($0.text) that starts at \(positions.location(ofCharacter: $0.characterIndex)))" } ?? ""
            return SyntaxError(problem.problem + context, at: location, hint: hint(for: problem.problem, at: location, positions: positions))
        }
    }

    private static func hint(for problem: String, at location: SourceLocation, positions: YAMLPositionTable) -> String? {
        let character = positions.byte(at: location.offset)
        if problem.contains("tab") || character == UInt8(ascii: "\t") {
            return "YAML indents with spaces only; replace the tabs with spaces"
        }
        if character == UInt8(ascii: "@") || character == UInt8(ascii: "`") {
            return "@ and ` cannot start a plain value; quote the value"
        }
        if problem.hasPrefix("mapping values are not allowed") {
            return "a ': ' inside a value starts a mapping; quote the value, or check the indentation"
        }
        if problem.hasPrefix("did not find expected key") || problem.hasPrefix("did not find expected '-'") {
            return "check that this line is indented like the entries above it"
        }
        return nil
    }
}
