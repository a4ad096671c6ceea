/// Renders a `url_format` exactly as the shipped Choosy iOS client (0.6.x) does, step for step
/// (docs/url.md, "The shipped client"): cut at `?`, fill by text replacement with lenient
/// escaping, split the query at `&` and `=`, drop empty values, crash on a component without
/// `=`, and fall back to the app's scheme when the result is not a valid URL. The docs site's
/// JavaScript port follows the same steps.
enum ShippedURLRenderer {
    static func render(_ format: String, parameterKeys: [String], with values: [String: String], appURLScheme: String?) -> ClientRendering {
        let pieces = split(Array(format.utf8), at: UInt8(ascii: "?"))
        var warnings: [URLWarning] = []
        if pieces.count > 2 {
            let lost = pieces[2...].map { "?" + String(decoding: $0, as: UTF8.self) }.joined()
            warnings.append(URLWarning(
                code: "text-lost",
                message: "the client keeps the query only up to the second '?': '\(lost)' is lost"))
        }
        let filler = Filler(parameterKeys: parameterKeys, values: values)
        let base = pieces[0]
        var url = filler.fill(base)
        warnings += filler.pathWarnings(in: base)
        var dropped: [String] = []
        if pieces.count > 1 {
            var kept: [[UInt8]] = []
            for component in split(pieces[1], at: UInt8(ascii: "&")) {
                let parts = split(component, at: UInt8(ascii: "="))
                guard parts.count >= 2 else {
                    let text = String(decoding: component, as: UTF8.self)
                    let what = text.isEmpty ? "an empty query component" : "the query component '\(text)'"
                    return ClientRendering(
                        outcome: .crash, url: nil, rendered: nil, dropped: [],
                        warnings: warnings + [URLWarning(
                            code: "crash",
                            message: "\(what) has no '=': the client raises an exception splitting it and the host app crashes")])
                }
                if parts.count > 2 {
                    let lost = parts[2...].map { "=" + String(decoding: $0, as: UTF8.self) }.joined()
                    warnings.append(URLWarning(
                        code: "text-lost",
                        message: "the client keeps a query component only up to its second '=': '\(lost)' of '\(String(decoding: component, as: UTF8.self))' is lost"))
                }
                let value = filler.fill(parts[1])
                if value.isEmpty {
                    for key in filler.keys(in: parts[1]) where !dropped.contains(key) { dropped.append(key) }
                } else {
                    kept.append(parts[0] + [UInt8(ascii: "=")] + value)
                    warnings += filler.queryWarnings(in: parts[1])
                }
            }
            if !kept.isEmpty {
                url.append(UInt8(ascii: "?"))
                url += Array(kept.joined(separator: [UInt8(ascii: "&")]))
            }
        }
        let rendered = String(decoding: url, as: UTF8.self)
        if let invalid = url.first(where: { !isURLByte($0) }) {
            warnings.append(URLWarning(
                code: "invalid-url",
                message: "the rendered text '\(rendered)' holds \(describe(invalid)), which no URL may contain: the client opens the app only"))
            // Nothing of the rendering reaches the app, so nothing of it was dropped either.
            return ClientRendering(outcome: .app, url: appURLScheme, rendered: rendered, dropped: [], warnings: warnings)
        }
        return ClientRendering(outcome: .url, url: rendered, rendered: rendered, dropped: dropped, warnings: warnings)
    }

    /// Fills pieces of a format: every `{{key}}` of a declared parameter, one key after the
    /// other in the type's order, replaced by the escaped value or by nothing.
    private struct Filler {
        let parameterKeys: [String]
        let values: [String: String]

        func fill(_ text: [UInt8]) -> [UInt8] {
            var text = text
            for key in parameterKeys where text.count >= key.utf8.count + 4 {
                text = PlaceholderBytes.replacing(PlaceholderBytes.placeholder(key), with: escaped(values[key] ?? ""), in: text)
            }
            return text
        }

        /// The declared keys whose placeholders `text` holds, in order of first appearance.
        func keys(in text: [UInt8]) -> [String] {
            parameterKeys.compactMap { key in
                PlaceholderBytes.ranges(of: PlaceholderBytes.placeholder(key), in: text).first.map { (key, $0.lowerBound) }
            }.sorted { $0.1 < $1.1 }.map(\.0)
        }

        /// Values filled into a query value that hold a delimiter the client leaves as is.
        func queryWarnings(in value: [UInt8]) -> [URLWarning] {
            keys(in: value).compactMap { key in
                let delimiters = (values[key] ?? "").unicodeScalars.filter { "&=?".unicodeScalars.contains($0) }
                guard let first = delimiters.first else { return nil }
                return URLWarning(
                    code: "value-splits-query",
                    message: "the value of '\(key)' holds '\(first)', which the client does not escape: the app reads the query differently from the value passed")
            }
        }

        /// Values filled into the base that hold a delimiter the client leaves as is (`?`
        /// anywhere, `/` in a path segment), and path segments left empty.
        func pathWarnings(in base: [UInt8]) -> [URLWarning] {
            // A value at the very start is the URL's beginning (`{{url}}`), where '/' and '?' belong.
            let inside = keys(in: base).filter { key in
                PlaceholderBytes.ranges(of: PlaceholderBytes.placeholder(key), in: base).contains { $0.lowerBound > 0 }
            }
            let splits = inside.compactMap { key -> URLWarning? in
                // Scalars, not characters: a '?' followed by a combining mark is still a '?' to the app.
                let value = (values[key] ?? "").unicodeScalars
                let delimiter: Character? = if value.contains("?") {
                    "?"
                } else if value.contains("/"), PlaceholderBytes.occurs(key, in: base, after: UInt8(ascii: "/")) {
                    "/"
                } else {
                    nil
                }
                return delimiter.map {
                    URLWarning(
                        code: "value-splits-path",
                        message: "the value of '\(key)' holds '\($0)', which the client does not escape: the app reads the path differently from the value passed")
                }
            }
            return splits + URLWarning.emptyPathSegments(in: base, parameterKeys: parameterKeys, values: values)
        }
    }

    /// The pieces of `bytes` between every `separator`, empty ones included.
    private static func split(_ bytes: [UInt8], at separator: UInt8) -> [[UInt8]] {
        bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
    }

    /// `value`'s UTF-8 with every byte outside the client's lenient set written `%XX`.
    static func escaped(_ value: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        URLRenderer.appendPercentEncoded(value, to: &bytes, keeping: isLeftAsIs)
        return bytes
    }

    /// RFC 3986's unreserved characters and the reserved ones the client does not escape.
    private static func isLeftAsIs(_ byte: UInt8) -> Bool {
        URLRenderer.isUnreserved(byte) || "!$&'()*+,/:;=?@".utf8.contains(byte)
    }

    /// A character a URL may hold: unreserved, reserved or `%`.
    static func isURLByte(_ byte: UInt8) -> Bool {
        URLRenderer.isUnreserved(byte) || ":/?#[]@!$&'()*+,;=%".utf8.contains(byte)
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): "a space"
        case 0x80...: "non-ASCII text"
        case 0..<0x20, 0x7F: "a control character"
        default: "'\(Character(Unicode.Scalar(byte)))'"
        }
    }
}
