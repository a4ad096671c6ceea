import ChoosyCore
import ChoosySyntax

/// One element of an XML property list and the bytes it spans, so an edit can replace one
/// value and leave every other byte of the file as it was.
struct PlistElement: Sendable {
    let name: String
    /// From the `<` of the start tag to just after the `>` of the end tag (or of `<name/>`).
    let range: Range<Int>
    /// Between the start and end tags; nil for an empty-element tag (`<dict/>`).
    let contentRange: Range<Int>?
    let children: [PlistElement]
    /// The character data, with entity and character references decoded (keys, strings).
    package let text: String
    /// Where the first character data other than white space starts, if any: a container
    /// (dict, array) must hold none.
    let firstTextOffset: Int?
}

/// A strict reader of the XML property list format (what Xcode writes for Info.plist):
/// elements, attributes, character data with the five XML entities and character references,
/// CDATA sections, comments, processing instructions and a DOCTYPE without an internal subset.
/// Anything else is an error with its line and column.
struct XMLPlistReader {
    /// Deeper nesting than any Info.plist has; a hostile file cannot exhaust the stack.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let path: String
    private var offset = 0

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The `<plist>` root element of `bytes`.
    static func root(of bytes: [UInt8], path: String) throws(PlistError) -> PlistElement {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw PlistError(
                path: path, line: 1, column: 1,
                "is a binary property list; choosy-data reads XML plists only: convert it with 'plutil -convert xml1 \(path)' (Xcode reads either), then run again")
        }
        // UTF-16 or UTF-32: a byte order mark, or a NUL byte beside the first character.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(4).contains(0) {
            throw PlistError(
                path: path, line: 1, column: 1,
                "is not UTF-8 (it looks like UTF-16); convert it with 'plutil -convert xml1 \(path)', which writes UTF-8, then run again")
        }
        var reader = XMLPlistReader(bytes: bytes, path: path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        try reader.skipMarkupAndSpace()
        guard reader.peek("<") else { throw reader.error("expected the <plist> element; an Info.plist starts with <?xml ...?> and <plist version=\"1.0\">") }
        let root = try reader.element(depth: 0)
        try reader.skipMarkupAndSpace()
        guard reader.offset == bytes.count else { throw reader.error("unexpected content after </\(root.name)>; a plist has one root element") }
        guard root.name == "plist" else { throw PlistError(path: path, bytes: bytes, at: root.range.lowerBound, "the root element is <\(root.name)>, not <plist>; is this an Info.plist?") }
        return root
    }

    private func peek(_ text: String) -> Bool {
        bytes[offset...].starts(with: text.utf8)
    }

    private func error(_ message: String, at position: Int? = nil) -> PlistError {
        PlistError(path: path, bytes: bytes, at: position ?? offset, message)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...: true
        default: false
        }
    }

    /// Skips white space, comments, processing instructions and a DOCTYPE.
    private mutating func skipMarkupAndSpace() throws(PlistError) {
        while offset < bytes.count {
            if Self.isSpace(bytes[offset]) {
                offset += 1
            } else if !(try skipMarkup()) {
                return
            }
        }
    }

    /// Skips one comment, processing instruction or DOCTYPE at the offset; false when there is none.
    private mutating func skipMarkup() throws(PlistError) -> Bool {
        if peek("<!--") {
            try skip(past: "-->", from: offset, what: "comment")
        } else if peek("<?") {
            try skip(past: "?>", from: offset, what: "processing instruction (<?...?>)")
        } else if peek("<!DOCTYPE") {
            let start = offset
            try skip(past: ">", from: offset, what: "DOCTYPE")
            if bytes[start..<offset].contains(UInt8(ascii: "[")) {
                throw error("a DOCTYPE with an internal subset ([...]) is not supported; use Xcode's <!DOCTYPE plist PUBLIC ...> line", at: start)
            }
        } else {
            return false
        }
        return true
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) throws(PlistError) {
        let end = Array(terminator.utf8)
        var index = start
        while index + end.count <= bytes.count {
            if bytes[index..<index + end.count].elementsEqual(end) {
                offset = index + end.count
                return
            }
            index += 1
        }
        throw error("unterminated \(what): no '\(terminator)' before the end of the file", at: start)
    }

    private mutating func name() throws(PlistError) -> String {
        let start = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset]) { offset += 1 }
        guard offset > start else { throw error("expected an element name after '<'") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The element at the offset (which is at its `<`), its content and end tag.
    private mutating func element(depth: Int) throws(PlistError) -> PlistElement {
        let start = offset
        guard depth < Self.maximumDepth else { throw error("elements nested more than \(Self.maximumDepth) deep") }
        offset += 1
        let name = try name()
        try skipAttributes(of: name)
        if peek("/>") {
            offset += 2
            return PlistElement(name: name, range: start..<offset, contentRange: nil, children: [], text: "", firstTextOffset: nil)
        }
        offset += 1  // '>'
        let contentStart = offset
        var children: [PlistElement] = []
        var text: [UInt8] = []
        var firstTextOffset: Int?
        while true {
            guard offset < bytes.count else { throw error("<\(name)> is not closed: add </\(name)>", at: start) }
            if peek("</") {
                let contentEnd = offset
                offset += 2
                let closing = try self.name()
                guard closing == name else { throw error("expected </\(name)> to close the <\(name)> at \(position(of: start)), found </\(closing)>; close each element before its parent", at: contentEnd) }
                while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
                guard peek(">") else { throw error("expected '>' to end </\(name)>") }
                offset += 1
                return PlistElement(
                    name: name, range: start..<offset, contentRange: contentStart..<contentEnd, children: children,
                    text: String(decoding: text, as: UTF8.self), firstTextOffset: firstTextOffset)
            } else if peek("<![CDATA[") {
                let sectionStart = offset
                firstTextOffset = firstTextOffset ?? sectionStart
                try skip(past: "]]>", from: offset, what: "CDATA section")
                text += bytes[sectionStart + 9..<offset - 3]
            } else if try skipMarkup() {
                continue
            } else if peek("<") {
                children.append(try element(depth: depth + 1))
            } else if peek("&") {
                firstTextOffset = firstTextOffset ?? offset
                text += try reference()
            } else {
                if !Self.isSpace(bytes[offset]) { firstTextOffset = firstTextOffset ?? offset }
                text.append(bytes[offset])
                offset += 1
            }
        }
    }

    /// Skips `name="value"` pairs up to `>` or `/>`.
    private mutating func skipAttributes(of element: String) throws(PlistError) {
        while true {
            while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw error("<\(element) is not closed with '>'") }
            if peek(">") || peek("/>") { return }
            _ = try name()
            guard peek("=") else { throw error("expected '=' after an attribute name in <\(element)>") }
            offset += 1
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw error("expected a quoted attribute value in <\(element)>")
            }
            let quote = bytes[offset]
            guard let end = bytes[(offset + 1)...].firstIndex(of: quote) else { throw error("unterminated attribute value in <\(element)>") }
            offset = end + 1
        }
    }

    /// The bytes an entity or character reference at the offset stands for.
    private mutating func reference() throws(PlistError) -> [UInt8] {
        let start = offset
        guard let end = bytes[offset...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' starts no reference; write it as &amp;")
        }
        let body = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
        offset = end + 1
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let text = named[body] { return Array(text.utf8) }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value), value != 0 { return Array(String(Character(scalar)).utf8) }
        }
        throw error("unknown reference '&\(body);'; a plist knows &amp; &lt; &gt; &quot; &apos; and &#N;", at: start)
    }

    private func position(of offset: Int) -> String {
        let (line, column) = PlistError.lineAndColumn(in: bytes, at: offset)
        return "\(line):\(column)"
    }
}
