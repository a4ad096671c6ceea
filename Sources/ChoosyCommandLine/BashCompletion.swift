import ChoosyCore
import Foundation

/// The bash completion script of a command line, made from its command table: commands,
/// options, option values, and app types, actions and apps from the catalog around the current
/// directory (through the hidden `__complete` command).
enum BashCompletion {
    static func script(for tool: ToolSpec) -> String {
        let function = "_" + tool.name.replacingOccurrences(of: "-", with: "_")
        let commands = tool.visibleCommands
        let topLevel = commands.flatMap { [$0.name] + $0.aliases } + ["help"] + tool.options.flatMap(\.names)
        var lines = [
            "# bash completion for \(tool.name), made from its command table: \(tool.name) completions bash",
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} tool=${COMP_WORDS[0]}",
            "    COMPREPLY=()",
            "    if (( COMP_CWORD == 1 )); then",
            "        COMPREPLY=($(compgen -W \(quoted(topLevel)) -- \"$cur\"))",
            "        return",
            "    fi",
            "    local command=${COMP_WORDS[1]} options='' takingValues=' ' takesPaths='' word i",
            "    local -a positional=()",
            "    case $command in",
        ]
        for command in commands {
            let options = command.options + [.help]
            let takingValues = options.filter(\.takesValue).flatMap(\.names)
            lines.append("        \(([command.name] + command.aliases).joined(separator: "|")))")
            lines.append("            options=\(quoted(options.flatMap(\.names)))")
            let takesPaths = command.arguments.contains { $0.completion == .files }
            lines.append("            takingValues=\(quoted(takingValues, padded: true))" + (takesPaths ? "; takesPaths=1 ;;" : " ;;"))
        }
        lines.append("        help)")
        lines.append("            (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W \(quoted(commands.map(\.name))) -- \"$cur\"))")
        lines.append("            return ;;")
        lines.append("    esac")
        // `--format=s`: one word when '=' does not break words, else `--format`, `=` and `s`
        // (bash's default COMP_WORDBREAKS); either way the value after '=' is completed.
        lines.append("    local option=$prev valuePrefix='' attached=''")
        lines.append("    if [[ $cur == -*=* ]]; then")
        lines.append("        option=${cur%%=*} valuePrefix=${cur%%=*}= cur=${cur#*=} attached=1")
        lines.append("    elif [[ $cur == = && $prev == -* ]]; then")
        lines.append("        cur='' attached=1")
        lines.append("    elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then")
        lines.append("        option=${COMP_WORDS[COMP_CWORD-2]} attached=1")
        lines.append("    fi")
        lines.append("    case \"$command $option\" in")
        for command in commands {
            for option in command.options where option.takesValue {
                let patterns = command.patterns(option.names.map { " " + $0 })
                if let values = option.allowedValues {
                    lines.append("        \(patterns)) COMPREPLY=($(compgen -P \"$valuePrefix\" -W \(quoted(values)) -- \"$cur\")); return ;;")
                } else if option.completesFiles {
                    lines.append("        \(patterns)) COMPREPLY=($(compgen -P \"$valuePrefix\" -f -- \"$cur\")); return ;;")
                }
            }
        }
        lines.append("    esac")
        lines.append("    [[ -n $attached ]] && return")
        lines.append("    [[ $takingValues == *\" $prev \"* ]] && return")
        lines.append("    if [[ $cur == -* ]]; then")
        lines.append("        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))")
        lines.append("        return")
        lines.append("    fi")
        // A word that looks like a path (data/, ./x, .choosy-data.yml) is one, wherever a
        // command takes a PATH among its keys.
        lines.append("    if [[ -n $takesPaths && ( $cur == */* || $cur == .* ) ]]; then")
        lines.append("        COMPREPLY=($(compgen -f -- \"$cur\"))")
        lines.append("        return")
        lines.append("    fi")
        lines.append("    for (( i = 2; i < COMP_CWORD; i++ )); do")
        lines.append("        word=${COMP_WORDS[i]}")
        lines.append("        if [[ $takingValues == *\" $word \"* ]]; then [[ ${COMP_WORDS[i+1]} == = ]] && (( i++ )); (( i++ )); continue; fi")
        lines.append("        [[ $word == = ]] && { (( i++ )); continue; }")
        lines.append("        [[ $word == -* ]] || positional+=(\"$word\")")
        lines.append("    done")
        lines.append("    case \"$command ${#positional[@]}\" in")
        for command in commands {
            for (index, argument) in command.arguments.enumerated() {
                let isLast = index == command.arguments.count - 1
                guard let reply = reply(for: argument.completion) else { continue }
                let pattern = command.patterns([" " + (isLast ? "*" : String(index))])
                lines.append("        \(pattern)) \(reply) ;;")
            }
        }
        lines.append("    esac")
        lines.append("}")
        lines.append("complete -F \(function) \(tool.name)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `COMPREPLY=…` that offers what `completion` names; nil when nothing is offered.
    private static func reply(for completion: ArgumentSpec.Completion) -> String? {
        switch completion {
        case .none: nil
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .values(let values): "COMPREPLY=($(compgen -W \(quoted(values)) -- \"$cur\"))"
        case .appTypes: "COMPREPLY=($(compgen -W \"$(\"$tool\" __complete types 2>/dev/null)\" -- \"$cur\"))"
        case .actions: "COMPREPLY=($(compgen -W \"$(\"$tool\" __complete actions \"${positional[0]}\" 2>/dev/null)\" -- \"$cur\"))"
        case .apps: "COMPREPLY=($(compgen -W \"$(\"$tool\" __complete apps \"${positional[0]}\" 2>/dev/null)\" -- \"$cur\"))"
        }
    }

    /// `words` as one single-quoted shell word, separated by spaces (and with spaces around
    /// them when `padded`, so `*" $word "*` finds each).
    static func quoted(_ words: [String], padded: Bool = false) -> String {
        let text = words.joined(separator: " ")
        return "'" + (padded ? " \(text) " : text).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension CommandSpec {
    /// A `case` pattern matching `$command` followed by any of `suffixes`, under every name of
    /// the command (`'fmt --to'|'normalise --to'`).
    func patterns(_ suffixes: [String]) -> String {
        ([name] + aliases).flatMap { name in suffixes.map { suffix in
            suffix.hasSuffix("*") ? BashCompletion.quoted([name + suffix.dropLast()]) + "*" : BashCompletion.quoted([name + suffix])
        } }.joined(separator: "|")
    }
}
