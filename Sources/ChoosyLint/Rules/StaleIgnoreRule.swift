import ChoosySyntax
import ChoosyCatalog

/// `stale-ignore`: an `ignore` entry of the config that matches no finding. Reported by the
/// linter after it applies the config, since only then is it known what an entry matched.
public enum StaleIgnoreRule {
    public static let description = RuleDescription(
        id: "stale-ignore",
        order: 310,
        severity: .warning,
        scope: .catalog,
        summary: "Every ignore entry in .choosy-data.yml still matches a finding.",
        rationale: """
            An ignore entry that matches nothing is left over from a fix; kept, it would \
            silently hide the next real problem at that place. An entry that names its finding \
            by array index (pointer: /0/parameters/3) also stops matching when entries are \
            inserted above it; when the rule still reports a finding at the same place under \
            another index, the message says where it moved and the key form to write. An entry \
            whose path matches no file of the catalog, or whose keys name no value in the files \
            it covers, was never right: the message names the first unknown key (did you mean …).
            """,
        triggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - ↓{rule: unused-parameter, pointer: /0/parameters/0, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "new"}, {"key": "unused"}], "apps": [{"key": "a", "actions": [{"key": "s", "url_format": "a://?q={{new}}"}]}]}]"#),
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - ↓{rule: unused-parameter, path: example.json, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": []}]"#),
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - {rule: unused-parameter, at: ↓exmaple/parameters/unused, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "unused"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - {rule: unused-parameter, path: example.json, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "unused"}]}]"#),
        ])

    /// The finding for `entry`; `moved` are the reported findings of its rule at pointers
    /// that differ from its index pointer only in indices (with their keyed forms), where the
    /// finding it was written for may have moved when entries were inserted or reordered.
    static func finding(
        for entry: CatalogConfig.IgnoreEntry, in configFile: String, movedTo moved: [(pointer: String, keyed: String)] = []
    ) -> Finding {
        guard let first = moved.first else {
            return Finding(
                ruleID: description.id, severity: description.severity,
                message: "this ignore entry for rule '\(entry.rule)' matches no finding", file: configFile,
                range: entry.range, pointer: entry.configPointer.description,
                hint: "the problem is gone: remove the entry")
        }
        let shown = moved.prefix(movedShown).map { "\($0.pointer) (at: \($0.keyed.dropFirst()))" }.joined(separator: ", ")
            + (moved.count > movedShown ? " and \(moved.count - movedShown) more" : "")
        return Finding(
            ruleID: description.id, severity: description.severity,
            message: "this ignore entry for rule '\(entry.rule)' no longer matches a finding at \(entry.pointer ?? ""), "
                + "but the rule reports \(moved.count == 1 ? "one" : "some") of the same shape: the finding may have moved to "
                + shown,
            file: configFile, range: entry.range, pointer: entry.configPointer.description,
            hint: "if it is the value the entry was written for, write 'at: \(first.keyed.dropFirst())' so it stays on it "
                + "when entries move; otherwise the problem is gone: remove the entry")
    }

    /// The finding for `entry`, whose `path` matches no file of the catalog or whose `at` or
    /// `pointer` names no value of the files it covers: `missing` says which name is unknown.
    /// Such an entry never matched anything, so it is a mistake to correct, not a leftover.
    static func finding(for entry: CatalogConfig.IgnoreEntry, in configFile: String, namingNothing missing: NamedNothing) -> Finding {
        let (field, range, what, correction) = switch missing {
        case .path: ("path", entry.pathRange, "matches no file of the catalog", "match a file of the catalog (relative to its root)")
        case .value: (entry.pointerKey, entry.pointerRange, "names nothing in the catalog", "name a value of the catalog")
        }
        let error = switch missing {
        case .path(let error), .value(let error): error
        }
        return Finding(
            ruleID: description.id, severity: description.severity,
            message: "this ignore entry's \(field): \(what): \(error)", file: configFile,
            range: range ?? entry.range, pointer: entry.configPointer.description,
            hint: "correct the entry's \(field): to \(correction), or remove the entry")
    }

    /// What an ignore entry names that is not in the catalog.
    enum NamedNothing {
        /// Its `path` glob matches none of the catalog's files.
        case path(UnknownKeyError)
        /// Its `at` or `pointer` names no value of the files its path covers.
        case value(UnknownKeyError)
    }

    /// How many places a stale entry's finding may have moved to are named.
    private static let movedShown = 3
}
