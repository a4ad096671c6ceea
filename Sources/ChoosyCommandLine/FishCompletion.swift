import ChoosyCore
import Foundation

/// The fish completions of a command line, made from its command table: one `complete` line
/// per command, option and argument.
enum FishCompletion {
    static func script(for tool: ToolSpec) -> String {
        let name = tool.name
        let helper = "__" + name.replacingOccurrences(of: "-", with: "_") + "_arguments"
        var lines = [
            "# fish completion for \(name), made from its command table: \(name) completions fish",
            "",
            "# The arguments after the command, without options and the values of those named.",
            "function \(helper)",
            "    set -l tokens (commandline -opc)",
            "    set -l skip 0",
            "    for token in $tokens[3..-1]",
            "        if test $skip = 1",
            "            set skip 0",
            "        else if contains -- $token $argv",
            "            set skip 1",
            "        else if not string match -q -- '-*' $token",
            "            echo $token",
            "        end",
            "    end",
            "end",
            "",
            "complete -c \(name) -f",
        ]
        for option in tool.options {
            lines.append("complete -c \(name) -n __fish_use_subcommand \(flags(of: option)) -d \(quoted(option.summary))")
        }
        for command in tool.visibleCommands {
            for commandName in [command.name] + command.aliases {
                lines.append("complete -c \(name) -n __fish_use_subcommand -a \(commandName) -d \(quoted(command.abstract))")
            }
        }
        for command in tool.visibleCommands {
            let seen = "__fish_seen_subcommand_from \(([command.name] + command.aliases).joined(separator: " "))"
            let takingValues = command.options.filter(\.takesValue).flatMap(\.names).joined(separator: " ")
            for option in command.options + [.help] {
                lines.append("complete -c \(name) -n \(quoted(seen)) \(flags(of: option)) -d \(quoted(option.summary))")
            }
            for (index, argument) in command.arguments.enumerated() {
                guard let values = values(for: argument.completion, helper: "\(helper) \(takingValues)", tool: name) else { continue }
                let count = "(count (\(helper) \(takingValues)))"
                let position = index == command.arguments.count - 1 ? "-ge \(index)" : "-eq \(index)"
                lines.append("complete -c \(name) -n \(quoted("\(seen); and test \(count) \(position)")) \(values)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func flags(of option: OptionSpec) -> String {
        var flags = (option.short.map { "-s \($0.dropFirst()) " } ?? "") + "-l \(option.long.dropFirst(2))"
        if let values = option.allowedValues {
            flags += " -x -a \(quoted(values.joined(separator: " ")))"
        } else if option.completesFiles {
            flags += " -r -F"
        } else if option.takesValue {
            flags += " -x"
        }
        return flags
    }

    private static func values(for completion: ArgumentSpec.Completion, helper: String, tool: String) -> String? {
        switch completion {
        case .none: nil
        case .files: "-F"
        case .values(let values): "-a \(quoted(values.joined(separator: " ")))"
        case .appTypes: "-a \(quoted("(\(tool) __complete types 2>/dev/null)"))"
        case .actions: "-a \(quoted("(\(tool) __complete actions (\(helper))[1] 2>/dev/null)"))"
        case .apps: "-a \(quoted("(\(tool) __complete apps (\(helper))[1] 2>/dev/null)"))"
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
