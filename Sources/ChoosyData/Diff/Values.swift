/// Merged catalog values as JSON, in the catalog's own shape and canonical member order: what
/// `diff` shows before and after a change, and compares to recognise renames.
enum Values {
    static func appType(_ type: MergedAppType) -> JSONOutput {
        object([
            ("name", type.name.map(JSONOutput.string)),
            ("key", .string(type.key)),
            ("parameters", .array(type.parameters.map(parameter))),
            ("actions", .array(type.actions.map(action))),
            ("apps", .array(type.apps.map { app($0) })),
        ])
    }

    static func parameter(_ parameter: Merged<Parameter>) -> JSONOutput {
        object([
            ("name", parameter.value(\.name).map(JSONOutput.string)),
            ("key", .string(parameter.key)),
            ("description", parameter.value(\.description).map(JSONOutput.string)),
            ("presence_required", parameter.value(\.presenceRequired).map(JSONOutput.bool)),
            ("value_required", parameter.value(\.valueRequired).map(JSONOutput.bool)),
        ])
    }

    static func action(_ action: Merged<Action>) -> JSONOutput {
        object([("name", action.value(\.name).map(JSONOutput.string)), ("key", .string(action.key))])
    }

    /// An app; `actionKey` and `urlFormat` rewrite its actions (to compare an old app under
    /// the new catalog's renames).
    static func app(
        _ app: MergedApp, actionKey: (String) -> String = { $0 }, urlFormat: (String) -> String = { $0 }
    ) -> JSONOutput {
        object([
            ("name", app.name.map(JSONOutput.string)),
            ("key", .string(app.key)),
            ("app_url_scheme", app.appURLScheme.map(JSONOutput.string)),
            ("source", app.source.map(JSONOutput.string)),
            ("actions", .array(app.actions.map { appAction($0, key: actionKey($0.key), urlFormat: urlFormat) })),
        ])
    }

    static func appAction(
        _ action: Merged<AppAction>, key: String? = nil, urlFormat: (String) -> String = { $0 }
    ) -> JSONOutput {
        object([
            ("key", .string(key ?? action.key)),
            ("url_format", action.value(\.urlFormat).map { .string(urlFormat($0.text)) }),
            ("examples", examples(action)),
        ])
    }

    /// The app action's examples in canonical form, nil when it has none.
    static func examples(_ action: Merged<AppAction>) -> JSONOutput? {
        action.value(examples(of:))
    }

    /// One definition's examples in canonical form, nil when it has none.
    static func examples(of definition: AppAction) -> JSONOutput? {
        definition.node["examples"].map { CanonicalJSON.value($0, definition: "appAction", member: "examples") }
    }

    /// What identifies an action apart from its key: its name and the URL formats (by app)
    /// that implement it.
    static func actionContent(_ action: Merged<Action>, of type: MergedAppType, urlFormat: (String) -> String) -> JSONOutput {
        let implementations = type.apps.compactMap { app -> (String, JSONOutput)? in
            app.action(action.key)?.value(\.urlFormat).map { (app.key, .string(urlFormat($0.text))) }
        }
        return object([("name", action.value(\.name).map(JSONOutput.string)), ("implementations", .object(implementations))])
    }

    static func withoutKey(_ value: JSONOutput) -> JSONOutput {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.0 != "key" })
    }

    /// `text` with every `{{old}}` placeholder of `renames` written `{{new}}`.
    static func renamingPlaceholders(in text: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return text }
        return URLTemplate(text).segments.map { segment in
            switch segment {
            case .literal(let literal): literal
            case .placeholder(let placeholder): "{{\(renames[placeholder.name] ?? placeholder.name)}}"
            }
        }.joined()
    }

    /// The distinct placeholder names of a URL format, sorted.
    static func placeholderNames(in text: String) -> [String] {
        Set(URLTemplate(text).placeholders.map(\.name)).sorted()
    }

    private static func object(_ members: [(String, JSONOutput?)]) -> JSONOutput {
        .object(members.compactMap { name, value in value.map { (name, $0) } })
    }
}
