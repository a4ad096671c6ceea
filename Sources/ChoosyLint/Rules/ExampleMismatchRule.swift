import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `example-mismatch`: an app action's example does not render to its `url`.
public struct ExampleMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "example-mismatch",
        order: 230,
        severity: .error,
        scope: .appType,
        summary: "Each example of an app action renders, with the merged url_format, to exactly its url.",
        rationale: """
            An example is the vendor's documented URL next to the parameters that produce it, so \
            a url_format that no longer renders it has drifted from what the app understands. \
            Examples are rendered as the catalog's client renders (by default the shipped 0.6.x \
            client: values escaped leniently, query components with an empty value dropped), from the url_format that client uses: under the shipped client the \
            built-in one (an override the client ignores is checked against its own \
            url_format, which ignored-override reports), under rfc3986 the last layer's. \
            An example may pass only the app type's parameters, since callers can pass no other.
            """,
        furtherReading: .init(page: "url.md", heading: "Examples in the data, and `example-mismatch`"),
        triggeringExamples: [
            .init(#"[{"key": "t", "parameters": [{"key": "text"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}", "examples": [{"parameters": {"text": "hi there"}, "url": "a://post?text=hi↓+there"}]}]}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "examples": [{"parameters": {"text": "hi"}, "url": "a://post?text=hi↓&via="}]}]}]}]"#,
                builtin: #"[{"key": "t", "parameters": [{"key": "text"}, {"key": "via"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&via={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "parameters": [{"key": "text"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}", "examples": [{"parameters": {↓"txt": "hi"}, "url": "a://post"}]}]}]}]"#),
            .init(
                "- key: t\n  parameters: [{key: url}]\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: \"{{url}}\"\n          examples:\n            - parameters: {url: \"https://example.com/?q=a b\"}\n              url: \"https://example.com/?q=a↓ b\"\n",
                fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "parameters": [{"key": "text"}, {"key": "via"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&via={{via}}", "examples": [{"parameters": {"text": "Hi there, @bob #1"}, "url": "a://post?text=Hi%20there,%20@bob%20%231"}]}]}]}]"#),
            .init(#"[{"key": "t", "parameters": [{"key": "url"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "{{url}}", "examples": [{"parameters": {"url": "https://example.com/?q=a b"}, "url": "https://example.com/?q=a%20b"}]}]}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://new?q={{q}}", "examples": [{"parameters": {"q": "1"}, "url": "a://new?q=1"}]}]}]}]"#,
                builtin: #"[{"key": "t", "parameters": [{"key": "q"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://old?q={{q}}"}]}]}]"#),
        ])

    public init() {}

    /// The rule's words about an example whose url is `expected` where the format renders
    /// `actual`, first apart at `character` (from 1), which the site's app editor uses too.
    public static let hint = "correct the url if the url_format is right, or the url_format if the url is what the app documents"

    public static func message(expected: String, actual: String, character: String) -> String {
        "the example's url is \"\(expected)\", but the url_format renders \"\(actual)\" (they differ from character \(character))"
    }

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        let profile = context.merged.profile
        // A parameter a syntax error hid would make a correct example look wrong.
        for appType in context.completeAppTypes {
            let parameterKeys = appType.parameterKeys
            for action in appType.apps.lazy.flatMap(\.actions) where action.definitions.contains(where: { $0.node["examples"] != nil }) {
                guard let merged = action.definition(providing: \.urlFormatNode) else { continue }
                // An override the client ignores is checked against its own url_format, when it
                // has one: its examples document that format (ignored-override reports the rest).
                let firstIgnored = action.definitions.count - action.definitions.ignored.count
                let examples = action.definitions.enumerated().flatMap { position, definition in
                    definition.examples.map { (position >= firstIgnored && definition.urlFormatNode != nil ? definition : merged, $0) }
                }
                for (formatDefinition, example) in examples {
                    guard let formatNode = formatDefinition.urlFormatNode, let text = formatNode.string else { continue }
                    let note = Finding.Note("the url_format it is rendered with", file: formatDefinition.file, range: formatNode.range)
                    let undeclared = undeclaredParameters(of: example, appType: appType.key, parameterKeys: parameterKeys)
                    findings.append(contentsOf: undeclared)
                    // Parameters of the wrong shape are the schema rule's; rendering without them would only add noise.
                    guard undeclared.isEmpty, let members = example.node["parameters"]?.members, members.allSatisfy({ $0.value.string != nil }),
                          let urlNode = example.node["url"], let expected = urlNode.string else { continue }
                    // A format that crashes the client renders nothing; query-crash reports it.
                    guard let actual = profile.render(text, parameterKeys: appType.keysInFillOrder, with: example.parameters, appURLScheme: nil, on: context.merged.platform).rendered,
                          actual != expected else { continue }
                    let expectedScalars = Array(expected.unicodeScalars)
                    let difference = zip(expectedScalars, actual.unicodeScalars).prefix { $0 == $1 }.count
                    let range = context.document(at: example.file)?.sourceRange(
                        ofScalars: difference..<min(difference + 1, expectedScalars.count), in: urlNode)
                    findings.append(finding(
                        Self.message(expected: expected, actual: actual, character: String(difference + 1)),
                        file: example.file, range: range ?? urlNode.range, pointer: urlNode.pointer,
                        hint: Self.hint,
                        notes: [note]))
                }
            }
        }
    }

    /// A finding for each parameter the example passes that the app type does not declare:
    /// the client would ignore it, so the example would show something no caller can do.
    private func undeclaredParameters(of example: AppActionExample, appType: String, parameterKeys: [String]) -> [Finding] {
        (example.node["parameters"]?.members ?? []).filter { !parameterKeys.contains($0.key) }.map { member in
            finding(
                "the example passes \"\(member.key)\", which is not a parameter of app type \"\(appType)\"",
                file: example.file, range: member.keyRange, pointer: member.value.pointer,
                hint: Suggestion.closest(to: member.key, among: parameterKeys).map { "did you mean \"\($0)\"?" }
                    ?? "declare \"\(member.key)\" in the app type's parameters, or remove it from the example")
        }
    }
}
