import ChoosyCore
import ChoosySyntax
import Foundation

/// What the system's `URLWithString:` makes of the text a client hands it, on each platform:
/// the last step of every client (docs/url.md, "Validity"). The character tables are data
/// (`allowedCharacters`, `urlCharacters`), so the docs site's script can be made from them.
public enum SystemURLParsing {
    /// What the system returns for a text.
    public enum Result: Sendable, Equatable {
        /// A URL: the text as it is.
        case url
        /// A URL after the system percent-encoded (or IDNA-encoded) parts of the text
        /// (`ios17`): `url` is what the app receives; `reason` completes "the rendered text …".
        case encoded(url: String, reason: String)
        /// No URL (nil): the client opens only the app; `reason` completes "the rendered text …".
        case noURL(reason: String)
    }

    /// The parts of a URL `ios17` checks and encodes, each with its own characters
    /// (RFC 3986's grammar).
    public enum Part: String, CaseIterable, Sendable {
        case scheme
        /// User and password, and the address inside an IP literal's brackets.
        case userInfo
        /// A host name (RFC 3986's reg-name).
        case host
        /// An IPv6 zone ID after `%25` inside an IP literal.
        case zoneID
        case path
        /// The first segment of a path without a scheme, where a `:` would read as one.
        case pathFirstSegment
        /// The query and the fragment.
        case query
    }

    private static let alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    private static let digits = "0123456789"
    private static let unreserved = PercentEncoding.unreservedCharacters
    private static let subDelimiters = "!$&'()*+,;="

    /// The characters each part may hold as they are, besides `%` and two hexadecimal digits
    /// (which the scheme may not hold); everything else `ios17` percent-encodes.
    public static let allowedCharacters: [Part: String] = [
        .scheme: alpha + digits + "+-.",
        .userInfo: unreserved + subDelimiters + ":",
        .host: unreserved + subDelimiters,
        .zoneID: unreserved,
        .path: unreserved + subDelimiters + ":@/",
        .pathFirstSegment: unreserved + subDelimiters + "@/",
        .query: unreserved + subDelimiters + ":@/?",
    ]

    /// The characters a URL may hold under `ios16`: RFC 3986's unreserved and reserved ones, and
    /// `%` when two hexadecimal digits follow it.
    public static let urlCharacters = unreserved + ":/?#[]@" + subDelimiters + "%"

    /// The schemes whose invalid hosts `ios17` percent-encodes rather than IDNA-encodes.
    public static let schemesWithPercentEncodedHosts: Set<String> = [
        "tel", "telemergencycall", "telprompt", "callto", "facetime", "facetime-prompt", "facetime-audio",
        "facetime-audio-prompt", "imap", "pop", "addressbook", "contact", "phasset",
    ]

    /// The scheme whose port may be anything (and is dropped when it is no number).
    public static let schemeWithAnyPort = "addressbook"

    private static let sets: [Part: ASCIISet] = allowedCharacters.mapValues(ASCIISet.init)
    private static let urlCharacterSet = ASCIISet(urlCharacters)

    /// What `URLWithString:` returns for `text` on `platform`. The empty text is an (empty) URL
    /// on both: the client is Objective-C, and only Swift's `URL(string:)` refuses it.
    public static func parse(_ text: String, on platform: Platform) -> Result {
        switch platform {
        case .ios16: parseBeforeIOS17(Array(text.utf8))
        case .ios17: parseFromIOS17(Array(text.utf8))
        }
    }

    // MARK: ios16

    private static func parseBeforeIOS17(_ bytes: [UInt8]) -> Result {
        var sawHash = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard urlCharacterSet.contains(byte) else {
                return .noURL(reason: "holds \(describe(byte)), which no URL may contain")
            }
            if byte == UInt8(ascii: "%"), !startsPercentEncodedByte(bytes[...], at: index) {
                return .noURL(reason: "holds a '%' that two hexadecimal digits do not follow")
            }
            if byte == UInt8(ascii: "#") {
                if sawHash { return .noURL(reason: "holds a second '#'") }
                sawHash = true
            }
            index += 1
        }
        return .url
    }

    // MARK: ios17

    /// The parts of a text as `ios17` cuts it, as ranges of its bytes; nil for a part the text
    /// does not have (the path always exists).
    private struct Parts {
        var scheme: Range<Int>?
        var user: Range<Int>?
        var password: Range<Int>?
        var host: Range<Int>?
        var port: Range<Int>?
        var path = 0..<0
        var query: Range<Int>?
        var fragment: Range<Int>?
        var isIPLiteral = false

        var hasAuthority: Bool { user != nil || password != nil || host != nil || port != nil }
        /// The path, as the other parts are read.
        var pathPart: Range<Int>? { path }
    }

    /// The parts `ios17` checks and encodes alike (the host is checked on its own), in the
    /// URL's order, each named as a reason names it.
    private enum CheckedPart: String, CaseIterable {
        case user, password, path, query, fragment

        var range: KeyPath<Parts, Range<Int>?> {
            switch self {
            case .user: \.user
            case .password: \.password
            case .path: \.pathPart
            case .query: \.query
            case .fragment: \.fragment
            }
        }

        var allowed: Part {
            switch self {
            case .user, .password: .userInfo
            case .path: .path
            case .query, .fragment: .query
            }
        }
    }

    /// The first byte of each checked part of `bytes` that the part may not hold; a part that
    /// holds none, or that the text does not have, is absent.
    private static func invalidBytes(_ bytes: [UInt8], _ parts: Parts) -> [CheckedPart: UInt8] {
        var invalid: [CheckedPart: UInt8] = [:]
        for checked in CheckedPart.allCases {
            if let range = parts[keyPath: checked.range], let byte = firstInvalidByte(in: bytes[range], checked.allowed) {
                invalid[checked] = byte
            }
        }
        return invalid
    }

    /// Why a text cannot be cut into parts at all.
    private struct Unparseable: Error {
        let reason: String
    }

    private static func parseFromIOS17(_ bytes: [UInt8]) -> Result {
        let parts: Parts
        do {
            parts = try cut(bytes)
        } catch {
            return .noURL(reason: error.reason)
        }
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        let invalid = invalidBytes(bytes, parts)
        let hostValid = parts.host.map { isValidHost(bytes[$0], isIPLiteral: parts.isIPLiteral) } ?? true
        guard !hostValid || !invalid.isEmpty else { return .url }
        // The reason names the first part, in the URL's order, with a byte it may not hold.
        let firstInvalid = CheckedPart.allCases.lazy.compactMap { checked in invalid[checked].map { (checked, $0) } }.first
        var reason = firstInvalid.map { "holds \(describe($0.1)) in its \($0.0.rawValue), which the system percent-encodes" } ?? ""

        var url: [UInt8] = []
        func append(_ range: Range<Int>, valid: Bool, _ part: Part) {
            if valid {
                url += bytes[range]
            } else {
                PercentEncoding.append(text(range), to: &url) { sets[part]!.contains($0) }
            }
        }
        if let scheme = parts.scheme { url += bytes[scheme] + [UInt8(ascii: ":")] }
        if parts.hasAuthority { url += Array("//".utf8) }
        if let user = parts.user {
            append(user, valid: invalid[.user] == nil, .userInfo)
            if let password = parts.password {
                url.append(UInt8(ascii: ":"))
                append(password, valid: invalid[.password] == nil, .userInfo)
            }
            url.append(UInt8(ascii: "@"))
        }
        if let host = parts.host, !hostValid {
            let percentEncodes = parts.isIPLiteral || looksLikeIPLiteral(bytes[host])
                || parts.scheme.map { schemesWithPercentEncodedHosts.contains(text($0).lowercased()) } ?? false
            if percentEncodes {
                guard let encoded = percentEncodedHost(bytes[host]) else {
                    return .noURL(reason: "has the IP literal '\(text(host))', which is invalid even percent-encoded")
                }
                url += encoded
            } else if let encoded = idnaEncoded(text(host)), isValidHost(encoded[...], isIPLiteral: false) {
                url += encoded
            } else {
                return .noURL(reason: "has the host '\(text(host))', which is no host name even IDNA-encoded")
            }
            reason = "has the host '\(text(host))', which the system \(percentEncodes ? "percent" : "IDNA")-encodes"
        } else if let host = parts.host {
            url += bytes[host]
        }
        // The port is written back as a number: leading zeros go, and so does a port that is no
        // number (`addressbook:` takes any) or none.
        if let port = parts.port, let number = Int(text(port)) { url += Array(":\(number)".utf8) }
        if invalid[.path] == nil {
            url += bytes[parts.path]
        } else {
            // The first segment of a path keeps no ':' as it is, where one would read as a scheme.
            let path = parts.path
            let slash = bytes[path].firstIndex(of: UInt8(ascii: "/")) ?? path.upperBound
            append(path.lowerBound..<slash, valid: false, .pathFirstSegment)
            append(slash..<path.upperBound, valid: false, .path)
        }
        if let query = parts.query {
            url.append(UInt8(ascii: "?"))
            append(query, valid: invalid[.query] == nil, .query)
        }
        if let fragment = parts.fragment {
            url.append(UInt8(ascii: "#"))
            append(fragment, valid: invalid[.fragment] == nil, .query)
        }
        // The system checks what it wrote, which an IP literal can still fail.
        guard let written = try? cut(url), invalidBytes(url, written).isEmpty,
              written.host.map({ isValidHost(url[$0], isIPLiteral: written.isIPLiteral) }) ?? true
        else {
            return .noURL(reason: "is no URL even once the system encodes it")
        }
        return .encoded(url: String(decoding: url, as: UTF8.self), reason: reason)
    }

    /// Cuts `bytes` into a URL's parts as `ios17` does, before any part is checked; throws
    /// when the scheme or the port is invalid, or text follows an IP literal.
    private static func cut(_ bytes: [UInt8]) throws(Unparseable) -> Parts {
        var parts = Parts()
        var index = 0
        // A scheme ends at the first ':' that comes before any '/', '?', '#', '[', ']' or '@'; it
        // may be empty (`:x`).
        if let colon = bytes.firstIndex(where: { ":/?#[]@".utf8.contains($0) }), bytes[colon] == UInt8(ascii: ":") {
            let scheme = 0..<colon
            guard scheme.isEmpty || (bytes[0] >= UInt8(ascii: "A") && bytes[scheme].allSatisfy(sets[.scheme]!.contains)) else {
                throw Unparseable(reason: "has the scheme '\(String(decoding: bytes[scheme], as: UTF8.self))', which is not a letter followed by letters, digits, '+', '-' and '.'")
            }
            parts.scheme = scheme
            index = colon + 1
        }
        if bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let start = index + 2
            let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            try cutAuthority(bytes, start..<end, into: &parts)
            index = end
        }
        let pathEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        parts.path = index..<pathEnd
        guard pathEnd < bytes.count else { return parts }
        let hash = bytes[(pathEnd + 1)...].firstIndex(of: UInt8(ascii: "#"))
        if bytes[pathEnd] == UInt8(ascii: "?") {
            parts.query = (pathEnd + 1)..<(hash ?? bytes.count)
            parts.fragment = hash.map { ($0 + 1)..<bytes.count }
        } else {
            parts.fragment = (pathEnd + 1)..<bytes.count
        }
        return parts
    }

    /// `[user[:password]@]host[:port]`: the user info ends at the last '@', the host at the first
    /// ':' after it, or after the ']' of an IP literal.
    private static func cutAuthority(_ bytes: [UInt8], _ authority: Range<Int>, into parts: inout Parts) throws(Unparseable) {
        guard !authority.isEmpty else {
            parts.host = authority
            return
        }
        var hostStart = authority.lowerBound
        var hostEnd = authority.upperBound
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) {
            if let colon = bytes[authority.lowerBound..<at].firstIndex(of: UInt8(ascii: ":")) {
                parts.user = authority.lowerBound..<colon
                parts.password = (colon + 1)..<at
            } else {
                parts.user = authority.lowerBound..<at
            }
            hostStart = at + 1
        }
        if hostStart < authority.upperBound, bytes[hostStart] == UInt8(ascii: "["),
           let close = bytes[hostStart..<authority.upperBound].firstIndex(of: UInt8(ascii: "]"))
        {
            parts.isIPLiteral = true
            hostEnd = close + 1
            if hostEnd < authority.upperBound {
                guard bytes[hostEnd] == UInt8(ascii: ":") else {
                    throw Unparseable(reason: "has text after the IP literal '\(String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self))' other than a port")
                }
                // Even an empty port is a port here, unlike after a host name.
                parts.port = (hostEnd + 1)..<authority.upperBound
            }
        } else if let colon = bytes[hostStart..<authority.upperBound].firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
            if colon + 1 < authority.upperBound { parts.port = (colon + 1)..<authority.upperBound }
        }
        parts.host = hostStart..<hostEnd
        if let port = parts.port, !bytes[port].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            let scheme = parts.scheme.map { String(decoding: bytes[$0], as: UTF8.self).lowercased() }
            guard scheme == schemeWithAnyPort else {
                throw Unparseable(reason: "has the port '\(String(decoding: bytes[port], as: UTF8.self))', which is not a number")
            }
        }
    }

    /// The first byte of `bytes` that `part` does not allow, a `%` that does not start `%XX`
    /// included; nil when `part` may hold them all.
    private static func firstInvalidByte(in bytes: ArraySlice<UInt8>, _ part: Part) -> UInt8? {
        let allowed = sets[part]!
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                // The digits of a `%XX` are letters and digits, which every part allows.
                if !startsPercentEncodedByte(bytes, at: index) { return byte }
            } else if !allowed.contains(byte) {
                return byte
            }
        }
        return nil
    }

    private static func isValidHost(_ host: ArraySlice<UInt8>, isIPLiteral: Bool) -> Bool {
        guard isIPLiteral || looksLikeIPLiteral(host) else { return firstInvalidByte(in: host, .host) == nil }
        let inner = host.dropFirst().dropLast()
        guard let percent = inner.firstIndex(of: UInt8(ascii: "%")) else {
            return inner.allSatisfy(sets[.userInfo]!.contains)
        }
        // A zone ID follows its delimiter, written `%25`.
        guard inner[percent...].starts(with: "%25".utf8) else { return false }
        return inner[..<percent].allSatisfy(sets[.userInfo]!.contains) && firstInvalidByte(in: inner[(percent + 3)...], .zoneID) == nil
    }

    private static func looksLikeIPLiteral(_ host: ArraySlice<UInt8>) -> Bool {
        host.count >= 2 && host.first == UInt8(ascii: "[") && host.last == UInt8(ascii: "]")
    }

    /// A host in brackets with only its zone ID (from the `%` on) percent-encoded, or any other
    /// host percent-encoded whole; nil for an IP literal invalid without its zone ID.
    private static func percentEncodedHost(_ host: ArraySlice<UInt8>) -> [UInt8]? {
        let text = { (bytes: ArraySlice<UInt8>) in String(decoding: bytes, as: UTF8.self) }
        var encoded: [UInt8] = []
        guard looksLikeIPLiteral(host) else {
            PercentEncoding.append(text(host), to: &encoded) { sets[.host]!.contains($0) }
            return encoded
        }
        guard let percent = host.firstIndex(of: UInt8(ascii: "%")) else {
            return isValidHost(host, isIPLiteral: true) ? Array(host) : nil
        }
        encoded += host[..<percent]
        PercentEncoding.append(text(host[percent..<(host.endIndex - 1)]), to: &encoded) { sets[.zoneID]!.contains($0) }
        encoded.append(UInt8(ascii: "]"))
        return encoded
    }

    /// `host` IDNA-encoded (UTS #46, `xn--` labels) as the system does it; nil when it cannot
    /// be. Foundation's own conversion, since it is ICU's and its tables are Unicode's: the
    /// host is handed to `URL(string:)` on its own, where it comes back encoded.
    private static func idnaEncoded(_ host: String) -> [UInt8]? {
        let prefix = "x://"
        guard let url = URL(string: prefix + host + "/")?.absoluteString, url.hasPrefix(prefix), url.hasSuffix("/") else { return nil }
        return Array(url.utf8.dropFirst(prefix.utf8.count).dropLast())
    }

    /// Whether the `%` at `index` of `bytes` has two hexadecimal digits after it.
    private static func startsPercentEncodedByte(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.endIndex && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"): true
        default: false
        }
    }

    /// A byte as the reasons name it.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): "a space"
        case 0x80...: "non-ASCII text"
        case 0..<0x20, 0x7F: "a control character"
        default: "'\(Character(Unicode.Scalar(byte)))'"
        }
    }
}
