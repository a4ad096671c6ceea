import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// The `LSApplicationQueriesSchemes` array of an XML Info.plist: what it lists, and the file
/// with entries taken out of that array or added to it (or the key added to the top-level
/// dict), every other byte kept: comments, the app's own entries and their layout.
public struct InfoPlistSchemes: Sendable {
    static let key = "LSApplicationQueriesSchemes"

    public let path: String
    private let bytes: [UInt8]
    /// The array's strings in file order; nil when the key is missing.
    public let entries: [String]?
    /// The array element, or nil when the key is missing.
    private let array: PlistElement?
    private let topLevel: PlistElement
    /// The indentation of the top-level dict's keys, and one level more for array items.
    private let indentation: String
    private let step: String
    private let newline: String

    /// Reads the plist in `file`; errors say where, what and how to fix it.
    public init(_ file: SourceFile) throws(PlistError) {
        let (path, bytes) = (file.path, file.bytes)
        (self.path, self.bytes) = (path, bytes)
        let root = try XMLPlistReader.root(of: bytes, path: path)
        guard root.children.count == 1, let dict = root.children.first, dict.name == "dict" else {
            let found = root.children.first.map { "<\($0.name)>" } ?? "nothing"
            throw PlistError(path: path, bytes: bytes, at: root.children.first?.range.lowerBound ?? root.range.lowerBound,
                             "<plist> holds \(found); an Info.plist holds one <dict> of keys and values")
        }
        topLevel = dict
        try Self.requireOnlySpace(in: dict, of: bytes, path: path)
        var array: PlistElement?
        var keyOffset: Int?
        for (index, key) in dict.children.enumerated() where index % 2 == 0 {
            guard key.name == "key" else {
                throw PlistError(path: path, bytes: bytes, at: key.range.lowerBound, "expected a <key> in the top-level <dict>, found <\(key.name)>; keys and values alternate")
            }
            guard index + 1 < dict.children.count else {
                throw PlistError(path: path, bytes: bytes, at: key.range.lowerBound, "the key '\(key.text)' has no value; add one after </key>")
            }
            guard key.text == Self.key else { continue }
            if let keyOffset {
                let (line, column) = PlistError.lineAndColumn(in: bytes, at: keyOffset)
                throw PlistError(path: path, bytes: bytes, at: key.range.lowerBound, "\(Self.key) is listed twice (first at \(line):\(column)); remove one")
            }
            keyOffset = key.range.lowerBound
            array = dict.children[index + 1]
        }
        if let array {
            guard array.name == "array" else {
                throw PlistError(path: path, bytes: bytes, at: array.range.lowerBound, "\(Self.key) is a <\(array.name)>; it must be an <array> of <string>s")
            }
            try Self.requireOnlySpace(in: array, of: bytes, path: path)
            if let item = array.children.first(where: { $0.name != "string" }) {
                throw PlistError(path: path, bytes: bytes, at: item.range.lowerBound, "\(Self.key) holds a <\(item.name)>; every scheme is a <string>")
            }
        }
        entries = array?.children.map(\.text)
        self.array = array
        let dictIndent = InfoPlistSchemes.lineIndentation(ofLineAt: dict.range.lowerBound, in: bytes)
        let keyIndent = dict.children.first.map { InfoPlistSchemes.lineIndentation(ofLineAt: $0.range.lowerBound, in: bytes) }
        step = keyIndent.flatMap { $0.hasPrefix(dictIndent) && $0.count > dictIndent.count ? String($0.dropFirst(dictIndent.count)) : nil } ?? "\t"
        indentation = keyIndent ?? dictIndent + step
        newline = InfoPlistSchemes.usesCRLF(bytes) ? "\r\n" : "\n"
    }

    /// The schemes to add and the entries the catalog does not list, comparing as sets (iOS
    /// compares schemes ignoring case): `missing` sorted, `extra` in file order.
    public func comparison(with schemes: [String]) -> (missing: [String], extra: [String]) {
        let listed = Set((entries ?? []).map { $0.lowercased() })
        let wanted = Set(schemes.map { $0.lowercased() })
        return (schemes.filter { !listed.contains($0.lowercased()) }.sorted(), (entries ?? []).filter { !wanted.contains($0.lowercased()) })
    }

    /// The entries after an update: the kept ones in their order, then the missing ones
    /// sorted. The entries the catalog does not list (the app's own) go only when `pruning`.
    public func updatedEntries(for schemes: [String], pruning: Bool) -> [String] {
        let (missing, extra) = comparison(with: schemes)
        let removed = pruning ? Set(extra) : []
        return (entries ?? []).filter { !removed.contains($0) } + missing
    }

    /// The file with the entries `removed` taken out of the array (each with its line when it
    /// has one to itself) and `added` appended before `</array>`, one level deeper than the
    /// dict's keys (on the closing tag's line when the array is written on one line);
    /// every other line of the array, comments included, stays as it was. Without the key (or
    /// with an empty `<array/>`), the key and an array of `added` are written as new.
    public func rewritten(removing removed: [String], adding added: [String]) -> [UInt8] {
        guard let array, let content = array.contentRange else { return withNewArray(added) }
        let removing = Set(removed)
        var edits: [(range: Range<Int>, text: String)] = array.children.filter { removing.contains($0.text) }.map { item in
            (Self.ownLine(of: item.range, in: bytes) ?? item.range, "")
        }
        if !added.isEmpty {
            let closingLine = Self.lineStart(of: content.upperBound, in: bytes)
            let strings = added.map { "<string>\(HTML.escaped($0, quotes: false))</string>" }
            edits.append(Self.isBlank(bytes[closingLine..<content.upperBound])
                ? (closingLine..<closingLine, strings.map { indentation + step + $0 + newline }.joined())
                : (content.upperBound..<content.upperBound, strings.joined()))
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return result
    }

    /// The file with a new array of `newEntries`: in place of an empty `<array/>`, or with the
    /// key at the end of the top-level dict.
    private func withNewArray(_ newEntries: [String]) -> [UInt8] {
        let array = Self.array(newEntries, indentation: indentation, step: step, newline: newline)
        if let range = self.array?.range {
            return Array(bytes[..<range.lowerBound]) + Array(array.utf8) + Array(bytes[range.upperBound...])
        }
        let pair = newline + indentation + "<key>\(Self.key)</key>" + newline + indentation + array
        let dictIndent = InfoPlistSchemes.lineIndentation(ofLineAt: topLevel.range.lowerBound, in: bytes)
        let (insertion, text): (Range<Int>, String)
        if let last = topLevel.children.last {
            (insertion, text) = (last.range.upperBound..<last.range.upperBound, pair)
        } else if let content = topLevel.contentRange {
            (insertion, text) = (content, pair + newline + dictIndent)
        } else {
            (insertion, text) = (topLevel.range, "<dict>" + pair + newline + dictIndent + "</dict>")
        }
        return Array(bytes[..<insertion.lowerBound]) + Array(text.utf8) + Array(bytes[insertion.upperBound...])
    }

    /// An `<array>` of `<string>`s whose first line continues the current one and whose
    /// others start with `indentation` (items one `step` deeper).
    static func array(_ entries: [String], indentation: String, step: String, newline: String) -> String {
        guard !entries.isEmpty else { return "<array/>" }
        return "<array>" + newline
            + entries.map { indentation + step + "<string>\(HTML.escaped($0, quotes: false))</string>" + newline }.joined()
            + indentation + "</array>"
    }

    /// The white space that starts the line of `offset`, when only white space precedes it there.
    private static func lineIndentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        let prefix = bytes[lineStart(of: offset, in: bytes)..<offset]
        return isBlank(prefix) ? String(decoding: prefix, as: UTF8.self) : ""
    }

    /// Where the line holding `offset` starts.
    private static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    }

    /// The whole line of `range`, its line end included, when nothing but white space shares
    /// that line with it; nil otherwise.
    private static func ownLine(of range: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        let start = lineStart(of: range.lowerBound, in: bytes)
        let end = bytes[range.upperBound...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
        let after = bytes[range.upperBound..<end].filter { $0 != 0x0A && $0 != 0x0D }
        return isBlank(bytes[start..<range.lowerBound]) && isBlank(after) ? start..<end : nil
    }

    /// Whether `bytes` hold only spaces and tabs.
    private static func isBlank(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether the file ends its lines with CR LF, which the written lines then do too.
    private static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
    }

    /// Text between a container's elements is an error (a stray word, a value without a tag).
    private static func requireOnlySpace(in element: PlistElement, of bytes: [UInt8], path: String) throws(PlistError) {
        guard let offset = element.firstTextOffset else { return }
        throw PlistError(path: path, bytes: bytes, at: offset, "text inside <\(element.name)>; only elements belong there (put it in a <string>, or remove it)")
    }
}
