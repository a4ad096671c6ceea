import ChoosyCore

/// Renders a `url_format` exactly as the shipped Choosy iOS client (0.6.x) does, step for step
/// (docs/url.md, "The shipped client"): cut at `?`, fill by text replacement with lenient
/// escaping, split the query at `&` and `=`, drop empty values, crash on a component without
/// `=`, and hand the result to the system (`ClientRendering.opening`), which on some platforms
/// encodes it and on others finds no URL and leaves the client to open only the app. The docs site's
/// JavaScript port follows the same steps.
package enum ShippedURLRenderer {
    static func render(
        _ format: String, parameterKeys: [String], with values: [String: String], appURLScheme: String?, on platform: Platform
    ) -> ClientRendering {
        let bytes = Array(format.utf8)
        // The cut lint reads too: one answer to where the client splits the format.
        let cut = bytes.withUnsafeBufferPointer(ShippedURLCut.init(utf8:))
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var warnings: [URLWarning] = []
        if let lost = cut.lost {
            warnings.append(URLWarning(
                code: "text-lost",
                message: "the client keeps the query only up to the second '?': '\(text(lost))' is lost"))
        }
        let filler = Filler(parameterKeys: parameterKeys, values: values)
        let base = Array(bytes[cut.base])
        let inBase = filler.placeholders(in: base)
        var url = filler.fill(base, inBase)
        warnings += filler.pathWarnings(in: base, inBase)
        var dropped: [String] = []
        if cut.query != nil {
            var kept: [ArraySlice<UInt8>] = []
            for component in cut.components {
                guard let firstEquals = component.firstEquals else {
                    let what = component.range.isEmpty ? "an empty query component" : "the query component '\(text(component.range))'"
                    return ClientRendering(
                        outcome: .crash, url: nil, rendered: nil, dropped: [],
                        warnings: warnings + [URLWarning(
                            code: "crash",
                            message: "\(what) has no '=': the client raises an exception splitting it, which \(ClientRendering.Outcome.crashSummary)")])
                }
                if let secondEquals = component.secondEquals {
                    warnings.append(URLWarning(
                        code: "text-lost",
                        message: "the client keeps a query component only up to its second '=': '\(text(secondEquals..<component.range.upperBound))' of '\(text(component.range))' is lost"))
                }
                let rawValue = Array(bytes[(firstEquals + 1)..<(component.secondEquals ?? component.range.upperBound)])
                let inValue = filler.placeholders(in: rawValue)
                let value = filler.fill(rawValue, inValue)
                if value.isEmpty {
                    for key in filler.keys(in: inValue) where !dropped.contains(key) { dropped.append(key) }
                } else {
                    kept.append(bytes[component.range.lowerBound...firstEquals] + value)
                    warnings += filler.queryWarnings(for: inValue)
                }
            }
            if !kept.isEmpty {
                url.append(UInt8(ascii: "?"))
                url += kept.joined(separator: [UInt8(ascii: "&")])
            }
        }
        return .opening(String(decoding: url, as: UTF8.self), dropped: dropped, warnings: warnings, appURLScheme: appURLScheme, on: platform)
    }

    /// Fills pieces of a format: every `{{key}}` of a declared parameter, one key after the
    /// other in the type's order, replaced by the escaped value or by nothing.
    private struct Filler {
        let parameterKeys: [String]
        let values: [String: String]
        private let keysHaveBraces: Bool

        package init(parameterKeys: [String], values: [String: String]) {
            self.parameterKeys = parameterKeys
            self.values = values
            keysHaveBraces = parameterKeys.contains(where: PlaceholderBytes.hasBraces)
        }

        /// The escaped value of the key at `position`, empty when it is given none. Escaped as
        /// a placeholder asks for it: escaping every parameter's value up front was a fifth of
        /// rendering, and a format uses a few of its type's parameters.
        private func escapedValue(at position: Int) -> [UInt8] {
            values[parameterKeys[position]].map(escaped) ?? []
        }

        /// The client replaces one key's placeholders after the other, so a value could
        /// complete a placeholder of a later key around it (`{{{{a}}b}}`). Replacing every
        /// placeholder found in one walk gives the same text unless that is possible: when no
        /// key holds a brace and no `{{` is left. Otherwise the keys are replaced in turn.
        func fill(_ text: [UInt8], _ found: [PlaceholderBytes.Occurrence]) -> [UInt8] {
            if !keysHaveBraces {
                guard !found.isEmpty else { return text }
                var filled: [UInt8] = []
                filled.reserveCapacity(text.count)
                var index = 0
                for occurrence in found {
                    filled += text[index..<occurrence.range.lowerBound]
                    filled += escapedValue(at: occurrence.key)
                    index = occurrence.range.upperBound
                }
                filled += text[index...]
                if !filled.indices.dropLast().contains(where: { filled[$0] == UInt8(ascii: "{") && filled[$0 + 1] == UInt8(ascii: "{") }) {
                    return filled
                }
            }
            var filled = text
            for (position, key) in parameterKeys.enumerated() where filled.count >= key.utf8.count + 4 {
                filled = PlaceholderBytes.replacing(PlaceholderBytes.placeholder(key), with: escapedValue(at: position), in: filled)
            }
            return filled
        }

        /// The placeholders of declared keys in `text`, to fill it and to warn about it.
        func placeholders(in text: [UInt8]) -> [PlaceholderBytes.Occurrence] {
            PlaceholderBytes.occurrences(of: parameterKeys, in: text)
        }

        /// The keys of `found`, each once, in order of first appearance.
        func keys(in found: [PlaceholderBytes.Occurrence]) -> [String] {
            positions(in: found).map { parameterKeys[$0] }
        }

        /// The positions among the keys of `found`'s keys, each once, in order of first appearance.
        private func positions(in found: [PlaceholderBytes.Occurrence]) -> [Int] {
            var seen = Set<Int>()
            return found.filter { seen.insert($0.key).inserted }.map(\.key)
        }

        /// Values filled into a query value (its placeholders `found`) that hold a delimiter the
        /// client leaves as is.
        func queryWarnings(for found: [PlaceholderBytes.Occurrence]) -> [URLWarning] {
            keys(in: found).compactMap { key in
                let delimiters = (values[key] ?? "").unicodeScalars.filter { "&=?".unicodeScalars.contains($0) }
                guard let first = delimiters.first else { return nil }
                return URLWarning(
                    code: "value-splits-query",
                    message: "the value of '\(key)' holds '\(first)', which the client does not escape: the app reads the query differently from the value passed")
            }
        }

        /// Values filled into the base that hold a delimiter the client leaves as is (`?`
        /// anywhere, `/` in a path segment), and path segments left empty.
        func pathWarnings(in base: [UInt8], _ found: [PlaceholderBytes.Occurrence]) -> [URLWarning] {
            guard !found.isEmpty else { return [] }
            // A value at the very start is the URL's beginning (`{{url}}`), where '/' and '?' belong.
            // Arrays, not sets: a format has a few placeholders, and two sets a rendering were a
            // tenth of it.
            let notFirst = found.filter { $0.range.lowerBound > 0 }.map(\.key)
            let afterSlash = URLWarning.keysAfterSlash(in: base, found)
            let splits = positions(in: found).filter(notFirst.contains).compactMap { position -> URLWarning? in
                let key = parameterKeys[position]
                // Scalars, not characters: a '?' followed by a combining mark is still a '?' to the app.
                let value = (values[key] ?? "").unicodeScalars
                let delimiter: Character? = if value.contains("?") {
                    "?"
                } else if value.contains("/"), afterSlash.contains(position) {
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
            return splits + URLWarning.emptyPathSegments(in: base, found, parameterKeys: parameterKeys, values: values)
        }
    }

    /// `value`'s UTF-8 with every byte outside the client's lenient set written `%XX`.
    static func escaped(_ value: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        PercentEncoding.append(value, to: &bytes, keeping: isLeftAsIs)
        return bytes
    }

    /// The characters the client leaves as they are in a value: RFC 3986's unreserved ones and
    /// the reserved ones its lenient set keeps (`& = ? /` among them).
    package static let leftAsIsCharacters = PercentEncoding.unreservedCharacters + "!$&'()*+,/:;=?@"
    private static let leftAsIs = ASCIISet(leftAsIsCharacters)

    /// RFC 3986's unreserved characters and the reserved ones the client does not escape.
    private static func isLeftAsIs(_ byte: UInt8) -> Bool {
        leftAsIs.contains(byte)
    }
}
