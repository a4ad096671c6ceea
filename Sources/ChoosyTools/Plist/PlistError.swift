/// An Info.plist that cannot be read or edited: where (file, line, column), what, and how to fix it.
public struct PlistError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    init(path: String, line: Int, column: Int, _ message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    init(path: String, bytes: [UInt8], at offset: Int, _ message: String) {
        let (line, column) = Self.lineAndColumn(in: bytes, at: offset)
        self.init(path: path, line: line, column: column, message)
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    static func lineAndColumn(in bytes: [UInt8], at offset: Int) -> (Int, Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let line = before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = bytes[lineStart..<before.endIndex].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }
}
