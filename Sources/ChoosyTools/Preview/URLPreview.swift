import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// What the client does for every app of a merged app type asked to perform one action with a
/// set of parameter values (the URL it opens, the app alone, or a crash): what `choosy-data
/// url` prints, as text or JSON.
public struct URLPreview: Sendable {
    /// What the client does for one app.
    public struct Result: Sendable, Equatable {
        public let app: String
        public let name: String?
        /// Whether the app implements the action; when not, the client only launches the app.
        public let supported: Bool
        public let rendering: ClientRendering
    }

    public let client: ClientProfile
    public let platform: Platform
    public let appType: String
    public let action: String
    public let parameters: [(key: String, value: String)]
    public let results: [Result]
    /// Files of the catalog that did not parse and so took no part.
    public let unloadableFiles: [String]

    /// Loads the catalog the request names, checks its keys and renders the URLs.
    public static func run(_ request: URLPreviewRequest) throws(URLPreviewError) -> URLPreview {
        let catalog = try load(request)
        let merged = MergedCatalog(catalog, profile: request.client, platform: request.platform)
        guard let appType = merged.appType(request.appType) else {
            throw .unknown(UnknownKeyError(kind: "app type", key: request.appType, validKeys: merged.appTypes.map(\.key)))
        }
        guard appType.action(request.action) != nil else {
            throw .unknown(UnknownKeyError(
                kind: "action", key: request.action, in: "app type '\(appType.key)'", validKeys: appType.actions.map(\.key)))
        }
        var apps = appType.apps
        if let key = request.app {
            guard let app = appType.app(key) else {
                throw .unknown(UnknownKeyError(kind: "app", key: key, in: "app type '\(appType.key)'", validKeys: apps.map(\.key)))
            }
            apps = [app]
        }
        let parameterKeys = appType.parameterKeys
        var values: [String: String] = [:]
        for (key, value) in request.parameters {
            guard values.updateValue(value, forKey: key) == nil else { throw .repeatedParameter(key) }
        }
        // The first name the app type does not declare; the next one, if any, is told once it is fixed.
        if let undeclared = request.parameters.map(\.key).first(where: { !parameterKeys.contains($0) }) {
            throw .unknown(UnknownKeyError(kind: "parameter", key: undeclared, in: "app type '\(appType.key)'", validKeys: parameterKeys))
        }
        let results = apps.map { app in
            Result(
                app: app.key, name: app.name, supported: app.action(request.action).flatMap(merged.profile.urlFormatNode(of:)) != nil,
                rendering: merged.profile.open(app, of: appType, action: request.action, with: values))
        }
        return URLPreview(
            client: merged.profile, platform: merged.platform, appType: appType.key, action: request.action, parameters: request.parameters, results: results,
            unloadableFiles: catalog.layers.flatMap { $0.unloadableFiles.map(\.file.path) })
    }

    /// The catalog the request names (`CatalogSelection`).
    private static func load(_ request: URLPreviewRequest) throws(URLPreviewError) -> Catalog {
        do {
            return try CatalogReading.load(
                CatalogSelection(catalog: request.catalog, configPath: request.configPath, path: request.path),
                currentDirectory: request.currentDirectory, trustedDirectories: request.trustedDirectories)
        } catch {
            throw .load(error)
        }
    }

    /// The JSON output: `{"client", "platform", "type", "action", "parameters", "results"}`
    /// (docs/url.md).
    public var json: String {
        JSONValue.object([
            ("client", .string(client.rawValue)),
            ("platform", .string(platform.rawValue)),
            ("type", .string(appType)),
            ("action", .string(action)),
            ("parameters", .object(parameters.map { ($0.key, .string($0.value)) })),
            ("results", .array(results.map { result in
                .object([
                    ("app", .string(result.app)),
                    ("name", result.name.map(JSONValue.string) ?? .null),
                    ("supported", .bool(result.supported)),
                    ("outcome", .string(result.rendering.outcome.rawValue)),
                    ("url", result.rendering.url.map(JSONValue.string) ?? .null),
                    ("dropped", .array(result.rendering.dropped.map(JSONValue.string))),
                    ("warnings", .array(result.rendering.warnings.map { warning in
                        .object([("code", .string(warning.code)), ("message", .string(warning.message))])
                    })),
                    ("on_other_platform", result.rendering.onOtherPlatform.map { other in
                        .object([
                            ("platform", .string(other.platform.rawValue)),
                            ("outcome", .string(other.outcome.rawValue)),
                            ("url", other.url.map(JSONValue.string) ?? .null),
                            ("note", .string(other.sentence)),
                        ])
                    } ?? .null),
                ])
            })),
        ]).rendered()
    }

    /// The text output: one line per app, name, key and what the client opens in aligned
    /// columns, with what happens when it is not the rendered URL; then, indented under it,
    /// what the other platform opens where that differs and the warnings of the app. The catalog's text shows its invisible characters as escapes
    /// (`\u202E`), so no control or bidi override reaches the terminal.
    public var text: String {
        let names = results.map { ($0.name ?? $0.app).withInvisibleCharactersEscaped }
        let keys = results.map(\.app.withInvisibleCharactersEscaped)
        let nameWidth = names.map(\.count).max() ?? 0
        let keyWidth = keys.map(\.count).max() ?? 0
        return zip(names, zip(keys, results)).map { name, keyAndResult in
            let (key, result) = keyAndResult
            let rendering = result.rendering
            let url = rendering.url?.withInvisibleCharactersEscaped
            let scheme = url ?? "(no app_url_scheme)"
            let opened = switch rendering.outcome {
            case .url where url?.isEmpty ?? true:
                // A whole-URL format without its value; a blank would look like a missing column.
                "(empty URL)"
            case .url:
                url ?? ""
            case .app where !result.supported:
                scheme + "  (does not support '\(action.withInvisibleCharactersEscaped)'; opens the app only)"
            case .app:
                scheme + "  (the rendered text is not a valid URL; opens the app only)"
            case .crash:
                "(\(ClientRendering.Outcome.crashSummary))"
            }
            let line = Self.padded(name, to: nameWidth) + "  " + Self.padded(key, to: keyWidth) + "  " + opened + "\n"
            let note = rendering.onOtherPlatform.map { "    note: \($0.sentence.withInvisibleCharactersEscaped)\n" } ?? ""
            return line + note + rendering.warnings.map { "    warning: \($0.message.withInvisibleCharactersEscaped) [\($0.code)]\n" }.joined()
        }.joined()
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: width - text.count)
    }
}
