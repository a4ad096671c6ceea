import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// Renders a lint report as SARIF 2.1.0 in the subset GitHub code scanning accepts: one run,
/// every rule described, each finding a result with its region, notes and a fingerprint.
public struct SARIFReporter: Sendable {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The key of our fingerprint in `partialFingerprints`. Deliberately not
    /// `primaryLocationLineHash`: GitHub's upload computes that one itself from the source
    /// line, and only when it is missing.
    static let fingerprintKey = "choosyDataFinding/v1"

    /// The absolute directory that artifact URIs are relative to: the repository root when
    /// the report is uploaded to code scanning.
    public let baseDirectory: String
    /// The rules listed in `tool.driver.rules`, which results refer to by index.
    public let rules: [RuleDescription]
    /// The absolute URL of docs/rules.md (`lint --rules-url`); each rule's `helpUri` is its
    /// section there. SARIF wants an absolute URI, and the tool cannot know where its docs are
    /// published, so without it rules carry their help text only.
    public let rulesURL: String?

    public init(baseDirectory: String, rules: [RuleDescription] = Linter.ruleDescriptions, rulesURL: String? = nil) {
        self.baseDirectory = baseDirectory
        self.rules = rules
        self.rulesURL = rulesURL
    }

    /// Whether `url` can be a `rulesURL`: an absolute URI (a scheme and its colon first)
    /// without a fragment, since each rule adds its own.
    public static func isRulesURL(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), !url.contains("#"), !url.contains(where: \.isWhitespace) else { return false }
        return URISyntax.isScheme(String(url[..<colon])) && url.index(after: colon) < url.endIndex
    }

    public func render(_ report: LintReport) -> String {
        JSONValue.object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("choosy-data")),
                    ("version", .string(choosyDataVersion)),
                    ("rules", .array(rules.map(ruleOutput))),
                ]))])),
                // Our columns count Unicode scalars; without this a consumer may read them as
                // UTF-16 code units and mark the wrong characters after an astral one.
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(resultOutputs(report.findings))),
                // SARIF has no word for findings a tool left out; a run's property bag holds it.
                ("properties", .object([("omittedFindings", .integer(report.omittedCount))])),
            ])])),
        ]).rendered()
    }

    // MARK: Rules

    private func ruleOutput(_ rule: RuleDescription) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("name", .string(Self.ruleName(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationaleWithFurtherReading))])),
        ]
        // docs/rules.md's section of a rule is headed by its id, which is its own anchor.
        if let rulesURL { members.append(("helpUri", .string("\(rulesURL)#\(rule.id)"))) }
        members += [
            ("help", .object([
                ("text", .string("\(rule.summary)\n\n\(rule.rationaleWithFurtherReading)")),
                ("markdown", .string(Self.helpMarkdown(rule))),
            ])),
            // Our severity names are SARIF's level names.
            ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
        ]
        return .object(members)
    }

    /// SARIF wants a rule name that reads as an identifier: `duplicate-key` → `DuplicateKey`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func helpMarkdown(_ rule: RuleDescription) -> String {
        var parts = [rule.summary, rule.rationaleWithFurtherReading]
        if !rule.triggeringExamples.isEmpty {
            parts.append("Reported (`↓` marks where the finding starts):")
            parts += rule.triggeringExamples.map(codeBlock)
        }
        if !rule.nonTriggeringExamples.isEmpty {
            parts.append("Not reported:")
            parts += rule.nonTriggeringExamples.map(codeBlock)
        }
        return parts.joined(separator: "\n\n")
    }

    private static func codeBlock(_ example: RuleDescription.Example) -> String {
        let language = SourceLanguage(path: example.fileName) == .yaml ? "yaml" : "json"
        var text = example.text
        while text.hasSuffix("\n") { text.removeLast() }
        return "```\(language)\n\(text)\n```"
    }

    // MARK: Results

    private func resultOutputs(_ findings: [Finding]) -> [JSONValue] {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Two findings alike in rule, file, pointer and message (the same key repeated three
        // times in one object) get the same hash; the occurrence number keeps them apart.
        var occurrences: [String: Int] = [:]
        // A report names few files but has a URI in every finding and note: each is worked out once.
        var uris: [String: String] = [:]
        func cachedArtifactURI(for file: String) -> String {
            if let known = uris[file] { return known }
            let uri = artifactURI(for: file)
            uris[file] = uri
            return uri
        }
        return findings.map { finding in
            let uri = cachedArtifactURI(for: finding.file)
            let hash = FNV1a64.hexDigest([finding.ruleID, uri, finding.pointer, finding.message].joined(separator: "\u{0}"))
            occurrences[hash, default: 0] += 1
            var members: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
            if let index = ruleIndex[finding.ruleID] { members.append(("ruleIndex", .integer(index))) }
            members += [
                ("level", .string(finding.severity.rawValue)),
                ("message", .object([("text", .string(finding.fullMessage))])),
                ("locations", .array([.object([("physicalLocation", physicalLocation(uri, finding.range))])])),
            ]
            if !finding.notes.isEmpty {
                members.append(("relatedLocations", .array(finding.notes.enumerated().map { offset, note in
                    .object([
                        ("id", .integer(offset + 1)),
                        ("physicalLocation", physicalLocation(cachedArtifactURI(for: note.file), note.range)),
                        ("message", .object([("text", .string(note.message))])),
                    ])
                })))
            }
            if !finding.fixes.isEmpty {
                members.append(("fixes", .array(finding.fixes.map { fixOutput($0, uri: cachedArtifactURI) })))
            }
            members += [
                ("partialFingerprints", .object([(Self.fingerprintKey, .string("\(hash):\(occurrences[hash]!)"))])),
                ("properties", .object([("jsonPointer", .string(finding.pointer))]
                    + (finding.omittedCount > 0 ? [("omittedFindings", .integer(finding.omittedCount))] : []))),
            ]
            return .object(members)
        }
    }

    private func physicalLocation(_ uri: String, _ range: SourceRange) -> JSONValue {
        .object([
            ("artifactLocation", .object([("uri", .string(uri))])),
            ("region", region(range)),
        ])
    }

    private func region(_ range: SourceRange) -> JSONValue {
        .object([
            ("startLine", .integer(range.start.line)),
            ("startColumn", .integer(range.start.column)),
            ("endLine", .integer(range.end.line)),
            ("endColumn", .integer(range.end.column)),
        ])
    }

    /// A fix as SARIF gives one: its title, one artifact change per file with a replacement
    /// per edit, and its applicability (a property: SARIF has no word for it). A region is
    /// given by lines and columns, as `locations` are, unless it has bytes but no columns (a
    /// byte order mark, which columns are counted after): then by bytes.
    private func fixOutput(_ fix: Fix, uri: (String) -> String) -> JSONValue {
        var files: [String] = []
        for edit in fix.edits where !files.contains(edit.file) { files.append(edit.file) }
        return .object([
            ("description", .object([("text", .string(fix.title))])),
            ("artifactChanges", .array(files.map { file in
                .object([
                    ("artifactLocation", .object([("uri", .string(uri(file)))])),
                    ("replacements", .array(fix.edits.filter { $0.file == file }.map { edit in
                        let range = edit.range
                        let hasColumns = (range.start.line, range.start.column) != (range.end.line, range.end.column) || edit.byteRange.isEmpty
                        let deleted: JSONValue = hasColumns
                            ? region(range)
                            : .object([("byteOffset", .integer(range.start.offset)), ("byteLength", .integer(edit.byteRange.count))])
                        return .object([("deletedRegion", deleted), ("insertedContent", .object([("text", .string(edit.newText))]))])
                    })),
                ])
            })),
            ("properties", .object([("applicability", .string(fix.applicability.rawValue))])),
        ])
    }

    // MARK: URIs

    /// The URI of `path` (as the finding gives it: relative to the current directory, or
    /// absolute): a relative reference when it lies below `baseDirectory`, which is what code
    /// scanning matches against the repository; otherwise an absolute `file://` URI, because
    /// a `../` reference would be resolved against the repository root and name the wrong file.
    func artifactURI(for path: String) -> String {
        let base = Self.components(of: baseDirectory)
        let file = Self.components(of: path.hasPrefix("/") ? path : baseDirectory + "/" + path)
        if file.count > base.count, Array(file.prefix(base.count)) == base {
            return PercentEncoding.encodedPath(file.dropFirst(base.count))
        }
        return "file:///" + PercentEncoding.encodedPath(file)
    }

    /// The segments of an absolute path with `.` and `..` resolved by text, as the user meant
    /// them; symbolic links are not followed, so the URI names the path that was linted.
    private static func components(of path: String) -> [String] {
        var result: [String] = []
        for segment in path.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(String(segment))
            }
        }
        return result
    }
}
