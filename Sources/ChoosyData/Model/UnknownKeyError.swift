/// A word asked for that is not one of the valid ones (an app type, an app, a command, an
/// option's value); the message lists the valid values, and the closest one when it looks
/// like a typo. Every "unknown X" the tool prints has this one wording:
/// `unknown app type 'twiter' (did you mean 'twitter'?); valid values are: email, twitter`.
public struct UnknownKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was looked for: `app type`, `app`, `command`.
    public let kind: String
    public let key: String
    /// Where it was looked for, when not the whole catalog: `app type 'twitter'`.
    public let container: String?
    public let validKeys: [String]

    public init(kind: String, key: String, in container: String? = nil, validKeys: [String]) {
        self.kind = kind
        self.key = key
        self.container = container
        self.validKeys = validKeys
    }

    public var description: String {
        let suggestion = Suggestion.closest(to: key, among: validKeys).map { " (did you mean '\($0)'?)" } ?? ""
        let valid = validKeys.isEmpty ? "there are none" : "valid values are: \(validKeys.joined(separator: ", "))"
        return "unknown \(kind) '\(key)'" + (container.map { " in \($0)" } ?? "") + "\(suggestion); \(valid)"
    }
}
