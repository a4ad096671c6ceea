import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosyTools

/// `review` pairs a lint finding before with one after by rule, file, key path and message,
/// never by position: values inserted or reordered above a finding leave it the same finding.
struct ReviewFindingPairingTests {
    /// An app implementing `search`; with `flag`, its url_format ends in a query component
    /// without `=`, which crashes the shipped client (a `query-crash` finding naming `flag`).
    static func app(_ key: String, flag: String? = nil, examples: [String] = []) -> String {
        let format = "\(key)://?q={{query}}" + (flag.map { "&" + $0 } ?? "")
        return #"{"key": "\#(key)", "name": "\#(key)", "app_url_scheme": "\#(key):", "actions": [{"key": "search", "url_format": "\#(format)", "#
            + #""examples": [\#(examples.joined(separator: ", "))]}]}"#
    }

    /// An example of `app(_:)`'s search with `query`, expecting `url`.
    static func example(_ query: String, _ url: String) -> String {
        #"{"parameters": {"query": "\#(query)"}, "url": "\#(url)"}"#
    }

    static func catalog(apps: [String]) -> Catalog {
        let json = #"[{"key": "maps", "name": "Maps", "parameters": [{"key": "query", "name": "Query", "description": "What to look up."}], "#
            + #""actions": [{"key": "search", "name": "Search"}], "apps": [\#(apps.joined(separator: ", "))]}]"#
        return Catalog(text: json, path: "maps.json", layer: "main")
    }

    /// The introduced and the fixed findings as `rule pointer 'quoted part of the message'`.
    static func review(_ base: [String], _ head: [String]) -> (introduced: [String], fixed: [String]) {
        let review = CatalogReview(base: catalog(apps: base), head: catalog(apps: head))
        func summary(_ finding: Finding) -> String {
            "\(finding.ruleID) \(finding.pointer)" + (finding.message.split(separator: "'").dropFirst().first.map { " '\($0)'" } ?? "")
        }
        return (review.introducedFindings.map(summary), review.fixedFindings.map(summary))
    }

    static let waze = app("waze", flag: "navigate")
    static let google = app("google", flag: "view")

    /// The fixtures are not vacuous: both flagged apps have a finding, the plain one none.
    @Test func theFlaggedAppsHaveFindings() {
        let findings = Linter.lint(Self.catalog(apps: [Self.app("apple"), Self.waze, Self.google])).findings
        #expect(findings.map { "\($0.ruleID) \($0.pointer)" } == [
            "query-crash /0/apps/1/actions/0/url_format", "query-crash /0/apps/2/actions/0/url_format",
        ])
    }

    @Test func anAppInsertedAboveOthersLeavesTheirFindingsAlone() {
        let (introduced, fixed) = Self.review([Self.waze, Self.google], [Self.app("apple"), Self.waze, Self.google])
        #expect(introduced.isEmpty)
        #expect(fixed.isEmpty)
    }

    @Test func reorderedAppsKeepTheirFindings() {
        let (introduced, fixed) = Self.review([Self.waze, Self.google], [Self.google, Self.waze])
        #expect(introduced.isEmpty)
        #expect(fixed.isEmpty)
    }

    /// The message is part of a finding: a crash on another component is another finding, even
    /// at the same key path, while the unchanged app below keeps its own.
    @Test func aFindingWhoseMessageChangesIsFixedAndIntroduced() {
        let (introduced, fixed) = Self.review(
            [Self.waze, Self.google], [Self.app("apple"), Self.app("waze", flag: "go"), Self.google])
        #expect(introduced == ["query-crash /0/apps/1/actions/0/url_format 'go'"])
        #expect(fixed == ["query-crash /0/apps/0/actions/0/url_format 'navigate'"])
    }

    /// An example has no key: one inserted above another leaves the other's finding alone.
    @Test func anExampleInsertedAboveAnotherLeavesItsFindingAlone() {
        let wrong = Self.example("a b", "apple://?q=a+b")
        let right = Self.example("x", "apple://?q=x")
        let findings = Linter.lint(Self.catalog(apps: [Self.app("apple", examples: [right, wrong])])).findings
        #expect(findings.map { "\($0.ruleID) \($0.pointer)" } == ["example-mismatch /0/apps/0/actions/0/examples/1/url"])
        let (introduced, fixed) = Self.review([Self.app("apple", examples: [wrong])], [Self.app("apple", examples: [right, wrong])])
        #expect(introduced.isEmpty)
        #expect(fixed.isEmpty)
    }

    /// Two apps with one key share a key path: their findings pair in order, first with first,
    /// so the counts are right and the surplus is the later app's, whichever of the two the
    /// change added or removed (docs/review.md).
    @Test func findingsOfDuplicateKeysPairInOrder() {
        let added = Self.review([Self.waze], [Self.waze, Self.app("apple"), Self.waze])
        #expect(added.introduced == ["duplicate-app /0/apps/2", "query-crash /0/apps/2/actions/0/url_format 'navigate'"])
        #expect(added.fixed.isEmpty)
        let removed = Self.review([Self.waze, Self.app("apple"), Self.waze], [Self.app("apple"), Self.waze])
        #expect(removed.introduced.isEmpty)
        #expect(removed.fixed == ["duplicate-app /0/apps/2", "query-crash /0/apps/2/actions/0/url_format 'navigate'"])
    }
}
