import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyTools

extension ArgumentSpec {
    /// `PATH` of a command that reads one catalog and takes nothing else: read as `lint`
    /// reads it, so `bundle X` and `lint X` check the same catalog for every X.
    static let catalogPath = ArgumentSpec("PATH", help: """
        The catalog: a directory or file inside it, found by walking
        up to its .choosy-data.yml; outside any catalog, a directory
        or file read as one layer; git:REV[:PATH], the catalog at a
        git revision. Default: as for -C.
        """, completion: .files)
}

/// The options several commands take, each defined once: the same names, value and help
/// wherever they apply (docs/cli.md).
extension OptionSpec {
    /// `-q, --quiet`: errors and findings only.
    static func quiet(_ help: String = "Print errors and findings only: no line saying what\nwas written.") -> OptionSpec {
        OptionSpec(short: "-q", long: "--quiet", help: help)
    }

    /// `-f, --format <format>`, one of `values` (the first is the default).
    static func format(_ values: [String], help: String) -> OptionSpec {
        OptionSpec(short: "-f", long: "--format", valueName: "format", allowedValues: values, help: help)
    }

    /// `-o, --output <dir>`: where a command writes its files.
    static func output(_ help: String) -> OptionSpec {
        OptionSpec(short: "-o", long: "--output", valueName: "dir", completesFiles: true, help: help)
    }

    /// `-C, --catalog <path>`: the catalog to read, named the same way in every command, with
    /// what else it means for this command and what it reads without the option, when that
    /// differs (hand-wrapped lines; the default's first line follows "Default: ").
    static func catalog(
        _ effect: String = "",
        default defaultCatalog: String = "the catalog around the current\ndirectory, else the only one in a directory just below it."
    ) -> OptionSpec {
        OptionSpec(
            short: "-C", long: "--catalog", valueName: "path", completesFiles: true,
            help: "The catalog: its directory, any file inside it, or its\n.choosy-data.yml. Default: \(defaultCatalog)"
                + (effect.isEmpty ? "" : "\n" + effect))
    }

    /// `--rules-url <url>`: where docs/rules.md is published, so that each rule links its
    /// section (`URL#rule-id`), with what it links for this command.
    static func rulesURL(_ effect: String) -> OptionSpec {
        OptionSpec(long: "--rules-url", valueName: "url", help: """
            The absolute URL of docs/rules.md as published (e.g.
            https://github.com/OWNER/REPO/blob/main/docs/rules.md);
            """ + "\n" + effect)
    }

    /// `-w, --write`: change files in place rather than show what would change.
    static func write(_ help: String) -> OptionSpec {
        OptionSpec(short: "-w", long: "--write", help: help)
    }

    /// `--color <when>`: whether `subject` is coloured (`ColorMode`).
    static func color(_ subject: String = "the text output") -> OptionSpec {
        OptionSpec(
            long: "--color", valueName: "when", allowedValues: ColorMode.allCases.map(\.rawValue), valueKind: "color mode",
            help: """
                Colour \(subject).
                auto (default): on a terminal, or with FORCE_COLOR or
                CLICOLOR_FORCE set; always; never. A non-empty NO_COLOR
                turns it off (docs/cli.md).
                """)
    }

    /// `--client <client>`, with what it changes for this command (hand-wrapped lines).
    static func client(_ effect: String = "") -> OptionSpec {
        OptionSpec(
            long: "--client", valueName: "client", allowedValues: ClientProfile.allCases.map(\.rawValue),
            help: """
                The client to answer for: shipped (the Choosy iOS client
                0.6.x in apps today) or rfc3986 (a client that fixes it;
                docs/merge.md). Default: the config's 'client:', else shipped.
                """ + (effect.isEmpty ? "" : "\n" + effect))
    }

    /// `--platform <platform>`, with what it changes for this command (hand-wrapped lines).
    static func platform(_ effect: String = "") -> OptionSpec {
        OptionSpec(
            long: "--platform", valueName: "platform", allowedValues: Platform.allCases.map(\.rawValue),
            help: """
                The iOS the client runs on, for what the system makes of
                a URL: ios17 (apps linked on or after iOS 17, on iOS 17
                or later: invalid characters are percent-encoded) or
                ios16 (older builds or phones: an invalid URL opens only
                the app); docs/url.md. Default: the config's 'platform:',
                else ios17. Both clients hand their URL to the system.
                """ + (effect.isEmpty ? "" : "\n" + effect))
    }

    /// `--config <file>`: a `.choosy-data.yml` to use instead of searching for one.
    static let config = OptionSpec(
        long: "--config", valueName: "file", completesFiles: true,
        help: "Use this .choosy-data.yml (or catalog directory) instead\nof searching for one.")
}

extension Arguments {
    /// `--rules-url`'s value, checked: an absolute URL without a fragment, since each rule adds its own.
    func rulesURL() throws(UsageError) -> String? {
        guard let url = options["--rules-url"] else { return nil }
        guard SARIFReporter.isRulesURL(url) else {
            throw UsageError("--rules-url needs an absolute URL without a '#', such as https://github.com/OWNER/REPO/blob/main/docs/rules.md; got '\(url)'")
        }
        return url
    }
}
