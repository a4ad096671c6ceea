import ChoosySyntax
import ChoosyCatalog

/// `ignored-override`: a later layer changes a value that the shipped client keeps from the
/// earliest layer.
public struct IgnoredOverrideRule: Rule {
    public static let description = RuleDescription(
        id: "ignored-override",
        order: 250,
        severity: .warning,
        scope: .catalog,
        summary: "A server-layer value overrides a built-in one that the shipped client keeps.",
        rationale: """
            The shipped client (0.6.x) merges the server layer into its built-in layer by adding \
            keys only: a server app type, parameter, action, app or app action whose key is \
            built in changes nothing: its name, description, app_url_scheme, source and \
            url_format are all ignored, and phones keep the built-in value. (New app actions of \
            a built-in app are added.) Such an override helps only a client that fixes 0.6.x; \
            to reach phones today, use a new key. Overrides within one layer are the \
            duplicate-* rules'.
            """,
        triggeringExamples: [
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": ↓"b:"}]}]"#,
                builtin: #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a:"}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": ↓"a://new?q={{q}}"}]}]}]"#,
                builtin: #"[{"key": "t", "parameters": [{"key": "q"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://old?q={{q}}"}]}]}]"#),
            .init(
                "- key: t\n  name: ↓Twitter / X\n",
                fileName: "example.yaml", builtin: #"[{"key": "t", "name": "Twitter"}]"#),
            .init(
                #"[{"key": "t", "parameters": [{"key": "q", "description": ↓"The query."}]}]"#,
                builtin: #"[{"key": "t", "parameters": [{"key": "q"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "s", "url_format": "a://s"}]}, {"key": "b", "app_url_scheme": "b:"}]}]"#,
                builtin: #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "p", "url_format": "a://p"}]}]}]"#),
            .init(
                #"[{"key": "t", "name": "Twitter", "apps": [{"key": "a", "app_url_scheme": "a:"}]}]"#,
                builtin: #"[{"key": "t", "name": "Twitter", "apps": [{"key": "a", "app_url_scheme": "a:"}]}]"#),
        ])

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        let merged = context.merged.profile == .shipped ? context.merged : MergedCatalog(context.catalog, profile: .shipped, includingPartialFiles: true)
        let layerByFile = context.catalog.layerOfFile
        func ignored<Entity>(_ definitions: Definitions<Entity>, fields: [String], what: @autoclosure () -> String) -> [Finding] {
            // Nearly every value has one definition: nothing to look up for it.
            guard !definitions.ignored.isEmpty else { return [] }
            let kept = definitions[0]
            guard let keptLayer = layerByFile[kept.file] else { return [] }
            return definitions.ignored.filter { (layerByFile[$0.file]?.index ?? 0) > keptLayer.index }.flatMap { definition in
                fields.compactMap { field -> Finding? in
                    guard let node = definition.node[field], let value = Self.shown(node) else { return nil }
                    let keptNode = kept.node[field]
                    let keptValue = keptNode.flatMap(Self.shown)
                    guard value != keptValue else { return nil }
                    return finding(
                        Self.message(field: field, what: what(), layer: keptLayer.name, keeps: Self.keeps(field: field, value: keptValue)),
                        file: definition.file, range: node.range, pointer: node.pointer, hint: Self.hint,
                        notes: [.init("the value the client keeps", file: kept.file, range: (keptNode ?? kept.node).range)])
                }
            }
        }
        // Loops appending to one array, and names built only for a finding: an array per value
        // and a name per app were a third of this rule's time.
        for type in merged.appTypes {
            let typeName = Self.named("app type", type.key)
            findings.append(contentsOf: ignored(type.definitions, fields: Self.appTypeFields, what: typeName))
            for parameter in type.parameters {
                findings.append(contentsOf: ignored(parameter.definitions, fields: Self.parameterFields, what: Self.named("parameter", parameter.key, of: typeName)))
            }
            for action in type.actions {
                findings.append(contentsOf: ignored(action.definitions, fields: Self.actionFields, what: Self.named("action", action.key, of: typeName)))
            }
            for app in type.apps {
                let appName = { Self.named("app", app.key, of: typeName) }
                findings.append(contentsOf: ignored(app.definitions, fields: Self.appFields, what: appName()))
                for action in app.actions {
                    findings.append(contentsOf: ignored(action.definitions, fields: Self.appActionFields, what: Self.named("action", action.key, of: appName())))
                }
            }
        }
    }

    /// The words of the findings, here and in the docs site's editor page: `what` is what
    /// `named` calls the value whose `field` is ignored, `keeps` what `keeps` says of the
    /// value kept.
    public static func message(field: String, what: String, layer: String, keeps: String) -> String {
        "the shipped client ignores this \(field): \(what) is in layer '\(layer)', and the client \(keeps)"
    }
    public static func keeps(field: String, value: String?) -> String {
        value.map { "keeps its \(field) \($0)" } ?? "keeps it without a \(field)"
    }
    /// `app "a"`, or `app "a" of app type "t"` with `owner` named so.
    public static func named(_ noun: String, _ key: String, of owner: String? = nil) -> String {
        "\(noun) \"\(key)\"" + (owner.map { " of \($0)" } ?? "")
    }
    public static let hint = "to reach phones in the field, give the value a new key; to state what they do, remove the override"

    /// The fields of each level that the client reads and a later layer may try to override.
    private static let appTypeFields = clientReadFields(of: .appType)
    private static let actionFields = clientReadFields(of: .action)
    private static let parameterFields = clientReadFields(of: .parameter)
    private static let appFields = clientReadFields(of: .app)
    private static let appActionFields = clientReadFields(of: .appAction)

    /// The single values (text and flags) of `entity` that the client reads.
    public static func clientReadFields(of entity: CatalogEntity) -> [String] {
        entity.fields.filter { $0.isReadByClient && $0.isScalar }.map(\.name)
    }

    /// A scalar field's value as a message quotes it; nil for other values (the schema rule's).
    public static func shown(_ node: Node) -> String? {
        if let text = node.string { return "\"\(text)\"" }
        return node.bool.map(String.init)
    }
}
