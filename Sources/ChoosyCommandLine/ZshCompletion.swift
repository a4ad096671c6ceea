import ChoosyCore
import Foundation

/// The zsh completion function of a command line (`_choosy-data`, for a directory on
/// `fpath`), made from its command table with `_arguments`.
enum ZshCompletion {
    static func script(for tool: ToolSpec) -> String {
        let commands = tool.visibleCommands
        var lines = [
            "#compdef \(tool.name)",
            "# zsh completion for \(tool.name), made from its command table: \(tool.name) completions zsh",
            "",
            "_\(tool.name)() {",
            "    local tool=$words[1]",
            "    if (( CURRENT == 2 )); then",
            "        local -a commands",
            "        commands=(",
        ]
        lines += commands.flatMap { command in
            ([command.name] + command.aliases).map { "            \(quoted("\($0):\(escaped(command.abstract, ":"))"))" }
        }
        lines += [
            "        )",
            "        _describe -t commands command commands",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    shift words",
            "    (( CURRENT-- ))",
            "    case $command in",
        ]
        for command in commands {
            lines.append("        \(([command.name] + command.aliases).joined(separator: "|")))")
            lines.append("            _arguments -s \\")
            for option in command.options + [.help] {
                lines.append("                \(spec(of: option)) \\")
            }
            for (index, argument) in command.arguments.enumerated() {
                let position = index == command.arguments.count - 1 ? "*" : String(index + 1)
                lines.append("                \(quoted("\(position):\(escaped(argument.name, ":")):\(action(for: argument.completion))")) \\")
            }
            lines[lines.count - 1].removeLast(2)
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "", "_\(tool.name) \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    /// One `_arguments` spec: `'(-f --format)'{-f,--format}'[Output format]:format:(text json)'`.
    private static func spec(of option: OptionSpec) -> String {
        let description = "[\(escaped(option.summary, "[]"))]"
        let value = option.valueName.map { name in
            ":\(name):" + (option.allowedValues.map { "(\($0.joined(separator: " ")))" } ?? (option.completesFiles ? "_files" : " "))
        } ?? ""
        guard let short = option.short else { return quoted(option.long + description + value) }
        return quoted("(\(short) \(option.long))") + "{\(short),\(option.long)}" + quoted(description + value)
    }

    private static func action(for completion: ArgumentSpec.Completion) -> String {
        switch completion {
        case .none: " "
        case .files: "_files"
        case .values(let values): "(\(values.joined(separator: " ")))"
        case .appTypes: "{compadd -- ${(f)\"$($tool __complete types 2>/dev/null)\"}}"
        case .actions: "{compadd -- ${(f)\"$($tool __complete actions $line[1] 2>/dev/null)\"}}"
        case .apps: "{compadd -- ${(f)\"$($tool __complete apps $line[1] 2>/dev/null)\"}}"
        }
    }

    /// `text` with a backslash before each of `characters` (and before a backslash).
    private static func escaped(_ text: String, _ characters: String) -> String {
        var result = ""
        for character in text {
            if character == "\\" || characters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
