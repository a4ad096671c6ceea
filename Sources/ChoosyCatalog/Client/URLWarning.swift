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
    /// The keys (positions among the parameter keys) of the placeholders `found` in `base`
    /// that stand right after a `/`, repeats included.
    static func keysAfterSlash(in base: [UInt8], _ found: [PlaceholderBytes.Occurrence]) -> [Int] {
        found.filter { $0.range.lowerBound > 0 && base[$0.range.lowerBound - 1] == UInt8(ascii: "/") }.map(\.key)
    }

    /// A warning for every declared placeholder of `base` (the text before the query) that
    /// stands right after a `/` and has an empty value: the URL gets an empty path segment
    /// (`account//post`), which the app reads as a missing value.
    /// `found` are the placeholders of `base`.
    static func emptyPathSegments(
        in base: [UInt8], _ found: [PlaceholderBytes.Occurrence], parameterKeys: [String], values: [String: String]
    ) -> [URLWarning] {
        let afterSlash = keysAfterSlash(in: base, found)
        return parameterKeys.indices.filter { afterSlash.contains($0) && (values[parameterKeys[$0]] ?? "").isEmpty }.map { position in
            URLWarning(
                code: "empty-path-segment",
                message: "'\(parameterKeys[position])' is empty, so its path segment is empty and the app finds no value there; pass a value")
        }
    }
}
