import ChoosyCore
import ChoosySyntax

/// What a change to an app action's examples did, example by example, so `diff` can say it in
/// words: the examples that disappear and those that appear, each as its parameter values and
/// URL.
struct ExampleListChange {
    /// Each example as its parameter values (in canonical order) and URL, as text.
    struct Example: Equatable {
        let parameters: [(key: String, value: String)]
        let url: String?

        static func == (a: Example, b: Example) -> Bool {
            a.parameters.elementsEqual(b.parameters) { $0 == $1 } && a.url == b.url
        }
    }

    let removed: [Example]
    let added: [Example]

    /// `before` and `after` are `diff`'s values of the `examples` member: `{"examples": [...]}`.
    init(before: JSONValue?, after: JSONValue?) {
        let old = Self.examples(in: before)
        let new = Self.examples(in: after)
        removed = old.filter { !new.contains($0) }
        added = new.filter { !old.contains($0) }
    }

    /// `removed example x=1 → u; added example …`, or says no example came or went.
    func clauses(code: (String) -> String) -> String {
        let clauses = removed.map { "removed example " + Self.text($0, code: code) }
            + added.map { "added example " + Self.text($0, code: code) }
        return clauses.isEmpty ? "same examples, reordered or rewritten" : clauses.joined(separator: "; ")
    }

    private static func text(_ example: Example, code: (String) -> String) -> String {
        let values = example.parameters.isEmpty ? "without parameters" : example.parameters.map { code("\($0.key)=\($0.value)") }.joined(separator: ", ")
        return values + " → " + (example.url.map(code) ?? "no URL")
    }

    private static func examples(in value: JSONValue?) -> [Example] {
        guard case .array(let list)? = value.flatMap({ CatalogChange.member("examples", of: $0) }) else { return [] }
        return list.map { example in
            var parameters: [(key: String, value: String)] = []
            if case .object(let members)? = CatalogChange.member("parameters", of: example) {
                parameters = members.map { ($0.0, scalarText($0.1)) }
            }
            return Example(parameters: parameters, url: CatalogChange.member("url", of: example).map(scalarText))
        }
    }

    /// A string as itself; any other value (which the schema rule reports) as its literal.
    private static func scalarText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.compactText()
    }
}
