import ChoosyCore

/// A word asked for that is not one of the valid ones (an app type, an app, a command, an
/// option's value); the message lists the valid values, and the closest one when it looks
/// like a typo. Every "unknown X" the tool prints has this one wording:
/// `unknown app type 'twiter' (did you mean 'twitter'?); valid values are: email, twitter`,
/// or inside something: `app type 'twitter' has no parameter 'txt' (did you mean 'text'?); …`.
/// Past `listedWhole` values, the list shows `shownLimit` and ends with `… and N more`.
public struct UnknownKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was looked for: `app type`, `app`, `command`.
    public let kind: String
    public let key: String
    /// Where it was looked for, when not the whole catalog: `app type 'twitter'`.
    public let container: String?
    public let validKeys: [String]
    /// The valid value meant, when known apart from spelling (another tool's word for it:
    /// eslint's `warn` for `warning`); else the closest by `Suggestion` among `suggestible`.
    public let meant: String?
    /// The valid values a misspelling may be suggested from: `validKeys` unless only some are
    /// of the key's kind (a long option for a long option).
    public let suggestible: [String]

    public init(
        kind: String, key: String, in container: String? = nil, validKeys: [String], meant: String? = nil, suggestingFrom suggestible: [String]? = nil
    ) {
        self.kind = kind
        self.key = key
        self.container = container
        self.validKeys = validKeys
        self.meant = meant
        self.suggestible = suggestible ?? validKeys
    }

    /// The most valid values listed whole: enough for any app type's actions or parameters,
    /// or every rule id, while a catalog of thousands of app types does not print thousands of
    /// keys for one typo.
    public static let listedWhole = 40
    /// How many of a longer list are shown.
    public static let shownLimit = 30

    public var description: String {
        let suggestion = (meant ?? Suggestion.closest(to: key, among: suggestible)).map { " (did you mean '\($0)'?)" } ?? ""
        let unknown = container.map { "\($0) has no \(kind) '\(key.excerpt)'" } ?? "unknown \(kind) '\(key.excerpt)'"
        return unknown + "\(suggestion); \(validValues)"
    }

    private var validValues: String {
        guard !validKeys.isEmpty else { return "there are none" }
        guard validKeys.count > Self.listedWhole else { return "valid values are: \(validKeys.joined(separator: ", "))" }
        let shown = validKeys.prefix(Self.shownLimit).joined(separator: ", ")
        return "valid values are: \(shown) … and \(validKeys.count - Self.shownLimit) more"
    }
}
