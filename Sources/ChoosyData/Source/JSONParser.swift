/// A strict RFC 8259 JSON parser that builds a positioned `Node` tree.
///
/// Hand-written so that every error says where and what in a contributor's words, duplicate
/// keys survive into the tree, and hostile input is refused cleanly: nesting is limited to
/// `maximumNestingDepth` levels, so recursion depth is bounded.
enum JSONParser {
    static func parse(_ file: SourceFile) throws(SyntaxError) -> Document {
        try file.checkSize()
        let hasByteOrderMark = file.bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let lines = SourceLines(of: file, hasByteOrderMark: hasByteOrderMark)
        let result: Result<Node, SyntaxError> = file.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParserState(buffer, lines: lines, hasByteOrderMark: hasByteOrderMark)
            return Result { () throws(SyntaxError) in try parser.parseDocument() }
        }
        let root = try result.get()
        return Document(file: file, format: .json, root: root, hasByteOrderMark: hasByteOrderMark)
    }
}

/// The cursor of one parse. Nodes keep byte offsets; a line and column is worked out (from
/// the document's lines) only for an error.
private struct JSONParserState: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let lines: SourceLines
    private var members = ChildStack<Member>()
    private var elements = ChildStack<Node>()
    private let pointers: JSONPointerTable

    init(_ bytes: UnsafeBufferPointer<UInt8>, lines: SourceLines, hasByteOrderMark: Bool) {
        self.bytes = bytes
        self.lines = lines
        index = hasByteOrderMark ? 3 : 0
        pointers = JSONPointerTable(base: nil, lines: lines)
    }

    // MARK: Document

    mutating func parseDocument() throws(SyntaxError) -> Node {
        if index == bytes.count {
            throw SyntaxError("the file is empty; expected a JSON value", at: location())
        }
        skipWhitespace()
        let root = try parseValue(pointer: pointers.basePointer, depth: 1)
        pointers.trim()
        skipWhitespace()
        if index < bytes.count {
            throw SyntaxError(
                "unexpected \(describeCurrent()) after the end of the JSON value", at: location(),
                hint: "a file holds one JSON value; remove the extra text or wrap the values in an array")
        }
        return root
    }

    // MARK: Values

    private mutating func parseValue(pointer: JSONPointer, depth: Int) throws(SyntaxError) -> Node {
        guard index < bytes.count else {
            throw SyntaxError("expected a JSON value, found end of file", at: location())
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try parseObject(pointer: pointer, depth: depth, start: start)
        case UInt8(ascii: "["):
            return try parseArray(pointer: pointer, depth: depth, start: start)
        case UInt8(ascii: "\""):
            let text = try parseString()
            return Node(.string(text), from: start, to: index, pointer: pointer)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let literal = try parseNumber()
            return Node(.number(literal), from: start, to: index, pointer: pointer)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let value = try parseLiteral()
            return Node(value, from: start, to: index, pointer: pointer)
        default:
            throw unexpectedValueError()
        }
    }

    private mutating func parseObject(pointer: JSONPointer, depth: Int, start: Int) throws(SyntaxError) -> Node {
        try checkDepth(depth)
        index += 1
        let firstMember = members.count
        skipWhitespace()
        if !consume(UInt8(ascii: "}")) {
            while true {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw keyExpectedError()
                }
                let keyStart = index
                let key = try parseString()
                let keyEnd = index
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else {
                    throw SyntaxError("expected ':' after the key \"\(key)\", found \(describeCurrent())", at: location())
                }
                skipWhitespace()
                let value = try parseValue(pointer: pointers.appending(key: key, to: pointer), depth: depth + 1)
                members.push(Member(key: key, from: keyStart, to: keyEnd, value: value))
                if try closesAfterItem(closing: "}", opened: start) { break }
            }
        }
        return Node(.object(members.pop(from: firstMember)), from: start, to: index, pointer: pointer)
    }

    private mutating func parseArray(pointer: JSONPointer, depth: Int, start: Int) throws(SyntaxError) -> Node {
        try checkDepth(depth)
        index += 1
        let firstElement = elements.count
        skipWhitespace()
        if !consume(UInt8(ascii: "]")) {
            while true {
                let elementPointer = pointers.appending(index: elements.count - firstElement, to: pointer)
                let element = try parseValue(pointer: elementPointer, depth: depth + 1)
                elements.push(element)
                if try closesAfterItem(closing: "]", opened: start) { break }
            }
        }
        return Node(.array(elements.pop(from: firstElement)), from: start, to: index, pointer: pointer)
    }

    /// After an object member or array element: consumes the closing bracket (true) or a
    /// comma that is followed by another item (false).
    private mutating func closesAfterItem(closing: Character, opened: Int) throws(SyntaxError) -> Bool {
        let closingByte = UInt8(ascii: closing.unicodeScalars.first!)
        skipWhitespace()
        if consume(closingByte) { return true }
        let comma = index
        guard consume(UInt8(ascii: ",")) else {
            throw separatorError(closing: closing, opened: opened)
        }
        skipWhitespace()
        if index < bytes.count, bytes[index] == closingByte {
            throw trailingCommaError(at: comma, closing: closing)
        }
        return false
    }

    private mutating func checkDepth(_ depth: Int) throws(SyntaxError) {
        if depth > maximumNestingDepth {
            throw SyntaxError(
                "objects and arrays nest deeper than \(maximumNestingDepth) levels", at: location(),
                hint: "an app definition nests five levels; this file is not one")
        }
    }

    private mutating func parseLiteral() throws(SyntaxError) -> Node.Value {
        for (word, value) in [("true", Node.Value.bool(true)), ("false", .bool(false)), ("null", .null)]
        where matches(word) {
            index += word.utf8.count
            return value
        }
        throw unexpectedValueError()
    }

    private func matches(_ word: String) -> Bool {
        let end = index + word.utf8.count
        guard end <= bytes.count else { return false }
        guard bytes[index..<end].elementsEqual(word.utf8) else { return false }
        return end == bytes.count || !isIdentifierByte(bytes[end])
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw SyntaxError("expected a digit after '-'", at: location())
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw SyntaxError(
                    "numbers cannot have leading zeros", at: location(),
                    hint: "write the number without leading zeros, or quote it if it is an identifier")
            }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw SyntaxError("expected a digit after the decimal point", at: location())
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw SyntaxError("expected a digit in the exponent", at: location())
            }
            skipDigits()
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw SyntaxError("unexpected \(describeCurrent()) in a number", at: location())
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote. Validates UTF-8 and escapes; copies
    /// bytes only when the string holds escapes.
    private mutating func parseString() throws(SyntaxError) -> String {
        let openingQuote = index
        index += 1
        let contentStart = index
        var decoded: [UInt8]? = nil
        while true {
            // Runs of plain ASCII (most of every string) are skipped in a loop of their own, so
            // only escapes, control characters and other scalars reach the full switch.
            if decoded == nil {
                while index < bytes.count {
                    let byte = bytes[index]
                    guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                    index += 1
                }
            }
            guard index < bytes.count else {
                throw unterminatedStringError(openingQuote, reason: "the file ends inside it")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let text = decoded.map { String(decoding: $0, as: UTF8.self) }
                    ?? String(decoding: bytes[contentStart..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = Array(bytes[contentStart..<index]) }
                try parseEscape(into: &decoded!)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw unterminatedStringError(openingQuote, reason: "strings cannot span lines; write \\n for a line break")
            case 0..<0x20:
                throw SyntaxError(
                    "control character \(scalarName(UInt32(byte))) must be escaped in a string", at: location(),
                    hint: byte == 0x09 ? "write \\t for a tab" : "write it as \\u00XX")
            case 0..<0x80:
                decoded?.append(byte)
                index += 1
            default:
                switch checkUTF8Sequence() {
                case .valid(let length):
                    decoded?.append(contentsOf: bytes[index..<index + length])
                    index += length
                case .invalid(let offset):
                    throw SyntaxError("invalid UTF-8 at byte \(offset)", at: location(ofByte: offset), hint: "save the file as UTF-8")
                }
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw SyntaxError("unterminated string: the file ends inside an escape", at: location(ofByte: escapeStart))
        }
        let simple: UInt8? = switch bytes[index] {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            buffer.append(simple)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else {
            throw SyntaxError(
                "invalid escape \(describeEscapedCharacter())", at: location(ofByte: escapeStart),
                hint: #"valid escapes are \" \\ \/ \b \f \n \r \t and \uXXXX; write \\ for a backslash"#)
        }
        index += 1
        var scalar = try parseHexQuad(escapeStart)
        if (0xDC00...0xDFFF).contains(scalar) {
            throw loneSurrogateError(scalar, at: escapeStart)
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw loneSurrogateError(scalar, at: escapeStart)
            }
            let lowStart = index
            index += 2
            let low = try parseHexQuad(lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw loneSurrogateError(scalar, at: escapeStart)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    private mutating func parseHexQuad(_ escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw SyntaxError("invalid escape: \\u must be followed by four hexadecimal digits", at: location(ofByte: escapeStart))
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Checks the UTF-8 sequence at `index` (RFC 3629: no overlong forms, no surrogates, nothing
    /// above U+10FFFF).
    private func checkUTF8Sequence() -> UTF8SequenceCheck {
        let lead = bytes[index]
        let (length, lowest, highest): (Int, UInt8, UInt8) = switch lead {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard length > 0 else { return .invalid(atByte: index) }
        for offset in 1..<length {
            let range = offset == 1 ? lowest...highest : 0x80...0xBF
            guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
                return .invalid(atByte: index + offset)
            }
        }
        return .valid(length: length)
    }

    // MARK: Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                index += 1
            default:
                return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The location of `index`.
    private func location() -> SourceLocation {
        location(ofByte: index)
    }

    private func location(ofByte offset: Int) -> SourceLocation {
        lines.location(ofOffset: UInt32(offset))
    }

    // MARK: Errors

    private mutating func unexpectedValueError() -> SyntaxError {
        guard index < bytes.count else {
            return SyntaxError("expected a JSON value, found end of file", at: location())
        }
        switch bytes[index] {
        case UInt8(ascii: "/") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
            return commentError()
        case UInt8(ascii: "'"):
            return SyntaxError("strings must use double quotes, not single quotes", at: location())
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            return SyntaxError("expected a JSON value, found \(describeCurrent())", at: location())
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return SyntaxError(
                "expected a JSON value, found \(describeCurrent())", at: location(),
                hint: "JSON numbers have no '+', no leading '.', and no NaN or Infinity; quote text as a string")
        default:
            return SyntaxError(
                "expected a JSON value, found \(describeCurrent())", at: location(),
                hint: "a value is a \"string\", a number, true, false, null, an object or an array")
        }
    }

    private mutating func keyExpectedError() -> SyntaxError {
        guard index < bytes.count else {
            return SyntaxError(
                "expected a string key in double quotes, found end of file", at: location(),
                hint: "the file ends early; close every '{' and '[' that is open")
        }
        if bytes[index] == UInt8(ascii: "/") { return commentError() }
        return SyntaxError(
            "expected a string key in double quotes, found \(describeCurrent())", at: location(),
            hint: bytes[index] == UInt8(ascii: "'") ? "JSON strings use double quotes" : nil)
    }

    private mutating func separatorError(closing: Character, opened: Int) -> SyntaxError {
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { return commentError() }
        let (opening, item) = closing == "}" ? ("{", "object member") : ("[", "array element")
        return SyntaxError(
            "expected ',' or '\(closing)' after an \(item), found \(describeCurrent())", at: location(),
            hint: "add a ',' between \(item)s, or close the '\(opening)' opened at \(location(ofByte: opened))")
    }

    private func trailingCommaError(at comma: Int, closing: Character) -> SyntaxError {
        SyntaxError(
            "trailing comma before '\(closing)'", at: SourceRange(start: location(ofByte: comma), end: location(ofByte: comma + 1)),
            hint: "remove the comma; JSON does not allow one after the last item")
    }

    private mutating func commentError() -> SyntaxError {
        SyntaxError(
            "comments are not allowed in JSON", at: location(),
            hint: "remove the comment, or write the file as YAML, which allows # comments")
    }

    private func unterminatedStringError(_ openingQuote: Int, reason: String) -> SyntaxError {
        SyntaxError("unterminated string: \(reason)", at: location(ofByte: openingQuote), hint: "close the string with '\"'")
    }

    private func loneSurrogateError(_ scalar: UInt32, at offset: Int) -> SyntaxError {
        SyntaxError(
            "lone surrogate \\u\(zeroPaddedHex(scalar, digits: 4)) in a string", at: location(ofByte: offset),
            hint: "a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape; write the character itself instead")
    }

    /// Describes the character at `index` for an error message: `'x'`, or a name for
    /// invisible ones.
    private mutating func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F: return scalarName(UInt32(byte))
        default:
            switch checkUTF8Sequence() {
            case .valid(let length):
                let character = String(decoding: bytes[index..<index + length], as: UTF8.self)
                guard let scalar = character.unicodeScalars.first, !scalar.isInvisible else {
                    return scalarName(character.unicodeScalars.first?.value ?? 0)
                }
                return "'\(character)'"
            case .invalid(let offset): return "invalid UTF-8 at byte \(offset)"
            }
        }
    }

    /// The escape at the current character, for "invalid escape …": `\x`, or the backslash and
    /// the name of an invisible character.
    private mutating func describeEscapedCharacter() -> String {
        let description = describeCurrent()
        return description.hasPrefix("'") ? "\\" + description.dropFirst().dropLast() : "'\\' followed by \(description)"
    }
}

/// Whether the bytes at a position form one valid UTF-8 character, and if not, which byte breaks it.
private enum UTF8SequenceCheck {
    case valid(length: Int)
    case invalid(atByte: Int)
}

private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

private func isIdentifierByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
}

private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}


/// `U+0009 (tab)` style names for characters that do not print.
private func scalarName(_ value: UInt32) -> String {
    let names: [UInt32: String] = [
        0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return", 0x00: "NUL", 0xA0: "no-break space",
        0x200B: "zero width space", 0x2028: "line separator", 0x2029: "paragraph separator", 0xFEFF: "byte order mark",
    ]
    return "U+\(zeroPaddedHex(value, digits: 4))" + (names[value].map { " (\($0))" } ?? "")
}
