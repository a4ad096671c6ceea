/// What the client does when asked to open one app for one action, whatever values the caller
/// passes: it opens a URL, launches only the app, crashes the host app, or the app does not
/// implement the action; and why. The one answer `matrix`, the docs site, `review`, `diff`,
/// `codegen` and hover give about an app action, worked out by the renderer `url` uses.
public struct AppActionOutcome: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        /// The client opens a URL of the app's url_format.
        case url
        /// The rendered text is not a URL the system accepts: the client launches the app only.
        case app
        /// The client raises an exception: the host app crashes.
        case crash
        /// The app has no url_format for the action: the client launches the app only.
        case unsupported
    }

    public let state: State
    /// Why the state is not `url`, in the words of `url`'s warning; nil for `url`.
    public let reason: String?

    /// The value every parameter is given: a letter, which every escape set leaves as it is and
    /// which is valid wherever a URL may hold a value. An empty value would drop query
    /// components, which no caller who passes the parameter sees. Which of a value's
    /// characters the app reads differently is `url`'s to say, for the values it is given.
    public static let sampleValue = "x"

    /// The outcome of `app` of `appType` for `action` under `profile`: the format rendered by
    /// `ClientProfile.open` with every parameter given `sampleValue`. Whether the client
    /// crashes depends on the format alone (it cuts the format before it fills it), and a
    /// filled value is escaped to characters valid anywhere, so the state holds for any
    /// non-empty values.
    public init(of app: MergedApp, in appType: MergedAppType, action: String, profile: ClientProfile) {
        guard let appAction = app.action(action), profile.urlFormatNode(of: appAction) != nil else {
            self.init(state: .unsupported, reason: "it has no url_format for this action")
            return
        }
        self.init(rendering: profile.open(app, of: appType, appAction: appAction, with: Self.sampleValues(appType.parameterKeys)))
    }

    /// The outcome of the url_format `format` of a type declaring `parameterKeys`, as above.
    public init(format: String, parameterKeys: [String], profile: ClientProfile, on platform: Platform) {
        self.init(rendering: profile.render(
            format, parameterKeys: parameterKeys, with: Self.sampleValues(parameterKeys), appURLScheme: nil, on: platform))
    }

    private static func sampleValues(_ parameterKeys: [String]) -> [String: String] {
        Dictionary(parameterKeys.map { ($0, sampleValue) }, uniquingKeysWith: { first, _ in first })
    }

    private init(rendering: ClientRendering) {
        let state: State = switch rendering.outcome {
        case .url: .url
        case .app: .app
        case .crash: .crash
        }
        let reason = state == .url ? nil : rendering.warnings.last?.message
        self.init(state: state, reason: reason)
    }

    private init(state: State, reason: String?) {
        self.state = state
        self.reason = reason
    }

    /// Why the client opens the app only or crashes, shown beside the state; nil when it opens
    /// a URL or the app does not implement the action, which the state's words say whole.
    public var failureReason: String? { state == .unsupported ? nil : reason }

    /// What the state means in a sentence's end: "opens a URL", "crashes the host app".
    public var summary: String { Self.summary(of: state) }

    /// The same for a state alone (a side of a diff).
    public static func summary(of state: State) -> String {
        switch state {
        case .url: "opens a URL"
        case .app: "opens the app only"
        case .crash: ClientRendering.Outcome.crashSummary
        case .unsupported: "does not implement the action"
        }
    }
}
