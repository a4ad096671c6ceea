import ChoosyCore

/// Fills a `url_format` with parameter values as the `rfc3986` client profile does (a client
/// that fixes 0.6.x; `ShippedURLRenderer` is the shipped one); docs/url.md states the
/// algorithm, and the docs site's JavaScript port must follow it step for step.
public enum URLRenderer {
    /// A rendered URL and the parameters whose query components were dropped for being empty.
    public struct Rendering: Sendable, Equatable {
        public let url: String
        /// The parameters of the dropped components, in order of appearance, each once.
        public let dropped: [String]
    }

    /// Renders `format` with `values` (by parameter key; a missing key is an empty value).
    ///
    /// 1. A format that is exactly one `{{name}}` is the caller's whole URL: the value as given,
    ///    unencoded (encoding would turn `https://x` into `https%3A%2F%2Fx`).
    /// 2. The format is cut as `URLFormat` cuts it: the fragment starts at the first `#`, the
    ///    query at the first `?` before it; both marks are outside placeholders.
    /// 3. Before the `?`, and in the fragment, each `{{name}}` becomes the encoded value.
    /// 4. In the query, each `&`-separated component is filled the same way and kept when it
    ///    has no `{{name}}`, or when its value (after the first `=`, or the whole component
    ///    without `=`) is not empty; the kept ones are joined with `&`, and the `?` is dropped
    ///    when none is left.
    /// Only well-formed `{{name}}` placeholders are filled; malformed or old-style ones are
    /// literal text, as the client leaves them (lint reports them).
    public static func render(_ format: URLFormat, with values: [String: String]) -> Rendering {
        if format.isWholePlaceholder, let name = format.placeholders[0].parameterName {
            return Rendering(url: values[name] ?? "", dropped: [])
        }
        // The URL is written as bytes, each component where it goes, and taken back when it is
        // dropped: a string per part, an array of kept components and a join were most of it.
        var url: [UInt8] = []
        url.reserveCapacity(format.text.utf8.count)
        fill(format, 0..<format.hierPartRange.upperBound, with: values, into: &url)
        var dropped: [String] = []
        var droppedNames: Set<String> = []
        var separator = UInt8(ascii: "?")
        for component in format.queryComponents {
            let start = url.count
            url.append(separator)
            var valueStart = url.count
            if let nameRange = component.nameRange {
                // The `=` after the name is outside every placeholder, so no placeholder spans
                // the two parts.
                fill(format, component.range.lowerBound..<(nameRange.upperBound + 1), with: values, into: &url)
                valueStart = url.count
                fill(format, (nameRange.upperBound + 1)..<component.range.upperBound, with: values, into: &url)
            } else {
                fill(format, component.range, with: values, into: &url)
            }
            if url.count > valueStart || !component.placeholders.contains(where: { $0.parameterName != nil }) {
                separator = UInt8(ascii: "&")
            } else {
                url.removeSubrange(start...)
                for case let name? in component.placeholders.lazy.map(\.parameterName) where droppedNames.insert(name).inserted {
                    dropped.append(name)
                }
            }
        }
        if let fragment = format.fragmentRange {
            url.append(UInt8(ascii: "#"))
            fill(format, fragment, with: values, into: &url)
        }
        return Rendering(url: String(decoding: url, as: UTF8.self), dropped: dropped)
    }

    /// Renders the text of a `url_format`, cut with the app type's `parameterKeys`.
    public static func render(_ format: String, with values: [String: String], parameterKeys: Set<String> = []) -> Rendering {
        render(URLFormat(format, parameterKeys: parameterKeys), with: values)
    }

    /// `value` as this client encodes it: every byte outside RFC 3986's unreserved characters
    /// written `%XX`, so that a value can never end its component, segment or query early.
    public static func percentEncode(_ value: String) -> String {
        PercentEncoding.encoded(value, keeping: PercentEncoding.unreserved.contains)
    }

    /// Appends the UTF-8 of `range`, each well-formed placeholder replaced by its encoded
    /// value. A placeholder that runs past the range's end is text; the text between
    /// placeholders is copied a run at a time (a scalar at a time was most of rendering a URL).
    private static func fill(_ format: URLFormat, _ range: Range<Int>, with values: [String: String], into bytes: inout [UInt8]) {
        var index = range.lowerBound
        let placeholders = format.placeholders
        var next = URLFormat.firstPlaceholder(in: placeholders, startingAtOrAfter: index)
        while next < placeholders.count, placeholders[next].range.upperBound <= range.upperBound {
            let token = placeholders[next]
            bytes += format.scalars.utf8(of: index..<token.range.lowerBound)
            if let name = token.parameterName {
                PercentEncoding.append(values[name] ?? "", to: &bytes, keeping: PercentEncoding.unreserved.contains)
            } else {
                bytes += format.scalars.utf8(of: token.range)
            }
            index = token.range.upperBound
            next += 1
        }
        bytes += format.scalars.utf8(of: index..<range.upperBound)
    }
}
