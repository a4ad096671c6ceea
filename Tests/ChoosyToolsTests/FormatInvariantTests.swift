import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// The promises of `fmt`, checked over every corpus we have: the bundled catalog, the test
/// fixtures, the upstream catalog and the yaml-test-suite cases the loader reads.
struct FormatInvariantTests {
    struct Input: CustomTestStringConvertible, Sendable {
        let name: String
        let file: SourceFile
        var testDescription: String { name }
    }

    /// Every file of every corpus that loads (files that do not are `fmt`'s refusals, tested elsewhere).
    static let corpus: [Input] = {
        var inputs: [Input] = []
        func addFiles(below directory: URL, label: String) {
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            let urls = (enumerator?.allObjects as? [URL] ?? []).filter { SourceLanguage(path: $0.path) != nil }
            for url in urls.sorted(by: { $0.path < $1.path }) where !url.path.contains("/golden/") {
                guard let file = try? SourceFile.read(path: url.path), (try? Document.load(file)) != nil else { continue }
                inputs.append(Input(name: label + url.path.dropFirst(directory.path.count), file: file))
            }
        }
        addFiles(below: TestPaths.packageRoot.appendingPathComponent("data"), label: "data")
        addFiles(below: TestPaths.testsDirectory, label: "fixtures")
        addFiles(below: TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data"), label: "upstream")
        for testCase in YAMLTestSuite.cases() where !testCase.isError {
            let file = SourceFile(path: "\(testCase.id)/in.yaml", bytes: testCase.yaml)
            if (try? Document.load(file)) != nil { inputs.append(Input(name: "yaml-test-suite/\(testCase.id)", file: file)) }
        }
        return inputs
    }()

    static func format(_ file: SourceFile, as format: SourceLanguage) throws -> FormattedFile {
        try CatalogFormatter.format(file, as: format, dropComments: true)
    }

    static func tree(_ text: String, _ format: SourceLanguage) throws -> Node {
        try Document.load(SourceFile(path: "out.\(format.rawValue)", text: text)).root
    }

    @Test func corpusCoversEverySource() {
        for label in ["data/", "fixtures/", "upstream/", "yaml-test-suite/"] {
            #expect(Self.corpus.contains { $0.name.hasPrefix(label) }, "no input from \(label)")
        }
        #expect(Self.corpus.count > 250)
    }

    @Test(arguments: corpus)
    func formattingIsIdempotent(_ input: Input) throws {
        for format in SourceLanguage.allCases {
            let once = try Self.format(input.file, as: format).text
            let twice = try Self.format(SourceFile(path: "once.\(format.rawValue)", text: once), as: format).text
            #expect(twice == once, "\(format) output changes when formatted again")
        }
    }

    @Test(arguments: corpus)
    func formattingKeepsTheValueExceptTheFixes(_ input: Input) throws {
        for format in SourceLanguage.allCases {
            let formatted = try Self.format(input.file, as: format)
            let fixed = FixApplier.applyOnce(formatted.fixes, to: { _ in input.file.bytes }).files[input.file.path] ?? input.file.bytes
            let expected = try Document.load(SourceFile(path: input.file.path, bytes: fixed)).root
            #expect(sameValueIgnoringMemberOrder(try Self.tree(formatted.text, format), expected), "\(format) output holds another value")
            #expect(formatted.fixes.allSatisfy { $0.applicability == .safe })
        }
    }

    @Test(arguments: corpus)
    func jsonToYAMLToJSONRoundTrips(_ input: Input) throws {
        let json = try Self.format(input.file, as: .json).text
        let yaml = try Self.format(SourceFile(path: "step.json", text: json), as: .yaml).text
        let back = try Self.format(SourceFile(path: "step.yaml", text: yaml), as: .json).text
        #expect(back == json)
        #expect(try Self.tree(back, .json).hasSameValue(as: try Self.tree(json, .json)))
    }

    /// Values equal up to the order of members with different keys; members with the same key
    /// (duplicates) must keep their relative order.
    func sameValueIgnoringMemberOrder(_ a: Node, _ b: Node) -> Bool {
        switch (a.value, b.value) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            let keys = Set(left.map(\.key))
            return keys == Set(right.map(\.key)) && keys.allSatisfy { key in
                let l = left.filter { $0.key == key }, r = right.filter { $0.key == key }
                return l.count == r.count && zip(l, r).allSatisfy { sameValueIgnoringMemberOrder($0.value, $1.value) }
            }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameValueIgnoringMemberOrder($0, $1) }
        default:
            return a.hasSameValue(as: b)
        }
    }
}
