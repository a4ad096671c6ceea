import ChoosyData

/// A command's arguments split into options with values, flags and positional arguments,
/// checked against what the command declares.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `arguments`; `valueOptions` take a value (`--format json` or `--format=json`),
    /// `flagOptions` do not. `--` ends option parsing.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
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
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if valueOptions.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                    throw UsageError("missing value for option '\(name)'")
                }
                options[name] = value
            } else if flagOptions.contains(name), parts.count == 1 {
                flags.insert(name)
            } else {
                throw UsageError("unknown option '\(name)'")
            }
        }
    }

    /// The value of option `name`, which must be one of `allowed`; `fallback` when absent.
    func choice(_ name: String, allowed: [String], fallback: String) throws(UsageError) -> String {
        guard let value = options[name] else { return fallback }
        guard allowed.contains(value) else {
            throw UsageError("invalid value '\(value)' for '\(name)'; expected one of: \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// The directory `-o` (`--output`) names; `missing` says what it is for when it is absent.
    func outputDirectory(missing: String) throws(UsageError) -> String {
        guard let directory = options["-o"] ?? options["--output"] else { throw UsageError(missing) }
        guard !directory.isEmpty else { throw UsageError("-o names no directory (''); give a directory, such as -o site") }
        return directory
    }

    /// The client profile `--client` names; nil when absent (the catalog's config decides).
    func clientProfile() throws(UsageError) -> ClientProfile? {
        guard options["--client"] != nil else { return nil }
        return ClientProfile(rawValue: try choice("--client", allowed: ClientProfile.allCases.map(\.rawValue), fallback: ""))
    }

    /// The help line of `--client`, the same on every command that takes it.
    static let clientOptionHelp = """
          --client <client>       The client to answer for: shipped (the Choosy iOS client
                                  0.6.x in apps today) or rfc3986 (a client that fixes it;
                                  docs/merge.md). Default: the config's 'client:', else shipped.
        """
}

/// A mistake in how the command was called; printed with the usage, exit 2.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
