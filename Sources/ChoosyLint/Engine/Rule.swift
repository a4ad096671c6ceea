import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// What a rule is and why it exists: the text of the rule reference, and examples that are
/// run as tests.
public struct RuleDescription: Sendable {
    /// The part of the catalog a rule looks at once.
    public enum Scope: String, Sendable {
        case file
        case appType = "app type"
        case catalog
    }

    /// An input file for an example; `↓` marks where the finding must start (and is removed
    /// before the text is parsed). `builtin`, when given, is a file of an earlier layer that
    /// the example's file is merged over.
    public struct Example: Sendable {
        public let fileName: String
        public let text: String
        public let builtin: String?

        public init(_ text: String, fileName: String = "example.json", builtin: String? = nil) {
            self.fileName = fileName
            self.text = text
            self.builtin = builtin
        }
    }

    public let id: String
    /// Where the rule comes among the rules: the order they run and report in, and of the rule
    /// reference. The generated registry (RuleRegistry.generated.swift) sorts the rules by it;
    /// numbers go in tens so a new rule takes a free number between its neighbours.
    public let order: Int
    public let severity: Severity
    public let scope: Scope
    public let summary: String
    public let rationale: String
    /// The section of the tool's documentation that says more; the rule reference links it,
    /// the catalog's docs site (which does not carry the tool's documentation) leaves it out.
    public var furtherReading: DocumentationSection? = nil
    public let triggeringExamples: [Example]
    public let nonTriggeringExamples: [Example]
    /// What the rule's safe fix changes (`lint --fix`, `fmt --write`); nil when it has none.
    /// A rule has it exactly when it is a `FixingRule`.
    public var fix: String? = nil
    /// What the rule's unsafe fix changes (`lint --fix --unsafe-fixes`, an editor's quick fix);
    /// nil when it has none.
    public var unsafeFix: String? = nil

    /// A section of a page in the repository's docs/ directory.
    public struct DocumentationSection: Sendable {
        /// The page's file name in docs/, such as `url.md`.
        public let page: String
        /// The section's heading as written, which GitHub's anchor is made from.
        public let heading: String

        /// The anchor GitHub gives the heading: lower-cased, punctuation dropped, spaces as `-`.
        public var anchor: String {
            String(heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        }

        /// "docs/url.md, section "Validity: …"": where a reader without links finds it.
        public var plainText: String { "docs/\(page), section \"\(heading)\"" }
    }

    /// The rationale, followed by where to read more when the rule names a section: the text
    /// of `rules RULE`, SARIF and the hover of a finding.
    public var rationaleWithFurtherReading: String {
        furtherReading.map { "\(rationale) More: \($0.plainText)." } ?? rationale
    }

    /// Whether `lint --fix` and `fmt --write` fix some of the rule's findings.
    public var isFixable: Bool { fix != nil }
}

/// What a rule sees: the catalog as read (layers and files) and the catalog as merged. The
/// readable parts of files with syntax errors count as loaded files.
public struct LintContext: Sendable {
    public let catalog: Catalog
    public let merged: MergedCatalog
    /// Every app of every loaded file, in layer and file order.
    public let loadedApps: [LoadedApp]
    /// Every loaded file of every layer, in layer order.
    public let files: [CatalogFile]
    /// The app types syntax errors may have hidden part of.
    public let incompleteAppTypes: IncompleteAppTypes
    /// How many findings of a rule in a file the report lists (`lint --max-findings`).
    public var findingCap: FindingCap = .standard
    /// The rules an ignore entry of the config names: their findings are all made, so that
    /// an entry naming one past the cap is not taken for stale, and capped after the ignores.
    private let ignoredRules: Set<String>

    private let documentsByPath: [String: Document]

    /// The context of `catalog` merged as `profile` merges it, for a client on `platform` (nil:
    /// as its config says).
    public init(catalog: Catalog, profile: ClientProfile? = nil, platform: Platform? = nil) {
        self.catalog = catalog
        merged = MergedCatalog(catalog, profile: profile, platform: platform, includingPartialFiles: true)
        files = catalog.layers.flatMap { $0.files + $0.partialFiles.map(\.file) }
        loadedApps = LoadedApp.all(in: files, merged: merged)
        incompleteAppTypes = IncompleteAppTypes(catalog.layers, profile: merged.profile)
        // A broken file's recovered tree, not its readable part: config entries name a value by
        // its index in the file, which an element left out of the readable part would shift.
        let documents = catalog.layers.flatMap { $0.files.map(\.document) + $0.partialFiles.map(\.recovered) }
        documentsByPath = Dictionary(documents.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        ignoredRules = Set(catalog.config?.ignore.map(\.rule) ?? [])
    }

    /// The cap a rule applies as it makes its findings: none for a rule the config's ignore
    /// entries name (the linter caps its findings once the ignores have matched).
    public func findingCap(forRule id: String) -> FindingCap {
        ignoredRules.contains(id) ? .none : findingCap
    }

    /// The loaded file at `path`, for mapping positions inside its strings.
    public func document(at path: String) -> Document? { documentsByPath[path] }

    /// The merged app types no syntax error may have hidden part of: the ones a rule that
    /// reasons about what a type declares, lacks or leaves unused may judge without knock-ons.
    public var completeAppTypes: [MergedAppType] {
        merged.appTypes.filter { !incompleteAppTypes.contains($0.key) }
    }
}

/// One check of the catalog: its description, and a function adding the findings of a catalog
/// to those of the run, which keeps only what the cap lists.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    func check(_ context: LintContext, into findings: inout CappedFindings)
    /// Self when the rule checks url_formats one app at a time; see `URLFormatRule`.
    var asURLFormatRule: (any URLFormatRule)? { get }
}

extension Rule {
    /// Every finding of the rule in the context's catalog, none left out.
    public func check(_ context: LintContext) -> [Finding] {
        var findings = CappedFindings(.none)
        check(context, into: &findings)
        return findings.findings
    }
}

/// A rule that looks at one loaded file at a time.
public protocol DocumentRule: Rule {
    func check(_ document: Document, into findings: inout CappedFindings)
}

extension DocumentRule {
    /// The findings of every file, in file order; several files are checked at once.
    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        let cap = findings.cap
        let byFile = context.files.concurrentMap { file in
            var fileFindings = CappedFindings(cap)
            check(file.document, into: &fileFindings)
            return fileFindings
        }
        for fileFindings in byFile { findings.append(contentsOf: fileFindings) }
    }

    /// A finding of this rule in `document`.
    func finding(
        _ message: String, in document: Document, range: SourceRange, pointer: JSONPointer,
        hint: String? = nil, notes: [Finding.Note] = []
    ) -> Finding {
        finding(message, file: document.file.path, range: range, pointer: pointer, hint: hint, notes: notes)
    }
}

extension Rule {
    /// A finding of this rule, at the rule's default severity unless `severity` says otherwise.
    func finding(
        _ message: String, file: String, range: SourceRange, pointer: JSONPointer,
        severity: Severity? = nil, hint: String? = nil, notes: [Finding.Note] = []
    ) -> Finding {
        Finding(
            ruleID: Self.description.id, severity: severity ?? Self.description.severity, message: message,
            file: file, range: range, pointer: pointer.description, hint: hint, notes: notes)
    }

    /// A finding of this rule about a catalog value, at its key unless `range` says otherwise.
    func finding(
        _ message: String, at entity: some KeyedEntity, range: SourceRange? = nil,
        severity: Severity? = nil, hint: String? = nil, notes: [Finding.Note] = []
    ) -> Finding {
        finding(
            message, file: entity.file, range: range ?? entity.keyRange, pointer: entity.node.pointer,
            severity: severity, hint: hint, notes: notes)
    }
}
