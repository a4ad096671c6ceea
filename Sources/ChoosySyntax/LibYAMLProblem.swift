/// An error libyaml reported, in libyaml's words and positions, before it is turned into a
/// `SyntaxError` (which needs the file's line table to place it).
struct LibYAMLProblem: Error {
    /// Which part of libyaml failed; each reports its position differently.
    enum Kind {
        case memory
        /// The reader rejected the bytes (bad UTF-8, a control character); libyaml gives a byte offset.
        case encoding(byteOffset: Int, value: Int)
        /// The scanner or parser rejected the text; libyaml gives a character index.
        case syntax(characterIndex: Int)
    }

    let kind: Kind
    let problem: String
    /// What libyaml was in the middle of ("while parsing a block mapping") and where that began.
    let context: (text: String, characterIndex: Int)?
}
