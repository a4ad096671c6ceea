import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// How much a finding matters. `error` fails CI by default; `warning` fails it with
/// `--fail-on warning`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One problem found in the catalog: which rule, how bad, what, and exactly where. Every
/// reporter renders only this value.
public struct Finding: Sendable, Equatable {
    /// A secondary place that explains the finding, such as "first defined here".
    public struct Note: Sendable, Equatable {
        public let message: String
        public let file: String
        public let range: SourceRange

        public init(_ message: String, file: String, range: SourceRange) {
            self.message = message.withInvisibleCharactersEscaped
            self.file = file
            self.range = range
        }
    }

    public let ruleID: String
    public let severity: Severity
    /// What is wrong. Invisible characters of the catalog's text that it quotes are escaped
    /// (`\uFEFF`), here, in the hint and in the notes.
    public let message: String
    public let file: String
    public let range: SourceRange
    /// The JSON Pointer of the node the finding is about; empty for the whole document.
    public let pointer: String
    /// How to fix it, when there is something specific to say.
    public let hint: String?
    public let notes: [Note]
    /// The changes that remove the finding, safe ones first; empty when it needs a person.
    public let fixes: [Fix]
    /// How many findings of its rule in its file this one stands for, which the cap left out
    /// (`FindingCap`); 0 for every finding but that summary.
    public let omittedCount: Int

    public init(
        ruleID: String, severity: Severity, message: String, file: String, range: SourceRange,
        pointer: String, hint: String? = nil, notes: [Note] = [], fixes: [Fix] = [], omittedCount: Int = 0
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message.withInvisibleCharactersEscaped
        self.file = file
        self.range = range
        self.pointer = pointer
        self.hint = hint?.withInvisibleCharactersEscaped
        self.notes = notes
        self.fixes = fixes
        self.omittedCount = omittedCount
    }

    /// The same finding at another severity (the config can change a rule's).
    func with(severity: Severity) -> Finding {
        Finding(
            ruleID: ruleID, severity: severity, message: message, file: file, range: range,
            pointer: pointer, hint: hint, notes: notes, fixes: fixes, omittedCount: omittedCount)
    }

    /// The same finding in a file of the frozen layer `layer`: the message says so, it carries
    /// no fix, since nothing may rewrite the file, and its hint says how to accept it instead,
    /// naming the file as an ignore entry does (`pathFromRoot`, relative to the catalog's root).
    func frozen(in layer: String, pathFromRoot: String) -> Finding {
        Finding(
            ruleID: ruleID, severity: severity, message: message + " " + Self.frozenNote(layer), file: file, range: range,
            pointer: pointer, hint: Self.frozenHint(ruleID: ruleID, pathFromRoot: pathFromRoot), notes: notes, fixes: [], omittedCount: omittedCount)
    }

    /// How to accept a finding in a frozen file: an ignore entry, since the file stays as it is.
    static func frozenHint(ruleID: String, pathFromRoot: String) -> String {
        "the file stays as it shipped; to accept this, add an ignore entry with rule: \(ruleID), path: \(pathFromRoot) and its reason "
            + "to \(CatalogConfig.fileName) (rule: \"\(CatalogConfig.IgnoreEntry.everyRule)\" accepts every finding of the file)"
    }

    /// What a finding in a frozen layer's file adds to its message.
    public static func frozenNote(_ layer: String) -> String {
        "(frozen: layer '\(layer)' is built into apps in the field, so editing this file reaches no phone)"
    }

    /// The same finding carrying `fix` too, when there is one.
    func with(fix: Fix?) -> Finding {
        guard let fix else { return self }
        let all = fixes + [fix]
        return Finding(
            ruleID: ruleID, severity: severity, message: message, file: file, range: range, pointer: pointer, hint: hint,
            notes: notes, fixes: Fix.Applicability.allCases.flatMap { level in all.filter { $0.applicability == level } },
            omittedCount: omittedCount)
    }

    /// The fixes of the finding that one may apply up to `applicability`.
    public func fixes(upTo applicability: Fix.Applicability) -> [Fix] {
        fixes.filter { $0.applicability <= applicability }
    }

    /// The message, then the hint and each note on lines of their own, for formats that give
    /// a finding one text: `hint: …`, `note: … at file:line:col`.
    public var fullMessage: String {
        var lines = [message]
        if let hint { lines.append("hint: \(hint)") }
        for note in notes {
            lines.append("note: \(note.message) at \(note.file):\(note.range.start)")
        }
        return lines.joined(separator: "\n")
    }

    /// The order reporters list findings in: by file, then position, then rule.
    package static func isOrderedBefore(_ lhs: Finding, _ rhs: Finding) -> Bool {
        (lhs.file, lhs.range.start.line, lhs.range.start.column, lhs.ruleID)
            < (rhs.file, rhs.range.start.line, rhs.range.start.column, rhs.ruleID)
    }
}
