import Foundation
#if !CHOOSY_FUZZ
import ChoosyCatalogTestSupport
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools
#endif

/// One libFuzzer target of `make fuzz`: it feeds the fuzzer's bytes to one parser or pipeline
/// and returns the invariant they broke, if any. The fuzz build (fuzz/build.sh) compiles this
/// file into the library's own module; the tests replay the saved crashes through it.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// JSONParser: an accepted document re-serialises to JSON that parses to the same tree; a
    /// broken one lists a bounded number of errors, each inside the file, and a recovered tree
    /// whose ranges are.
    case json
    /// YAMLLoader: an accepted document is a tree JSON can hold, and reads back the same.
    case yaml
    /// URLTemplate, URLFormat and URLRenderer on `format\nname=value\n…`.
    case url
    /// `.choosy-data.yml` decoding: a decoded config names layers, each once, each with paths.
    case config
    /// `fmt` on one file (the first byte picks JSON or YAML input): the output re-parses, the
    /// JSON and YAML outputs hold the same tree, and formatting the output again changes nothing.
    case fmt
    /// The whole lint pipeline and its three machine reporters on one file (the first byte picks
    /// JSON or YAML).
    case lint

    /// The broken invariant, described for the crash report; nil when all held.
    func check(_ bytes: [UInt8]) -> String? {
        switch self {
        case .json: Self.checkJSON(bytes)
        case .yaml: Self.checkYAML(bytes)
        case .url: Self.checkURL(bytes)
        case .config: Self.checkConfig(bytes)
        case .fmt: Self.checkFormat(bytes)
        case .lint: Self.checkLint(bytes)
        }
    }

    private static func checkJSON(_ bytes: [UInt8]) -> String? {
        let partial = JSONParser.parseRecovering(SourceFile(path: "fuzz.json", bytes: bytes))
        if let violation = recoveryViolation(of: partial, size: bytes.count) { return violation }
        guard partial.errors.isEmpty, let document = partial.document else { return nil }
        return rangeViolation(in: document.root, size: bytes.count) ?? roundTripViolation(of: document.root)
    }

    /// A broken document's errors are at most the listed number and the count of the rest, each
    /// inside the file; its recovered tree and readable part have ranges inside the file.
    private static func recoveryViolation(of partial: PartialDocument, size: Int) -> String? {
        guard !partial.errors.isEmpty || partial.document != nil else { return "no tree and no error" }
        guard partial.errors.count <= JSONParser.maximumListedErrorCount + 1 else { return "\(partial.errors.count) errors listed" }
        if let error = partial.errors.first(where: { $0.range.start.offset > $0.range.end.offset || $0.range.end.offset > size }) {
            return "error \(error) has offsets \(error.range.start.offset)..<\(error.range.end.offset) in a file of \(size) bytes"
        }
        guard !partial.errors.isEmpty else { return nil }
        if let root = partial.document?.root, let violation = rangeViolation(in: root, size: size) { return "recovered tree: \(violation)" }
        if let root = partial.readableRoot, let violation = rangeViolation(in: root, size: size) { return "readable part: \(violation)" }
        return nil
    }

    private static func checkYAML(_ bytes: [UInt8]) -> String? {
        guard let document = try? YAMLLoader.load(SourceFile(path: "fuzz.yaml", bytes: bytes)) else { return nil }
        return rangeViolation(in: document.root, size: bytes.count) ?? roundTripViolation(of: document.root)
    }

    /// The tree written as JSON parses back to the same tree, and writing that gives the same text.
    private static func roundTripViolation(of root: Node) -> String? {
        let text = JSONValue(root).compactText()
        guard let again = try? JSONParser.parse(SourceFile(path: "again.json", text: text)) else {
            return "an accepted document re-serialises to JSON the parser refuses: \(text.prefix(300))"
        }
        guard again.root.hasSameValue(as: root) else { return "the re-parsed tree differs: \(text.prefix(300))" }
        guard JSONValue(again.root).compactText() == text else { return "re-serialising the re-parsed tree changes the text" }
        return nil
    }

    /// Every node's range is ordered and inside the file.
    private static func rangeViolation(in node: Node, size: Int) -> String? {
        let range = node.range
        guard range.start.offset <= range.end.offset, range.end.offset <= size, range.start.line >= 1,
              range.start.column >= 1 else {
            return "node \(node.pointer) has range \(range) (offsets \(range.start.offset)..<\(range.end.offset)) in a file of \(size) bytes"
        }
        switch node.value {
        case .object(let members):
            for member in members {
                if let violation = rangeViolation(in: member.value, size: size) { return violation }
            }
        case .array(let elements):
            for element in elements {
                if let violation = rangeViolation(in: element, size: size) { return violation }
            }
        default:
            break
        }
        return nil
    }

    private static func checkURL(_ bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let text = String(lines.first ?? "")
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let rebuilt = URLTemplate(text).rejoinedText
        guard rebuilt == text else { return "the template's segments do not spell its text: \(rebuilt)" }
        for value in values.values {
            let encoded = URLRenderer.percentEncode(value)
            guard encoded.utf8.allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "%") }),
                  percentDecoded(encoded) == Array(value.utf8) else {
                return "percent-encoding \(value.debugDescription) gave \(encoded)"
            }
        }
        if let failure = checkShippedRendering(of: text, with: values) { return failure }
        let format = URLFormat(text, parameterKeys: Set(values.keys))
        let rendering = URLRenderer.render(format, with: values)
        let expected = referenceRendering(of: format, with: values)
        guard rendering.url == expected.url, rendering.dropped == expected.dropped else {
            return "rendering \(text.debugDescription) gave \(rendering), docs/url.md's steps give \(expected)"
        }
        let url = rendering.url
        // Values may bring only encoded bytes: when the format's own text is all URL characters,
        // so is the URL. (A format that is one placeholder is the caller's whole URL, unencoded.)
        guard !format.isWholePlaceholder, literalText(of: format).utf8.allSatisfy(isURLByte) else { return nil }
        if let byte = url.utf8.first(where: { !isURLByte($0) }) {
            return "rendering \(text.debugDescription) put the byte 0x\(String(byte, radix: 16)) in \(url.debugDescription)"
        }
        return nil
    }

    /// The shipped client's rendering (docs/url.md) on builds before iOS 17 holds its promises:
    /// a `url` outcome is all URL characters, a crash comes from a query component without
    /// '=', and only the scheme is opened otherwise, for a text that is no URL there.
    private static func checkShippedRendering(of text: String, with values: [String: String]) -> String? {
        let rendering = ClientProfile.shipped.render(text, parameterKeys: values.keys.sorted(), with: values, appURLScheme: "s:", on: .ios16)
        // Characters, as `componentsSeparatedByString:` compares on Apple platforms: a '?'
        // followed by a combining mark is one Character, and no '?'.
        let query = Array(text).split(separator: "?", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first
        let crashes = query.map { $0.split(separator: "&", omittingEmptySubsequences: false).contains { !$0.contains("=") } } ?? false
        switch rendering.outcome {
        case .url:
            guard !crashes, let url = rendering.url, url.utf8.allSatisfy(isURLByte) else {
                return "the shipped client's rendering of \(text.debugDescription) is not a URL: \(rendering)"
            }
        case .crash:
            guard crashes, rendering.url == nil else { return "the shipped client crashed on \(text.debugDescription) without cause" }
        case .app:
            guard !crashes, rendering.url == "s:", let rendered = rendering.rendered, !isURLBeforeIOS17(rendered) else {
                return "the shipped client fell back to the scheme for \(text.debugDescription) without cause: \(rendering)"
            }
        }
        return nil
    }

    /// docs/url.md's steps 1 and 3–5, transcribed as plainly as they read, on `URLFormat`'s cut
    /// (step 2): the renderer must agree with it.
    private static func referenceRendering(of format: URLFormat, with values: [String: String]) -> URLRenderer.Rendering {
        if format.isWholePlaceholder, let name = format.placeholders[0].parameterName {
            return URLRenderer.Rendering(url: values[name] ?? "", dropped: [])
        }
        func filled(_ range: Range<Int>) -> String {
            var text = ""
            var index = range.lowerBound
            for token in format.placeholders where range.contains(token.range.lowerBound) && token.range.upperBound <= range.upperBound {
                guard let name = token.parameterName else { continue }
                text += String(String.UnicodeScalarView(format.scalars[index..<token.range.lowerBound]))
                text += URLRenderer.percentEncode(values[name] ?? "")
                index = token.range.upperBound
            }
            return text + String(String.UnicodeScalarView(format.scalars[index..<range.upperBound]))
        }
        var kept: [String] = []
        var dropped: [String] = []
        for component in format.queryComponents {
            let text = filled(component.range)
            // After the first `=` outside placeholders, which the cut found.
            let value = component.nameRange.map { filled(($0.upperBound + 1)..<component.range.upperBound) }
            let names = component.placeholders.compactMap(\.parameterName)
            if names.isEmpty || !(value ?? text).isEmpty {
                kept.append(text)
            } else {
                for name in names where !dropped.contains(name) { dropped.append(name) }
            }
        }
        var url = filled(0..<format.hierPartRange.upperBound)
        if !kept.isEmpty { url += "?" + kept.joined(separator: "&") }
        if let fragment = format.fragmentRange { url += "#" + filled(fragment) }
        return URLRenderer.Rendering(url: url, dropped: dropped)
    }

    /// The format's text outside its well-formed placeholders: what the renderer copies as is.
    private static func literalText(of format: URLFormat) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        for placeholder in format.placeholders where placeholder.parameterName != nil {
            scalars.append(contentsOf: format.scalars[index..<placeholder.range.lowerBound])
            index = placeholder.range.upperBound
        }
        scalars.append(contentsOf: format.scalars[index...])
        return String(scalars)
    }

    /// RFC 3986's unreserved characters, written out again here rather than taken from
    /// `URLRenderer`: the invariant must not trust the code it checks.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// RFC 3986's unreserved and reserved characters and `%`: what may stand in a URL.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || ":/?#[]@!$&'()*+,;=%".utf8.contains(byte)
    }

    /// A text of URL characters only, each `%` starting `%XX`, with at most one `#`.
    private static func isURLBeforeIOS17(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy(isURLByte) && bytes.filter { $0 == UInt8(ascii: "#") }.count <= 1 && bytes.indices.allSatisfy { index in
            bytes[index] != UInt8(ascii: "%")
                || (index + 2 < bytes.count && bytes[(index + 1)...(index + 2)].allSatisfy { Character(Unicode.Scalar($0)).isHexDigit })
        }
    }

    private static func percentDecoded(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else {
                return nil
            }
            decoded.append(value)
            index += 3
        }
        return decoded
    }

    private static func checkConfig(_ bytes: [UInt8]) -> String? {
        let file = SourceFile(path: CatalogConfig.fileName, bytes: bytes)
        guard let document = try? YAMLLoader.load(file), let config = try? CatalogConfig.decode(document) else { return nil }
        let names = config.layers.map(\.name)
        guard !names.isEmpty, Set(names).count == names.count, !names.contains(""),
              config.layers.allSatisfy({ !$0.paths.isEmpty }) else {
            return "a decoded config has layers \(config.layers)"
        }
        return nil
    }

    private static func checkFormat(_ bytes: [UInt8]) -> String? {
        guard let source = selectedFile(bytes) else { return nil }
        var trees: [Node] = []
        for format in SourceLanguage.allCases {
            guard let formatted = try? CatalogFormatter.format(source, as: format, dropComments: true) else { return nil }
            let output = SourceFile(path: "fuzz.\(format.rawValue)", text: formatted.text)
            guard let document = try? Document.load(output) else {
                return "fmt wrote \(format.rawValue) that does not parse: \(formatted.text.prefix(300))"
            }
            guard let again = try? CatalogFormatter.format(output), again.text == formatted.text else {
                return "formatting fmt's \(format.rawValue) output again changes it: \(formatted.text.prefix(300))"
            }
            trees.append(document.root)
        }
        guard trees[0].hasSameValue(as: trees[1]) else { return "fmt's JSON and YAML outputs hold different trees" }
        return nil
    }

    /// The file the input stands for: its first byte picks the format (even: JSON, odd: YAML).
    private static func selectedFile(_ bytes: [UInt8]) -> SourceFile? {
        guard let selector = bytes.first else { return nil }
        return SourceFile(path: selector & 1 == 0 ? "fuzz.json" : "fuzz.yaml", bytes: Array(bytes.dropFirst()))
    }

    private static func checkLint(_ bytes: [UInt8]) -> String? {
        guard let source = selectedFile(bytes) else { return nil }
        let path = source.path
        let report = Linter.lint(Catalog(layers: [Layer(name: "fuzz", sources: [source])]))
        for finding in report.findings {
            let range = finding.range
            guard finding.file == path, range.start.offset <= range.end.offset, range.end.offset <= source.bytes.count,
                  range.start.line >= 1 else {
                return "finding [\(finding.ruleID)] \(finding.message) has range \(range) in a file of \(source.bytes.count) bytes"
            }
        }
        _ = TextReporter(sources: [path: source]).render(report)
        // Only the rules the findings name, without their text: each rule's summary, rationale
        // and examples are kilobytes of constant text (the e2e golden and the SARIF schema test
        // check it) that would otherwise take most of every execution. What stays is what
        // depends on the input: which rules are listed, and each result's index into them.
        let reported = Set(report.findings.map(\.ruleID))
        let rules = Linter.ruleDescriptions.filter { reported.contains($0.id) }.map {
            RuleDescription(id: $0.id, order: $0.order, severity: $0.severity, scope: $0.scope, summary: "", rationale: "",
                            triggeringExamples: [], nonTriggeringExamples: [])
        }
        let sarif = SARIFReporter(baseDirectory: "/", rules: rules).render(report)
        // Read by Foundation's parser, not ours: a reader that shares no code with the reporters'
        // writer, and one the fuzz build does not instrument (reading the reports back with ours
        // was a fifth of every execution; the `json` target fuzzes it). Each report must give
        // back every finding's rule and message exactly, so no escaping loses or alters text.
        // Foundation drops a U+FEFF that starts a string or follows an escape (it decodes each
        // run between escapes as if it were a file with a byte order mark; the open issue
        // swiftlang/swift-foundation#300), so the comparison leaves U+FEFF out on both sides.
        let expected = report.findings.map { [$0.ruleID, $0.message, $0.pointer].map(withoutByteOrderMarks) }
        let json = JSONReporter.render(report)
        guard let findings = (parsedObject(json)?["findings"] as? [[String: Any]]) else {
            return "the JSON report does not parse: \(json.prefix(300))"
        }
        let jsonFindings = findings.map { [$0["rule"], $0["message"], $0["pointer"]].map { withoutByteOrderMarks($0 as? String ?? "") } }
        guard jsonFindings == expected else {
            return "the JSON report's findings differ from the report's: \(json.prefix(300))"
        }
        guard let run = (parsedObject(sarif)?["runs"] as? [[String: Any]])?.first,
              let results = run["results"] as? [[String: Any]],
              let listedRules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] else {
            return "the SARIF report does not parse: \(sarif.prefix(300))"
        }
        let sarifFindings = results.map { result -> [String] in
            let index = result["ruleIndex"] as? Int ?? -1
            let listedID = listedRules.indices.contains(index) ? listedRules[index]["id"] as? String : nil
            let message = (result["message"] as? [String: Any])?["text"] as? String
            let pointer = (result["properties"] as? [String: Any])?["jsonPointer"] as? String
            return [listedID ?? "(ruleIndex \(index))", message ?? "", pointer ?? ""].map(withoutByteOrderMarks)
        }
        guard sarifFindings == report.findings.map({ [$0.ruleID, $0.fullMessage, $0.pointer].map(withoutByteOrderMarks) }) else {
            return "the SARIF results differ from the report's findings: \(sarif.prefix(300))"
        }
        return nil
    }

    private static func withoutByteOrderMarks(_ text: String) -> String {
        // U+FEFF is EF BB BF in UTF-8: most texts have no 0xEF byte and are returned as they are.
        guard text.utf8.contains(0xEF) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    /// The JSON object `text` holds, read by Foundation.
    private static func parsedObject(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
