import Foundation

/// One option of a command: its names, its value and the values allowed, and its help.
public struct OptionSpec: Sendable, Equatable {
    /// `-f`, or nil when the option has only a long name.
    public let short: String?
    /// `--format`: the name the parser reports the option under, whichever name was typed.
    public let long: String
    /// `format` in `--format <format>`; nil for a flag, which takes no value.
    public let valueName: String?
    /// The values the option accepts, checked by the parser; nil when any value goes.
    public let allowedValues: [String]?
    /// What an unknown value is called in the error: `unknown format 'jsn'`.
    public let valueKind: String
    /// The help text, hand-wrapped to fit beside the option in `--help`.
    public let help: String
    /// Whether a shell completes the value with file names.
    public let completesFiles: Bool

    public init(
        short: String? = nil, long: String, valueName: String? = nil, allowedValues: [String]? = nil, valueKind: String? = nil,
        completesFiles: Bool = false, help: String
    ) {
        self.short = short
        self.long = long
        self.valueName = valueName
        self.allowedValues = allowedValues
        self.valueKind = valueKind ?? valueName ?? long
        self.completesFiles = completesFiles
        self.help = help
    }

    public var takesValue: Bool { valueName != nil }

    /// Every name the option answers to, long first.
    public var names: [String] { [long] + (short.map { [$0] } ?? []) }

    /// `-f, --format <format>`, as `--help` shows it.
    public var label: String {
        (short.map { "\($0), " } ?? "") + long + (valueName.map { " <\($0)>" } ?? "")
    }

    /// The help up to its first full stop or colon, on one line: the description completions
    /// show.
    public var summary: String {
        let text = help.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let end = text.indices.first { index in
            let rest = text[index...]
            return (rest.hasPrefix(". ") && !text[..<index].hasSuffix("e.g")) || rest.hasPrefix(": ")
        }
        guard let end else { return text.hasSuffix(".") ? String(text.dropLast()) : text }
        return String(text[..<end])
    }
}

extension OptionSpec {
    /// `-h, --help`, which every command takes.
    public static let help = OptionSpec(short: "-h", long: "--help", help: "Show help information.")
}
