import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint

/// A command's arguments split into options with values, flags and positional arguments,
/// checked against what the command declares.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `arguments` against the options of `command` (its table entry): an option with a
    /// value takes it as the next argument or after the first `=` (`--format json`, `-f json`,
    /// `--format=json`; `-C=` gives the empty value, which the option's check refuses, rather
    /// than taking the next argument), a flag takes none, and a short name is reported under the long one
    /// (`-o` and `--output` both fill `options["--output"]`). A value outside the option's
    /// allowed values, or an unknown option, is an error that suggests the closest valid word.
    /// `--` ends option parsing.
    init(_ arguments: [String], command: CommandSpec) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positional += remaining
                return
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = String(argument[..<(equals ?? argument.endIndex)])
            let attached = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let spec = command.option(named: name) else { throw UsageError(Self.unknownOption(name, of: command)) }
            guard spec.takesValue else {
                guard attached == nil else { throw UsageError("option '\(spec.long)' takes no value; write it alone, without '='") }
                flags.insert(spec.long)
                continue
            }
            guard let value = attached ?? remaining.popFirst() else {
                throw UsageError("missing value for option '\(name)'")
            }
            if let allowed = spec.allowedValues, !allowed.contains(value) {
                throw UsageError(UnknownKeyError(kind: spec.valueKind, key: value, validKeys: allowed).description)
            }
            options[spec.long] = value
        }
    }

    /// `unknown option …`, suggesting only an option of the same kind: a long name close in
    /// spelling, never a short one (every letter is one edit from every other, so `-o` would
    /// suggest `-f`); and, when other commands take the option, which ones.
    private static func unknownOption(_ name: String, of command: CommandSpec) -> String {
        let options = command.options + [OptionSpec.help]
        let isLong = name.hasPrefix("--")
        let message = UnknownKeyError(
            kind: "option", key: name, validKeys: options.flatMap(\.names), suggestingFrom: isLong ? options.map(\.long) : []).description
        let takers = ChoosyDataTool.tool.visibleCommands.filter { $0.option(named: name) != nil }
        guard let taker = takers.first?.option(named: name) else { return message }
        let spelled = isLong ? name : "\(name) (\(taker.long))"
        let names = takers.map(\.name)
        let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return message + "; \(spelled) is an option of \(listed), not of \(command.name)"
    }

    /// The value of option `name` as `Value`, `default` when absent. The parser has already
    /// checked it against the option's allowed values in the command table, the one list of them.
    func value<Value: RawRepresentable>(of name: String, default: Value) -> Value where Value.RawValue == String {
        value(of: name, as: Value.self) ?? `default`
    }

    /// The value of option `name` as `Value`; nil when absent.
    func value<Value: RawRepresentable>(of name: String, as type: Value.Type) -> Value? where Value.RawValue == String {
        guard let raw = options[name] else { return nil }
        // The table allowing a value its type lacks is a mistake in the table, which a test of every command catches.
        guard let value = Value(rawValue: raw) else { preconditionFailure("the command table allows \(name) '\(raw)', which \(Value.self) does not have") }
        return value
    }

    /// The directory `-o` (`--output`) names; `missing` says what it is for when it is absent.
    func outputDirectory(missing: String) throws(UsageError) -> String {
        guard let directory = options["--output"] else { throw UsageError(missing) }
        guard !directory.isEmpty else { throw UsageError("-o names no directory (''); give a directory, such as -o site") }
        return directory
    }

    /// The client profile `--client` names; nil when absent (the catalog's config decides).
    func clientProfile() -> ClientProfile? {
        value(of: "--client", as: ClientProfile.self)
    }

    /// The platform `--platform` names; nil when absent (the catalog's config decides).
    func platform() -> Platform? {
        value(of: "--platform", as: Platform.self)
    }
}

/// A mistake in how the command was called; printed with the usage, exit 2.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
