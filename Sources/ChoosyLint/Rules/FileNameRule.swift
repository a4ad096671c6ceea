import ChoosyCatalog
import Foundation

/// `file-name`: a file is named after the app type it holds.
public struct FileNameRule: Rule {
    public static let description = RuleDescription(
        id: "file-name",
        order: 60,
        severity: .error,
        scope: .file,
        summary: "A file holds the app type whose key is the file's base name, and only that one.",
        rationale: """
            The client downloads app-data/<key>.json for each app type; a file named after \
            another key is never fetched, and maintainers find types by file name. A file \
            with several app types is allowed (warning) but hides types from that lookup. \
            A key that is not a valid key is left to `key-format`: the file is named after \
            the key once it is fixed.
            """,
        triggeringExamples: [
            .init(#"[{"name": "Mail", "key": ↓"mail"}]"#, fileName: "email.json"),
            .init(#"[{"key": "email"}, ↓{"key": "maps"}]"#, fileName: "email.json"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"name": "Email", "key": "email"}]"#, fileName: "email.json"),
            .init("- name: Maps\n  key: maps\n", fileName: "maps.yaml"),
            .init(#"[{"name": "Email", "key": "E-mail"}]"#, fileName: "email.json"),
        ])

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        findings.append(contentsOf: context.files.flatMap(check))
    }

    /// The file's app types as loaded: building them again from the document here was a
    /// sixteenth of lint's time.
    private func check(_ file: CatalogFile) -> [Finding] {
        let (document, appTypes) = (file.document, file.appTypes)
        let baseName = ((document.file.path as NSString).lastPathComponent as NSString).deletingPathExtension
        if appTypes.count > 1 {
            // A file of several types cannot be named after each; one warning says so.
            return [finding(
                "this file holds \(appTypes.count) app types; a file holds one", at: appTypes[1],
                range: appTypes[1].node.range, severity: .warning,
                hint: "move each app type to a file named after its key, e.g. \(appTypes[1].key ?? "key").\(document.language.rawValue)")]
        }
        // A key that is not a valid key is `key-format`'s finding; naming the file after it
        // would only spread the mistake.
        guard let appType = appTypes.first, let key = appType.key, key != baseName, KeyGrammar.matches(key) else { return [] }
        return [finding(
            "app type \"\(key)\" is in a file named \"\(baseName)\"", at: appType,
            hint: "rename the file to \(key).\(document.language.rawValue), or fix the key")]
    }
}
