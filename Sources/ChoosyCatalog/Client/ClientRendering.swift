import ChoosySyntax

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

        /// The words every view says a crash in, so that no report calls it something else.
        public static let crashSummary = "crashes the host app"
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
    /// What happens instead on the other platform, when it differs (`Platform`): only the
    /// system's last step tells the platforms apart.
    public internal(set) var onOtherPlatform: OtherPlatform? = nil

    /// What a client on the other platform opens, where it is not what this rendering opens.
    public struct OtherPlatform: Sendable, Equatable {
        public let platform: Platform
        public let outcome: Outcome
        /// As `ClientRendering.url`.
        public let url: String?

        /// The one line that says so: "on builds before iOS 17 this opens only the app (twit:)".
        public var sentence: String {
            let opened = switch outcome {
            case .url: "opens '\(url ?? "")'"
            case .app: "opens only the app" + (url.map { " (\($0))" } ?? "")
            case .crash: Outcome.crashSummary
            }
            return "\(platform.whereItHolds) this \(opened)"
        }
    }

    /// What a client opens for the text it `rendered`, as the system's `URLWithString:` on
    /// `platform` takes it (`SystemURLParsing`): the URL (on `ios17` encoded where it must be,
    /// with a warning), or only the app (`appURLScheme`) when it is no URL. The last step of
    /// every client; `onOtherPlatform` says what the other platform opens when that differs.
    static func opening(
        _ rendered: String, dropped: [String], warnings: [URLWarning], appURLScheme: String?, on platform: Platform
    ) -> ClientRendering {
        func opened(on platform: Platform) -> (outcome: Outcome, url: String?, warning: URLWarning?) {
            switch SystemURLParsing.parse(rendered, on: platform) {
            case .url:
                (.url, rendered, nil)
            case .encoded(let url, let reason):
                (.url, url, URLWarning(
                    code: "encoded-by-system",
                    message: "the rendered text '\(rendered)' \(reason): the app is opened with '\(url)'"))
            case .noURL(let reason):
                (.app, appURLScheme, URLWarning(
                    code: "invalid-url",
                    message: "the rendered text '\(rendered)' \(reason): the client opens the app only"))
            }
        }
        let here = opened(on: platform)
        let there = opened(on: platform.other)
        var rendering = ClientRendering(
            // Nothing of a rendering that is no URL reaches the app, so nothing of it was dropped either.
            outcome: here.outcome, url: here.url, rendered: rendered, dropped: here.outcome == .url ? dropped : [],
            warnings: warnings + (here.warning.map { [$0] } ?? []))
        if (there.outcome, there.url) != (here.outcome, here.url) {
            rendering.onOtherPlatform = OtherPlatform(platform: platform.other, outcome: there.outcome, url: there.url)
        }
        return rendering
    }
}

extension ClientProfile {
    /// What this client does to open `app` of `appType` for `action` with `values` (by
    /// parameter key; a key not given is empty), on the type's platform. The one
    /// implementation every command renders with.
    public func open(_ app: MergedApp, of appType: MergedAppType, action: String, with values: [String: String]) -> ClientRendering {
        open(app, of: appType, appAction: app.action(action), with: values)
    }

    /// The same for the app's action already looked up (`appAction`, nil when the app has
    /// none): a lookup reads each candidate's key from its node.
    func open(_ app: MergedApp, of appType: MergedAppType, appAction: Merged<AppAction>?, with values: [String: String]) -> ClientRendering {
        guard let formatNode = appAction.flatMap(urlFormatNode(of:)) else {
            return ClientRendering(outcome: .app, url: app.appURLScheme, rendered: nil, dropped: [], warnings: [])
        }
        guard let format = formatNode.string else {
            return ClientRendering(
                outcome: .crash, url: nil, rendered: nil, dropped: [],
                warnings: [URLWarning(
                    code: "crash",
                    message: "the url_format is \(formatNode.kindName.withIndefiniteArticle), not a string: the client raises an exception using it, which \(ClientRendering.Outcome.crashSummary)")])
        }
        return render(format, parameterKeys: appType.keysInFillOrder, with: values, appURLScheme: app.appURLScheme, on: appType.platform)
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

    /// What this client on `platform` does with the url_format `format` of a type declaring
    /// `parameterKeys` (in the type's order), given `values`.
    public func render(
        _ format: String, parameterKeys: [String], with values: [String: String], appURLScheme: String?, on platform: Platform
    ) -> ClientRendering {
        switch self {
        case .shipped:
            return ShippedURLRenderer.render(format, parameterKeys: parameterKeys, with: values, appURLScheme: appURLScheme, on: platform)
        case .rfc3986:
            let parsed = URLFormat(format, parameterKeys: Set(parameterKeys))
            let rendering = URLRenderer.render(parsed, with: values)
            let base = Array(parsed.scalars.utf8(of: 0..<parsed.hierPartRange.upperBound))
            let warnings = URLWarning.emptyPathSegments(
                in: base, PlaceholderBytes.occurrences(of: parameterKeys, in: base), parameterKeys: parameterKeys, values: values)
            return .opening(rendering.url, dropped: rendering.dropped, warnings: warnings, appURLScheme: appURLScheme, on: platform)
        }
    }
}
