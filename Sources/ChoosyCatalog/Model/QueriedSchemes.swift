/// The URL schemes an iOS app must list under `LSApplicationQueriesSchemes` to use the given
/// app types: iOS 9 and later answer `canOpenURL` only for listed schemes.
public enum QueriedSchemes {
    /// Schemes the client never asks `canOpenURL` about as an app: web fallbacks open in the
    /// browser, and iOS needs no declaration for them.
    package static let webSchemes: Set<String> = ["http", "https"]

    /// The bare, lowercased scheme names (no `:`) of the merged apps' `app_url_scheme`,
    /// deduplicated and sorted.
    public static func schemes(of types: [MergedAppType]) -> [String] {
        Set(types.flatMap(\.apps).compactMap { $0.appURLSchemeDefinition?.schemeName }).subtracting(webSchemes).sorted()
    }

    /// The most entries an app linked on or after iOS 15 may list under
    /// `LSApplicationQueriesSchemes` (UIKit's `canOpenURL(_:)` documentation).
    public static let limit = 50
}
