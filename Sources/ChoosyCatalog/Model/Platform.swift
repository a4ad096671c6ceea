/// The iOS a client runs on, with the SDK its app was linked against: it decides what the
/// system's `URLWithString:` makes of the text the client renders (docs/url.md, "Validity").
/// Every command that renders takes one, from `--platform` or the config's `platform:`.
public enum Platform: String, CaseIterable, Sendable {
    /// Apps linked on or after iOS 17, running on iOS 17 or later: the string is parsed by
    /// RFC 3986 and its invalid characters are percent-encoded (hosts IDNA-encoded); only a
    /// string still invalid after that is no URL.
    case ios17
    /// Builds linked before iOS 17, or phones before it: a string holding a character no URL
    /// may hold, a `%` without two hexadecimal digits or a second `#` is no URL.
    case ios16

    /// The platform of a catalog that names none: the phones and builds of today.
    public static let `default` = Platform.ios17

    /// The words the docs site uses for the platform, after the client's.
    public var summary: String {
        switch self {
        case .ios17: "in an app linked on or after iOS 17, on iOS 17 or later"
        case .ios16: "in a build linked before iOS 17, or on a phone before it"
        }
    }

    /// Where this platform's answer holds, to begin a sentence about it ("on builds before
    /// iOS 17 this opens only the app").
    public var whereItHolds: String {
        switch self {
        case .ios17: "from iOS 17"
        case .ios16: "on builds before iOS 17"
        }
    }

    /// The other platform: the one a rendering is compared with.
    public var other: Platform { self == .ios17 ? .ios16 : .ios17 }
}
