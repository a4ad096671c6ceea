import ChoosyCore

/// RFC 3986's grammar, as far as the catalog needs it: what a scheme is, and the first place
/// where a `url_format` stops being an absolute URI
/// (`scheme ":" hier-part ["?" query] ["#" fragment]`).
public enum URISyntax {
    /// Where and why a `url_format` is not a URI; `range` counts Unicode scalars.
    public struct Violation: Sendable, Equatable {
        public let range: Range<Int>
        public let message: String
        public let hint: String?
    }

    /// The words of violations, here and, with placeholders for their values, in the docs
    /// site's editor page.
    public enum Words {
        public static let noScheme = "the URL has no scheme; an absolute URL starts with one, such as 'tweetbot:'"
        public static let noSchemeHint = "start it with the app's scheme and a colon"
        public static let emptyScheme = "the URL's scheme is empty: it starts with ':'"
        public static let emptySchemeHint = "start it with the app's scheme, such as 'tweetbot:'"
        public static func schemeStart(_ character: String) -> String { "a scheme must start with a letter, not '\(character)'" }
        public static let schemeHint = "a scheme is a letter followed by letters, digits, '+', '-' and '.'"
        public static let unclosedIPLiteral = "the IP literal opened by '[' is never closed"
        public static let unclosedIPLiteralHint = "close it with ']'"
        public static func strayPercent(part: String) -> String {
            "'%' in the \(part) must start a percent-encoded byte: '%' and two hexadecimal digits"
        }
        public static let strayPercentHint = "write '%25' for a literal percent sign"
        /// A character as a message names it: a space in words, any other in quotes.
        public static func shown(_ character: String) -> String { character == " " ? "a space" : "'\(character)'" }
        public static func notAllowed(_ shown: String, part: String) -> String { "\(shown) is not allowed in the \(part) of a URL (RFC 3986)" }
        public static func percentEncode(as encoded: String) -> String { "percent-encode it as '\(encoded)'" }
        public static let portHint = "a port is a number"
        /// What follows the message when neither platform makes a URL of the format.
        public static let noURLOnAnyPlatform = ": the client gets no URL and opens only the app"
        /// A platform's sentence, `place` its `whereItHolds`.
        public static func encodes(_ place: String) -> String { "\(place) the system encodes it and the app gets the encoded URL" }
        public static func noURL(_ place: String) -> String { "\(place) the client gets no URL and opens only the app" }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    /// Checked on UTF-8 bytes: every character a scheme allows is ASCII, and no byte of another
    /// scalar is, so the answer is the same without decoding scalars.
    public static func isScheme(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isScheme(bytes:)) ?? isScheme(bytes: Array(text.utf8))
    }

    private static func isScheme(bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isAlpha(Unicode.Scalar(first)) else { return false }
        return bytes.allSatisfy { isSchemeCharacter(Unicode.Scalar($0)) }
    }

    /// The scheme name `text` starts with (`tweetbot` for `tweetbot://x`); nil when it does not
    /// start with a scheme and a colon.
    ///
    /// The colon is looked for among the bytes (a search by `Character` cost 4 000 instructions
    /// a call). It must still be a `Character` of its own, as that search required: a colon
    /// joined to a mark after it is not one, and then any later colon has a colon before it.
    public static func schemeName(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")), isScheme(text[..<colon]), text[colon...].first == ":" else {
            return nil
        }
        return String(text[..<colon])
    }

    /// The first violation of the grammar in `format`, each placeholder standing for a sample
    /// value that is valid where it stands, with what it makes the system do on each platform;
    /// nil when the format is a URI, or is one placeholder (the whole URL is a parameter).
    public static func firstViolation(in format: URLFormat) -> Violation? {
        if format.isWholePlaceholder { return nil }
        return firstGrammarViolation(in: format).map { violation in
            Violation(range: violation.range, message: violation.message + consequence(for: format), hint: violation.hint)
        }
    }

    /// What the system makes of `format` on each platform where that is not simply a URL: the
    /// format with its placeholders empty (a value valid wherever it stands) as
    /// `SystemURLParsing` takes it; "" when both platforms take it as it is.
    private static func consequence(for format: URLFormat) -> String {
        var bytes: [UInt8] = []
        var index = 0
        for placeholder in format.placeholders {
            bytes += format.scalars.utf8(of: index..<placeholder.range.lowerBound)
            index = placeholder.range.upperBound
        }
        bytes += format.scalars.utf8(of: index..<format.scalars.count)
        let text = String(decoding: bytes, as: UTF8.self)
        let effects = Platform.allCases.map { platform in (platform, SystemURLParsing.parse(text, on: platform)) }
        if effects.allSatisfy({ if case .noURL = $0.1 { true } else { false } }) {
            return Words.noURLOnAnyPlatform
        }
        let sentences = effects.compactMap { platform, result -> String? in
            switch result {
            case .url: nil
            case .encoded: Words.encodes(platform.whereItHolds)
            case .noURL: Words.noURL(platform.whereItHolds)
            }
        }
        return sentences.isEmpty ? "" : ": " + sentences.joined(separator: "; ")
    }

    private static func firstGrammarViolation(in format: URLFormat) -> Violation? {
        guard let scheme = format.schemeRange else {
            return Violation(
                range: 0..<min(1, format.scalars.count), message: Words.noScheme, hint: Words.noSchemeHint)
        }
        if let violation = checkScheme(scheme, in: format) { return violation }
        let hierPart = format.hierPartRange
        var pathStart = hierPart.lowerBound
        if hierPart.count >= 2, format.scalars[hierPart.lowerBound] == "/", format.scalars[hierPart.lowerBound + 1] == "/" {
            let authorityStart = hierPart.lowerBound + 2
            let authorityEnd = format.firstLiteral("/", in: authorityStart..<hierPart.upperBound) ?? hierPart.upperBound
            if let violation = checkAuthority(authorityStart..<authorityEnd, in: format) { return violation }
            pathStart = authorityEnd
        }
        return check(pathStart..<hierPart.upperBound, in: format, part: "path") { isPathCharacter($0) || $0 == "/" }
            ?? format.queryRange.flatMap { check($0, in: format, part: "query", allows: isQueryCharacter) }
            ?? format.fragmentRange.flatMap { check($0, in: format, part: "fragment", allows: isQueryCharacter) }
    }

    private static func checkScheme(_ scheme: Range<Int>, in format: URLFormat) -> Violation? {
        guard !scheme.isEmpty else {
            return Violation(range: 0..<1, message: Words.emptyScheme, hint: Words.emptySchemeHint)
        }
        if format.placeholder(startingAt: 0) == nil, !isAlpha(format.scalars[0]) {
            return Violation(range: 0..<1, message: Words.schemeStart(String(format.scalars[0])), hint: Words.schemeHint)
        }
        return check(scheme, in: format, part: "scheme", allowsPercentEncoding: false, hint: Words.schemeHint, allows: isSchemeCharacter)
    }

    /// `[ userinfo "@" ] host [ ":" port ]`, host a reg-name or an IP literal in brackets.
    private static func checkAuthority(_ authority: Range<Int>, in format: URLFormat) -> Violation? {
        var hostStart = authority.lowerBound
        if let at = format.firstLiteral("@", in: authority) {
            if let violation = check(authority.lowerBound..<at, in: format, part: "user info", allows: { isUnreservedOrSubDelimiter($0) || $0 == ":" }) {
                return violation
            }
            hostStart = at + 1
        }
        var hostEnd = format.firstLiteral(":", in: hostStart..<authority.upperBound) ?? authority.upperBound
        if hostStart < authority.upperBound, format.scalars[hostStart] == "[" {
            guard let close = format.firstLiteral("]", in: hostStart..<authority.upperBound) else {
                return Violation(range: hostStart..<(hostStart + 1), message: Words.unclosedIPLiteral, hint: Words.unclosedIPLiteralHint)
            }
            // IPv6 and IPvFuture both stay within these characters; their finer grammar is no
            // concern of a URL scheme catalog.
            if let violation = check((hostStart + 1)..<close, in: format, part: "IP literal", allowsPercentEncoding: false, allows: { isUnreservedOrSubDelimiter($0) || $0 == ":" }) {
                return violation
            }
            hostEnd = close + 1
            if hostEnd < authority.upperBound, format.scalars[hostEnd] != ":" {
                return violation(at: hostEnd, in: format, part: "host")
            }
        } else if let violation = check(hostStart..<hostEnd, in: format, part: "host", allows: isUnreservedOrSubDelimiter) {
            return violation
        }
        guard hostEnd < authority.upperBound else { return nil }
        return check((hostEnd + 1)..<authority.upperBound, in: format, part: "port", allowsPercentEncoding: false, hint: Words.portHint) { isDigit($0) }
    }

    /// The first scalar of `range` outside placeholders that `allows` rejects, or a `%` that
    /// does not start a percent-encoded byte.
    private static func check(
        _ range: Range<Int>, in format: URLFormat, part: String, allowsPercentEncoding: Bool = true,
        hint: String? = nil, allows: (Unicode.Scalar) -> Bool
    ) -> Violation? {
        let scalars = format.scalars
        var found: Violation?
        format.forEachLiteral(in: range) { index in
            let scalar = scalars[index]
            if scalar == "%", allowsPercentEncoding {
                guard index + 2 < range.upperBound, isHexDigit(scalars[index + 1]), isHexDigit(scalars[index + 2]),
                      format.placeholder(startingAt: index + 1) == nil, format.placeholder(startingAt: index + 2) == nil else {
                    found = Violation(range: index..<(index + 1), message: Words.strayPercent(part: part), hint: Words.strayPercentHint)
                    return nil
                }
                return index + 3
            }
            guard allows(scalar) else {
                found = violation(at: index, in: format, part: part, hint: hint)
                return nil
            }
            return index + 1
        }
        return found
    }

    private static func violation(at index: Int, in format: URLFormat, part: String, hint: String? = nil) -> Violation {
        let scalar = format.scalars[index]
        return Violation(
            range: index..<(index + 1), message: Words.notAllowed(Words.shown(String(scalar)), part: part),
            hint: hint ?? Words.percentEncode(as: percentEncoded(scalar)))
    }

    /// Every byte of `scalar` encoded: it is not allowed where it stands, whatever it is.
    private static func percentEncoded(_ scalar: Unicode.Scalar) -> String {
        PercentEncoding.encoded(String(scalar), keeping: { _ in false })
    }

    private static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isAlpha(scalar) || isDigit(scalar) || scalar == "+" || scalar == "-" || scalar == "."
    }

    private static func isUnreservedOrSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=": true
        default: false
        }
    }

    /// `pchar` without `pct-encoded`, which `check` handles.
    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isUnreservedOrSubDelimiter(scalar) || scalar == ":" || scalar == "@"
    }

    /// What a query and a fragment may hold besides percent-encoded bytes.
    private static func isQueryCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isPathCharacter(scalar) || scalar == "/" || scalar == "?"
    }
}
