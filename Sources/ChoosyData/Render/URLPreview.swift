/// The URL every app of a merged app type receives for one action and a set of parameter
/// values: what `choosy-data url` prints, as text or JSON.
public struct URLPreview: Sendable {
    /// What the client opens for one app.
    public struct Result: Sendable, Equatable {
        public let app: String
        public let name: String?
        /// Whether the app implements the action; when not, the client only launches the app.
        public let supported: Bool
        /// The rendered url_format, or the app's app_url_scheme when the action is unsupported
        /// (nil when the app has none).
        public let url: String?
        public let dropped: [String]
    }

    public let appType: String
    public let action: String
    public let parameters: [(key: String, value: String)]
    public let results: [Result]
    /// Files of the catalog that did not parse and so took no part.
    public let unloadableFiles: [String]

    /// Loads the catalog the request names, checks its keys and renders the URLs.
    public static func run(_ request: URLPreviewRequest) throws(URLPreviewError) -> URLPreview {
        let catalog = try load(request)
        let merged = MergedCatalog(catalog)
        guard let appType = merged.appType(request.appType) else {
            throw .unknown(kind: "app type", key: request.appType, valid: merged.appTypes.map(\.key).sorted())
        }
        guard appType.action(request.action) != nil else {
            throw .unknown(kind: "action", key: request.action, valid: appType.actions.map(\.key).sorted())
        }
        var apps = appType.apps
        if let key = request.app {
            guard let app = appType.app(key) else {
                throw .unknown(kind: "app", key: key, valid: apps.map(\.key).sorted())
            }
            apps = [app]
        }
        let parameterKeys = appType.parameters.map(\.key)
        var values: [String: String] = [:]
        for (key, value) in request.parameters {
            guard values.updateValue(value, forKey: key) == nil else { throw .repeatedParameter(key) }
        }
        let undeclared = request.parameters.map(\.key).filter { !parameterKeys.contains($0) }
        guard undeclared.isEmpty else {
            throw .undeclaredParameters(
                appType: appType.key, names: undeclared.map { ($0, Suggestion.closest(to: $0, among: parameterKeys)) },
                valid: parameterKeys.sorted())
        }
        let results = apps.map { app in
            guard let format = app.action(request.action)?.value(\.urlFormat)?.text else {
                return Result(app: app.key, name: app.name, supported: false, url: app.appURLScheme, dropped: [])
            }
            let rendering = URLRenderer.render(format, with: values, parameterKeys: Set(parameterKeys))
            return Result(app: app.key, name: app.name, supported: true, url: rendering.url, dropped: rendering.dropped)
        }
        return URLPreview(
            appType: appType.key, action: request.action, parameters: request.parameters, results: results,
            unloadableFiles: catalog.layers.flatMap { $0.unloadableFiles.map(\.file.path) })
    }

    /// The catalog a request names: `--config`, the catalog around PATH (or PATH alone when it
    /// is in none), or the catalog around the current directory, as `lint` finds it.
    private static func load(_ request: URLPreviewRequest) throws(URLPreviewError) -> Catalog {
        let loader = CatalogLoader()
        func configPath(ofRoot root: String) -> String {
            CatalogLoader.join(CatalogLoader.relativePath(root, from: request.currentDirectory), CatalogConfig.fileName)
        }
        if request.configPath == nil, request.path == nil, CatalogLoader.findRoot(from: request.currentDirectory) == nil {
            throw .noCatalog
        }
        do throws(CatalogLoadError) {
            if let config = request.configPath { return try loader.load(configPath: config) }
            let path = request.path ?? request.currentDirectory
            guard let root = CatalogLoader.findRoot(forPath: path) else { return try loader.load(path: path) }
            return try loader.load(configPath: configPath(ofRoot: root))
        } catch {
            throw .load(error.description)
        }
    }

    /// The JSON output: `{"type", "action", "parameters", "results"}` (docs/url.md).
    public var json: String {
        JSONOutput.object([
            ("type", .string(appType)),
            ("action", .string(action)),
            ("parameters", .object(parameters.map { ($0.key, .string($0.value)) })),
            ("results", .array(results.map { result in
                .object([
                    ("app", .string(result.app)),
                    ("name", result.name.map(JSONOutput.string) ?? .null),
                    ("supported", .bool(result.supported)),
                    ("url", result.url.map(JSONOutput.string) ?? .null),
                    ("dropped", .array(result.dropped.map(JSONOutput.string))),
                ])
            })),
        ]).rendered()
    }

    /// The text output: one line per app, name, key and URL in aligned columns; an app that
    /// does not implement the action shows the URL that launches it and says so.
    public var text: String {
        let names = results.map { $0.name ?? $0.app }
        let nameWidth = names.map(\.count).max() ?? 0
        let keyWidth = results.map(\.app.count).max() ?? 0
        return zip(names, results).map { name, result in
            let url = if !result.supported {
                (result.url ?? "(no app_url_scheme)") + "  (does not support '\(action)'; opens the app only)"
            } else if let rendered = result.url, !rendered.isEmpty {
                rendered
            } else {
                // A whole-URL format without its value; a blank would look like a missing column.
                "(empty URL)"
            }
            return Self.padded(name, to: nameWidth) + "  " + Self.padded(result.app, to: keyWidth) + "  " + url + "\n"
        }.joined()
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: width - text.count)
    }
}
