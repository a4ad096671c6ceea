/// Turns catalog keys into identifiers of the generated source: camel case from the key's
/// words, a leading digit behind `_`, reserved words escaped or renamed, and keys that end up
/// with the same identifier told apart by `_2`, `_3`, … in the order they are named
/// (docs/codegen.md).
struct IdentifierNamer {
    /// How the first word is cased: `showProfile` (lower) or `ShowProfile` (upper).
    enum Case { case lower, upper }

    let style: Case
    /// Names that are taken before any key is named (names the generated file itself uses).
    let reserved: Set<String>
    /// Words that need backticks (`default`, `in`): the Swift keywords; none for Objective-C,
    /// whose identifiers are all prefixed.
    let escaped: Set<String>
    private var taken: Set<String>

    init(style: Case, reserved: Set<String> = [], escaped: Set<String> = []) {
        self.style = style
        self.reserved = reserved
        self.escaped = escaped
        taken = reserved
    }

    /// The identifier for `key`, unique among those this namer gave; as written in source, so
    /// with backticks when it is an escaped word.
    mutating func name(_ key: String) -> String {
        unique(Self.camelCase(key, style: style))
    }

    /// `identifier`, or the first of `identifier_2`, `identifier_3`, … this namer has not given.
    mutating func unique(_ identifier: String) -> String {
        var candidate = identifier
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(identifier)_\(number)"
            number += 1
        }
        taken.insert(candidate)
        return escaped.contains(candidate) ? "`\(candidate)`" : candidate
    }

    /// `key`'s words (runs of ASCII letters and digits; every other character separates) in
    /// camel case; `_` before a leading digit; `unnamed` when the key has no word at all.
    static func camelCase(_ key: String, style: Case) -> String {
        let words = key.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var identifier = ""
        for (position, word) in words.enumerated() {
            let lowered = word.lowercased()
            identifier += position == 0 && style == .lower ? lowered : lowered.prefix(1).uppercased() + lowered.dropFirst()
        }
        if identifier.isEmpty { return style == .lower ? "unnamed" : "Unnamed" }
        return identifier.first!.isNumber ? "_" + identifier : identifier
    }

    /// Swift's keywords and the words that are keywords in some position: a parameter or a
    /// static function named by one is written in backticks.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "is", "nil", "self", "super", "throws", "true", "false", "try", "await", "async", "any", "some",
        "sending", "copy", "consume", "discard", "package", "macro", "each", "then",
    ]
}
