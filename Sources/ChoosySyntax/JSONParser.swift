import ChoosyCore

/// A strict RFC 8259 JSON parser that builds a positioned `Node` tree.
///
/// Hand-written so that every error says where and what in a contributor's words, duplicate
/// keys survive into the tree, and hostile input is refused cleanly: nesting is limited to
/// `maximumNestingDepth` levels, so recursion depth is bounded.
///
/// After a syntax error it recovers and reads on (docs/json.md, "Syntax errors"), so that one
/// parse finds every error and keeps what it could read. Every recovery either consumes input
/// or closes a collection, so a parse stays linear in the file's size however broken it is.
package enum JSONParser {
    /// Parses `file`, refusing it with its first syntax error.
    package static func parse(_ file: SourceFile) throws(SyntaxError) -> Document {
        let partial = parseRecovering(file)
        if let error = partial.errors.first { throw error }
        return partial.document!
    }

    /// Parses `file` as far as it can be read: the tree of what was readable and every error.
    static func parseRecovering(_ file: SourceFile) -> PartialDocument {
        do throws(SyntaxError) { try file.checkSize() } catch { return PartialDocument(errors: [error]) }
        let hasByteOrderMark = file.bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let lines = SourceLines(of: file, hasByteOrderMark: hasByteOrderMark)
        return file.bytes.withUnsafeBufferPointer { buffer in
            // The lines have checked the file for non-ASCII bytes already: most files have none.
            let isValidUTF8 = lines.isASCII || ByteScan.isValidUTF8(buffer)
            var parser = JSONParserState(buffer, lines: lines, hasByteOrderMark: hasByteOrderMark, isValidUTF8: isValidUTF8)
            let root = parser.parseDocument()
            let document = root.map { Document(file: file, language: .json, root: $0, hasByteOrderMark: hasByteOrderMark) }
            return parser.result(document)
        }
    }

    /// How many syntax errors a file's report lists; one more error says how many were left out.
    static let maximumListedErrorCount = 100
}

/// The cursor of one parse. Nodes keep byte offsets; a line and column is worked out (from
/// the document's lines) only for an error.
private struct JSONParserState: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the whole file is UTF-8, checked once before the parse: then no string needs
    /// its non-ASCII characters checked.
    private let isValidUTF8: Bool
    private var index: Int
    private let lines: SourceLines
    private var tree: NodeTreeBuilder

    // Recovery. None of it is touched while the input is valid but `hasUnchargedDamage`.
    private var errors: [SyntaxError] = []
    private var unlistedErrors: (count: Int, first: SourceLocation) = (0, .start)
    /// The line of the last error: a second error on the same line is most likely a knock-on
    /// of the first (a quote too few turns the rest of the line inside out).
    private var lastErrorLine = 0
    /// Whether an error lost something (a value, a member, an element) since the innermost
    /// array element being read began, and no element inside it took the blame.
    private var hasUnchargedDamage = false
    /// The array elements that errors lost something inside, by their first byte.
    private var damagedElementStarts: Set<UInt32> = []
    /// Where the last string cut short at the end of its line ends: the ',' or ':' missing
    /// after it was most likely swallowed by it, and is no second mistake.
    private var cutStringEnd = -1
    /// The first byte after `cutStringEnd` that is not white space, found once when the string
    /// is cut, so that asking after every item whether it follows the cut string costs nothing.
    private var cutStringResume = -1
    private var openObjects = 0
    /// The last '}' inside an array asked about, and whether it is stray.
    private var strayCloserVerdict = (offset: -1, isStray: false)
    private var openArrays = 0
    /// Set when nesting is too deep: the parse gives up, and reports nothing more.
    private var hasGivenUp = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, lines: SourceLines, hasByteOrderMark: Bool, isValidUTF8: Bool) {
        self.bytes = bytes
        self.isValidUTF8 = isValidUTF8
        self.lines = lines
        index = hasByteOrderMark ? 3 : 0
        tree = NodeTreeBuilder(lines: lines)
    }

    // MARK: Document

    mutating func parseDocument() -> Node? {
        if index == bytes.count {
            record(SyntaxError("the file is empty; expected a JSON value", at: location()))
            return nil
        }
        skipWhitespace()
        _ = parseValue(depth: 1)
        let root = tree.finish()
        skipWhitespace()
        if index < bytes.count {
            record(SyntaxError(
                "unexpected \(describeCurrent()) after the end of the JSON value", at: location(),
                hint: "a file holds one JSON value; remove the extra text or wrap the values in an array"))
        }
        return root
    }

    /// The parse's outcome, with `document` its tree.
    consuming func result(_ document: Document?) -> PartialDocument {
        if unlistedErrors.count > 0 {
            let count = unlistedErrors.count
            errors.append(SyntaxError(
                "\(count) more syntax error\(count == 1 ? "" : "s") from here on \(count == 1 ? "is" : "are") not listed",
                at: unlistedErrors.first, hint: "fix the errors above and check the file again"))
        }
        return PartialDocument(
            document: document, errors: errors, damagedElementStarts: damagedElementStarts,
            isRootDamaged: hasUnchargedDamage || document == nil)
    }

    // MARK: Values

    /// Adds the value at `index` to the tree; false when there is none to read (the error is
    /// recorded).
    private mutating func parseValue(depth: Int) -> Bool {
        while true {
            guard index < bytes.count else {
                record(SyntaxError("expected a JSON value, found end of file", at: location()))
                return false
            }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                return parseObject(depth: depth, start: start)
            case UInt8(ascii: "["):
                return parseArray(depth: depth, start: start)
            case UInt8(ascii: "\""):
                switch parseString() {
                case .source(let content) where content.count <= NodeTreeBuilder.shortStringCapacity:
                    tree.add(tree.shortStringRecord(spelledBy: UnsafeBufferPointer(rebasing: bytes[content]), from: start, to: index))
                case .source(let content) where content.upperBound == index - 1:
                    tree.add(NodeTree.Record(.quotedString, from: start, to: index))
                case let text:
                    tree.add(tree.scalarRecord(.string(string(text)), from: start, to: index))
                }
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard parseNumber() else { return false }
                tree.add(NodeTree.Record(.sourceNumber, from: start, to: index))
                return true
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                if let value = parseLiteral() {
                    tree.add(tree.scalarRecord(value, from: start, to: index))
                    return true
                }
                record(unexpectedValueError())
                skipStrayToken()
                return false
            default:
                if isAtComment {
                    // Read the value after the comment, which takes nothing away.
                    skipWhitespaceAndComments()
                    continue
                }
                let byte = bytes[index]
                record(unexpectedValueError(), losesData: byte != UInt8(ascii: ","))
                // A ',' or closing bracket is the collection's to read.
                if byte != UInt8(ascii: ","), byte != UInt8(ascii: "]"), byte != UInt8(ascii: "}") { skipStrayToken() }
                return false
            }
        }
    }

    private mutating func parseObject(depth: Int, start: Int) -> Bool {
        guard checkDepth(depth) else { return false }
        index += 1
        openObjects += 1
        defer { openObjects -= 1 }
        let firstMember = tree.childCount
        skipWhitespaceAndComments()
        if !consume(UInt8(ascii: "}")) {
            while true {
                guard let (nameNumber, keyStart) = parseKey() else { break }
                let keyEnd = index
                skipWhitespace()
                var hasColon = consume(UInt8(ascii: ":"))
                if !hasColon, !followsCutString {
                    let key = tree.name(numbered: nameNumber)
                    record(SyntaxError("expected ':' after the key \"\(key)\", found \(describeCurrent())", at: location()), losesData: false)
                    // A value right after the key is the member's; anything else leaves it without one.
                    hasColon = startsValue
                }
                skipWhitespace()
                if hasColon, parseValue(depth: depth + 1) {
                    tree.nameLast(nameNumber, keyFrom: keyStart, to: keyEnd)
                } else {
                    hasUnchargedDamage = true
                }
                if closesAfterItem(closing: UInt8(ascii: "}"), opened: start) { break }
            }
        }
        tree.closeCollection(isObject: true, from: start, to: index, firstChild: firstMember)
        return true
    }

    /// The name number of the next member's key (in the tree's names), and where the key
    /// starts; nil when the object ends instead (at its '}', at a bracket that closes an
    /// enclosing array, or at the end of the file).
    private mutating func parseKey() -> (nameNumber: UInt32, start: Int)? {
        while true {
            guard index < bytes.count else {
                record(keyExpectedError())
                return nil
            }
            let start = index
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                switch parseString() {
                case .source(let content): return (nameNumber(spelledBy: content), start)
                case .decoded(let text): return (text.withUnsafeBufferPointer { tree.nameNumber(spelledBy: $0) }, start)
                }
            }
            if isAtComment {
                skipWhitespaceAndComments()
                continue
            }
            record(keyExpectedError(), losesData: byte != UInt8(ascii: ","))
            switch byte {
            case UInt8(ascii: "}"):
                index += 1
                return nil
            case UInt8(ascii: "]") where openArrays > 0:
                return nil
            case UInt8(ascii: "'"):
                // Read as the key it was meant to be.
                skipStrayToken()
                let end = index - 1 > start && bytes[index - 1] == UInt8(ascii: "'") ? index - 1 : index
                return (nameNumber(spelledBy: start + 1..<end), start)
            case _ where isIdentifierByte(byte):
                skipWord()
                return (nameNumber(spelledBy: start..<index), start)
            default:
                skipStrayToken()
                skipWhitespace()
            }
        }
    }

    /// The name number of the key whose text is `bytes[range]`.
    private mutating func nameNumber(spelledBy range: Range<Int>) -> UInt32 {
        tree.nameNumber(spelledBy: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    private mutating func parseArray(depth: Int, start: Int) -> Bool {
        guard checkDepth(depth) else { return false }
        index += 1
        openArrays += 1
        defer { openArrays -= 1 }
        let firstElement = tree.childCount
        skipWhitespaceAndComments()
        if !consume(UInt8(ascii: "]")) {
            while true {
                let outerDamage = hasUnchargedDamage
                hasUnchargedDamage = false
                if parseValue(depth: depth + 1), hasUnchargedDamage {
                    // The innermost element an error cut into takes the blame: readers that
                    // need whole values leave it out (see `PartialDocument.readableRoot`).
                    damagedElementStarts.insert(tree.lastStart)
                    hasUnchargedDamage = false
                }
                hasUnchargedDamage = hasUnchargedDamage || outerDamage
                if closesAfterItem(closing: UInt8(ascii: "]"), opened: start) { break }
            }
        }
        tree.closeCollection(isObject: false, from: start, to: index, firstChild: firstElement)
        return true
    }

    /// After an object member or array element: consumes the closing bracket (true) or a
    /// comma that is followed by another item (false). After an error it recovers: a missing
    /// comma before the next item is assumed, stray text is skipped, and the end of the file
    /// or a bracket that closes an enclosing collection ends this one too (true).
    private mutating func closesAfterItem(closing closingByte: UInt8, opened: Int) -> Bool {
        // Bytes, not `Character`s: comparing and converting those was most of this function's
        // cost, and it runs after every item.
        let closesObject = closingByte == UInt8(ascii: "}")
        let otherClosingByte = closesObject ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var skippedStrayText = false
        while true {
            skipWhitespace()
            if consume(closingByte) { return true }
            let comma = index
            if consume(UInt8(ascii: ",")) {
                skipWhitespaceAndComments()
                if index < bytes.count, bytes[index] == closingByte {
                    record(trailingCommaError(at: comma, closing: closingByte), losesData: false, mayBeKnockOn: false)
                    index += 1
                    return true
                }
                return false
            }
            // A string cut short at the end of its line swallowed what it was followed by: that
            // is the string's error.
            let isKnockOn = skippedStrayText || followsCutString
            guard index < bytes.count else {
                if !isKnockOn { record(separatorError(closing: closingByte, opened: opened)) }
                return true
            }
            if isAtComment {
                skipWhitespaceAndComments()
                continue
            }
            if closesObject ? bytes[index] == UInt8(ascii: "\"") : startsValue {
                // The comma is missing.
                if !isKnockOn { record(separatorError(closing: closingByte, opened: opened), losesData: false) }
                return false
            }
            if isKnockOn { hasUnchargedDamage = true } else { record(separatorError(closing: closingByte, opened: opened)) }
            if bytes[index] == otherClosingByte, (closesObject ? openArrays : openObjects) > 0,
               closesObject || !isAtStrayObjectCloser() { return true }
            skipStrayToken()
            skippedStrayText = true
        }
    }

    /// Whether nesting at `depth` is allowed; if not, the error is recorded and the parse gives up.
    private mutating func checkDepth(_ depth: Int) -> Bool {
        guard depth > maximumNestingDepth else { return true }
        record(SyntaxError(
            "objects and arrays nest deeper than \(maximumNestingDepth) levels", at: location(),
            hint: "an app definition nests five levels; this file is not one"))
        hasGivenUp = true
        index = bytes.count
        return false
    }

    private mutating func parseLiteral() -> Node.Value? {
        for (word, value) in [("true", Node.Value.bool(true)), ("false", .bool(false)), ("null", .null)]
        where matches(word) {
            index += word.utf8.count
            return value
        }
        return nil
    }

    private func matches(_ word: String) -> Bool {
        let end = index + word.utf8.count
        guard end <= bytes.count else { return false }
        guard bytes[index..<end].elementsEqual(word.utf8) else { return false }
        return end == bytes.count || !isIdentifierByte(bytes[end])
    }

    // MARK: Numbers

    /// Reads a number; false when it is malformed (the error is recorded and the rest of it
    /// skipped).
    private mutating func parseNumber() -> Bool {
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else {
            return malformedNumber(SyntaxError("expected a digit after '-'", at: location()))
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                return malformedNumber(SyntaxError(
                    "numbers cannot have leading zeros", at: location(),
                    hint: "write the number without leading zeros, or quote it if it is an identifier"))
            }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else {
                return malformedNumber(SyntaxError("expected a digit after the decimal point", at: location()))
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                return malformedNumber(SyntaxError("expected a digit in the exponent", at: location()))
            }
            skipDigits()
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            return malformedNumber(SyntaxError("unexpected \(describeCurrent()) in a number", at: location()))
        }
        return true
    }

    private mutating func malformedNumber(_ error: SyntaxError) -> Bool {
        record(error)
        skipWord()
        return false
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote. Validates UTF-8 (unless the whole file
    /// is) and escapes; copies bytes only when the string holds escapes. A string left open
    /// ends at the end of its line (or file); a bad character or escape inside it is left out.
    private mutating func parseString() -> StringText {
        let openingQuote = index
        index += 1
        let contentStart = index
        var decoded: [UInt8]? = nil
        while true {
            // Runs of plain bytes (most of every string) are skipped eight at a time, so only
            // escapes, control characters and (in a file that is not all UTF-8) other scalars
            // reach the full switch.
            if decoded == nil {
                index = ByteScan.endOfPlainStringBytes(in: bytes, from: index, nonASCIIIsPlain: isValidUTF8)
            }
            guard index < bytes.count else {
                record(unterminatedStringError(openingQuote, reason: "the file ends inside it"))
                return text(decoded, from: contentStart)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let text = text(decoded, from: contentStart)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = Array(bytes[contentStart..<index]) }
                guard parseEscape(into: &decoded!) else { return text(decoded, from: contentStart) }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                record(unterminatedStringError(openingQuote, reason: "strings cannot span lines; write \\n for a line break"))
                cutStringEnd = index
                cutStringResume = index
                while cutStringResume < bytes.count, isWhitespace(bytes[cutStringResume]) { cutStringResume += 1 }
                return text(decoded, from: contentStart)
            case 0..<0x20:
                record(SyntaxError(
                    "control character \(scalarName(UInt32(byte))) must be escaped in a string", at: location(),
                    hint: byte == 0x09 ? "write \\t for a tab" : "write it as \\u00XX"))
                if decoded == nil { decoded = Array(bytes[contentStart..<index]) }
                index += 1
            case 0..<0x80:
                decoded?.append(byte)
                index += 1
            default:
                switch checkUTF8Sequence() {
                case .valid(let length):
                    decoded?.append(contentsOf: bytes[index..<index + length])
                    index += length
                case .invalid(let offset):
                    record(SyntaxError("invalid UTF-8 at byte \(offset)", at: location(ofByte: offset), hint: "save the file as UTF-8"))
                    if decoded == nil { decoded = Array(bytes[contentStart..<index]) }
                    index = max(offset, index + 1)
                }
            }
        }
    }

    /// A string's text up to `index`: the bytes decoded so far, or those from `start` when
    /// there was nothing to decode.
    private func text(_ decoded: [UInt8]?, from start: Int) -> StringText {
        decoded.map { .decoded($0) } ?? .source(start..<index)
    }

    private func string(_ text: StringText) -> String {
        switch text {
        case .source(let range): String(decoding: bytes[range], as: UTF8.self)
        case .decoded(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Reads the escape at `index` into `buffer`; false when the file ends inside it (the
    /// error is the string's to report).
    private mutating func parseEscape(into buffer: inout [UInt8]) -> Bool {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            record(SyntaxError("unterminated string: the file ends inside an escape", at: location(ofByte: escapeStart)))
            return false
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
            return true
        }
        guard bytes[index] == UInt8(ascii: "u") else {
            record(SyntaxError(
                "invalid escape \(describeEscapedCharacter())", at: location(ofByte: escapeStart),
                hint: #"valid escapes are \" \\ \/ \b \f \n \r \t and \uXXXX; write \\ for a backslash"#))
            // The escaped character is left out, unless it ends the line: that is the string's to report.
            if bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                if case .valid(let length) = checkUTF8Sequence() { index += length } else { index += 1 }
            }
            return true
        }
        index += 1
        guard var scalar = parseHexQuad(escapeStart) else { return true }
        if (0xDC00...0xDFFF).contains(scalar) {
            record(loneSurrogateError(scalar, at: escapeStart))
            return true
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                record(loneSurrogateError(scalar, at: escapeStart))
                return true
            }
            let lowStart = index
            index += 2
            guard let low = parseHexQuad(lowStart) else { return true }
            guard (0xDC00...0xDFFF).contains(low) else {
                record(loneSurrogateError(scalar, at: escapeStart))
                // The second escape is read again on its own.
                index = lowStart
                return true
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        return true
    }

    /// The four hex digits of a \u escape; nil (the error recorded) when they are not there.
    private mutating func parseHexQuad(_ escapeStart: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                record(SyntaxError("invalid escape: \\u must be followed by four hexadecimal digits", at: location(ofByte: escapeStart)))
                return nil
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Checks the UTF-8 sequence at `index`.
    private func checkUTF8Sequence() -> UTF8SequenceCheck {
        ByteScan.checkUTF8Sequence(in: bytes, at: index)
    }

    // MARK: Recovery

    /// Notes `error`, unless it is on the line of the last one (a knock-on of it; `mayBeKnockOn`
    /// false says it cannot be: a comma before a closing bracket is a mistake of its own) or the parse has given up. `losesData`: the error leaves
    /// something out of the tree (a missing comma or a comment does not), so the value around
    /// it is not whole.
    private mutating func record(_ error: SyntaxError, losesData: Bool = true, mayBeKnockOn: Bool = true) {
        if losesData { hasUnchargedDamage = true }
        guard !hasGivenUp, !mayBeKnockOn || error.range.start.line != lastErrorLine else { return }
        lastErrorLine = error.range.start.line
        if errors.count < JSONParser.maximumListedErrorCount {
            errors.append(error)
        } else {
            if unlistedErrors.count == 0 { unlistedErrors.first = error.range.start }
            unlistedErrors.count += 1
        }
    }

    /// Whether `index` is where a string cut short at the end of its line left off, but for
    /// white space.
    private var followsCutString: Bool {
        cutStringEnd >= 0 && cutStringEnd <= index && index <= cutStringResume
    }

    /// Whether the '}' at `index`, met inside an array, is stray rather than the end of an
    /// enclosing object: a ',' and a '{' or '[' follow it, which start the array's next element
    /// (the next app of a list), never an object's next member. Worked out once per '}', which
    /// each array it would close asks about.
    private mutating func isAtStrayObjectCloser() -> Bool {
        if strayCloserVerdict.offset == index { return strayCloserVerdict.isStray }
        var next = index + 1
        while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
        var isStray = false
        if next < bytes.count, bytes[next] == UInt8(ascii: ",") {
            next += 1
            while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
            isStray = next < bytes.count && (bytes[next] == UInt8(ascii: "{") || bytes[next] == UInt8(ascii: "["))
        }
        strayCloserVerdict = (index, isStray)
        return isStray
    }

    private var isAtComment: Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/")
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
    }

    /// Whether a JSON value starts at `index`.
    private var startsValue: Bool {
        guard index < bytes.count else { return false }
        return switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
    }

    /// Skips white space and comments, each comment with its error: it takes nothing away.
    private mutating func skipWhitespaceAndComments() {
        skipWhitespace()
        while isAtComment {
            record(commentError(), losesData: false)
            skipComment()
            skipWhitespace()
        }
    }

    /// Skips the `//` or `/* */` comment at `index`.
    private mutating func skipComment() {
        let isBlock = bytes[index + 1] == UInt8(ascii: "*")
        index += 2
        while index < bytes.count {
            if isBlock {
                if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    return
                }
            } else if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                return
            }
            index += 1
        }
    }

    /// Skips one token of text that is not JSON: a word (`True`, `NaN`, `+1`), a single-quoted
    /// string up to its quote or the end of its line, or one character.
    private mutating func skipStrayToken() {
        if bytes[index] == UInt8(ascii: "'") {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                index += 1
                if bytes[index - 1] == UInt8(ascii: "'") { return }
            }
        } else if isWordByte(bytes[index]) {
            skipWord()
        } else if case .valid(let length) = bytes[index] < 0x80 ? .valid(length: 1) : checkUTF8Sequence() {
            index += length
        } else {
            index += 1
        }
    }

    /// Skips the letters, digits and number signs at `index`: the rest of a malformed literal.
    private mutating func skipWord() {
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
    }

    // MARK: Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "):
                // Indentation comes in runs.
                index = ByteScan.endOfSpaces(in: bytes, from: index + 1)
            case UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
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

    private mutating func separatorError(closing closingByte: UInt8, opened: Int) -> SyntaxError {
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { return commentError() }
        let closing = Character(Unicode.Scalar(closingByte))
        let (opening, item) = closing == "}" ? ("{", "object member") : ("[", "array element")
        return SyntaxError(
            "expected ',' or '\(closing)' after an \(item), found \(describeCurrent())", at: location(),
            hint: "add a ',' between \(item)s, or close the '\(opening)' opened at \(location(ofByte: opened))")
    }

    private func trailingCommaError(at comma: Int, closing: UInt8) -> SyntaxError {
        SyntaxError(
            "trailing comma before '\(Character(Unicode.Scalar(closing)))'", at: SourceRange(start: location(ofByte: comma), end: location(ofByte: comma + 1)),
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

/// The text of a string as the parser read it.
private enum StringText {
    /// Bytes of the file, with nothing to decode: no escape, no error that left a character out.
    case source(Range<Int>)
    case decoded([UInt8])
}

private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
}

/// A byte of a word that is not JSON (`True`, `NaN`, `+1.5`), skipped whole by recovery.
private func isWordByte(_ byte: UInt8) -> Bool {
    isIdentifierByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
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
