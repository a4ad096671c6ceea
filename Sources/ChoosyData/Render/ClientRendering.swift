/// What a client does when asked to open one app for an action: the URL it opens, or that it
/// only launches the app, or that it crashes; the parameters it dropped, and warnings about
/// values and formats that do not reach the app as meant. docs/url.md specifies both profiles.
public struct ClientRendering: Sendable, Equatable {
    /// What happens on the phone.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The rendered URL opens the app.
        case url
        /// The app is only launched with its `app_url_scheme`: it does not implement the
        /// action, or the rendered text is not a valid URL.
        case app
        /// The client raises an exception: the host app crashes.
        case crash
    }

    public let outcome: Outcome
    /// What the client opens: the rendered URL, the `app_url_scheme` (outcome `app`; nil when
    /// the app has none), or nil (outcome `crash`).
    public let url: String?
    /// The text the format rendered to, valid URL or not; nil when the action is unsupported or
    /// the client crashes before it has one.
    public let rendered: String?
    /// The parameters whose query components were left out of the URL the client opens for
    /// being empty, in order of appearance, each once; empty unless the outcome is `url`.
    public let dropped: [String]
    public let warnings: [URLWarning]
}

extension ClientProfile {
    /// What this client does to open `app` of `appType` for `action` with `values` (by
    /// parameter key; a key not given is empty). The one implementation every command renders
    /// with.
    public func open(_ app: MergedApp, of appType: MergedAppType, action: String, with values: [String: String]) -> ClientRendering {
        guard let formatNode = app.action(action).flatMap(urlFormatNode(of:)) else {
            return ClientRendering(outcome: .app, url: app.appURLScheme, rendered: nil, dropped: [], warnings: [])
        }
        guard let format = formatNode.string else {
            return ClientRendering(
                outcome: .crash, url: nil, rendered: nil, dropped: [],
                warnings: [URLWarning(
                    code: "crash",
                    message: "the url_format is \(formatNode.kindName.withIndefiniteArticle), not a string: the client raises an exception using it and the host app crashes")])
        }
        return render(format, parameterKeys: appType.keysInFillOrder, with: values, appURLScheme: app.appURLScheme)
    }

    /// The `url_format` of `action` this client uses; nil when it has none and opens the app
    /// only. The shipped client takes the earliest definition's value, whatever its type; the
    /// `rfc3986` one the last string.
    public func urlFormatNode(of action: Merged<AppAction>) -> Node? {
        switch self {
        case .shipped: action.value(\.nonNullURLFormatNode)
        case .rfc3986: action.value(\.urlFormatNode)
        }
    }

    /// What this client does with the url_format `format` of a type declaring `parameterKeys`
    /// (in the type's order), given `values`.
    public func render(_ format: String, parameterKeys: [String], with values: [String: String], appURLScheme: String?) -> ClientRendering {
        switch self {
        case .shipped:
            return ShippedURLRenderer.render(format, parameterKeys: parameterKeys, with: values, appURLScheme: appURLScheme)
        case .rfc3986:
            let parsed = URLFormat(format, parameterKeys: Set(parameterKeys))
            let rendering = URLRenderer.render(parsed, with: values)
            let base = Array(parsed.scalars.utf8(of: 0..<parsed.hierPartRange.upperBound))
            let warnings = URLWarning.emptyPathSegments(
                in: base, PlaceholderBytes.occurrences(of: parameterKeys, in: base), parameterKeys: parameterKeys, values: values)
            return ClientRendering(outcome: .url, url: rendering.url, rendered: rendering.url, dropped: rendering.dropped, warnings: warnings)
        }
    }
}
