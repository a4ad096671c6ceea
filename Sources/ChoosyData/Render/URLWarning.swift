/// Something about a rendering that the caller should know: a value the app will read
/// differently from what was meant, text the client loses, or why the outcome is not a URL.
public struct URLWarning: Sendable, Equatable {
    /// Kebab-case, stable: what kind of warning (docs/url.md lists them).
    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

extension URLWarning {
    /// A warning for every declared placeholder of `base` (the text before the query) that
    /// stands right after a `/` and has an empty value: the URL gets an empty path segment
    /// (`account//post`), which the app reads as a missing value.
    static func emptyPathSegments(in base: [UInt8], parameterKeys: [String], values: [String: String]) -> [URLWarning] {
        parameterKeys.filter { (values[$0] ?? "").isEmpty && PlaceholderBytes.occurs($0, in: base, after: UInt8(ascii: "/")) }.map { key in
            URLWarning(
                code: "empty-path-segment",
                message: "'\(key)' is empty, so its path segment is empty and the app finds no value there; pass a value")
        }
    }
}
