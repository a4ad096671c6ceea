import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosySyntax

/// Runs the loader over the yaml-test-suite: valid cases in the subset must load to the value in
/// their `in.json`, invalid cases and cases outside the subset must be refused.
struct YAMLTestSuiteTests {
    /// Valid YAML the loader refuses on purpose (docs/yaml.md), or that libyaml 0.2.5 cannot read.
    /// Each must be refused; a case that starts loading, or one not listed that is refused, fails
    /// the test so this list stays exact.
    static let outsideSubset: [String: String] = {
        let severalDocuments = "several documents; a file holds one"
        let noDocument = "a stream with no document; the loader calls the file empty"
        let customTag = "custom or non-core tag"
        let reservedDirective = "reserved directive (%FOO); libyaml refuses it"
        let tabSeparation = "tab used as separation or inside indentation; libyaml 0.2.5 refuses it"
        let flowEdgeCase = "YAML 1.2 flow syntax (adjacent ':' values, ':' or a key on the next line) libyaml 0.2.5 lacks"
        let unusualAnchorName = "anchor name with non-alphanumeric characters; libyaml 0.2.5 refuses it"
        return [
            "35KP": severalDocuments, "6XDY": severalDocuments, "6ZKB": severalDocuments,
            "7Z25": severalDocuments, "9DXL": severalDocuments, "9KAX": severalDocuments,
            "JHB9": severalDocuments, "KSS4": severalDocuments, "L383": severalDocuments,
            "M7A3": severalDocuments, "PUW8": severalDocuments, "RZT7": severalDocuments,
            "U9NS": severalDocuments, "W4TN": severalDocuments,
            "8G76": noDocument, "98YD": noDocument, "AVM7": noDocument,
            "HWV9": noDocument + " (libyaml also misreads a lone '...')",
            "QT73": noDocument + " (libyaml also misreads a lone '...')",
            "2XXW": customTag + " (!!set)", "565N": customTag + " (!!binary)", "J7PZ": customTag + " (!!omap)",
            "5TYM": customTag, "6CK3": customTag, "6WLZ": customTag, "7FWL": customTag, "9WXW": customTag,
            "C4HZ": customTag, "CC74": customTag, "CUP7": customTag, "M5C3": customTag, "P76L": customTag,
            "UGM3": customTag, "Z67P": customTag, "Z9M4": customTag,
            "2LFX": reservedDirective, "6LVF": reservedDirective, "MUS6/05": reservedDirective, "MUS6/06": reservedDirective,
            "6BCT": tabSeparation, "6CA3": tabSeparation, "96NN/00": tabSeparation, "96NN/01": tabSeparation,
            "A2M4": tabSeparation, "DK95/00": tabSeparation, "DK95/03": tabSeparation, "DK95/04": tabSeparation,
            "Q5MG": tabSeparation, "R4YG": tabSeparation, "Y79Y/001": tabSeparation, "Y79Y/010": tabSeparation,
            "4MUZ/00": flowEdgeCase, "4MUZ/01": flowEdgeCase, "4MUZ/02": flowEdgeCase, "58MP": flowEdgeCase,
            "5MUD": flowEdgeCase, "5T43": flowEdgeCase, "9SA2": flowEdgeCase, "DBG4": flowEdgeCase,
            "HM87/00": flowEdgeCase, "K3WX": flowEdgeCase, "NJ66": flowEdgeCase, "UT92": flowEdgeCase,
            "VJP3/01": flowEdgeCase,
            "8XYN": unusualAnchorName, "W5VH": unusualAnchorName,
            "2SXE": unusualAnchorName + " (it reads '&a:' as an anchor on an empty, null key)",
            "BEC7": "%YAML 1.3: libyaml refuses versions other than 1.1 and 1.2",
            "DK3J": "block scalar at indentation 0 after '--- >'; libyaml 0.2.5 refuses it",
            "FP8R": "block scalar at indentation 0 after '--- >'; libyaml 0.2.5 refuses it",
        ]
    }()

    /// Valid YAML that libyaml 0.2.5 reads to a different value. Nothing in the loader can see
    /// these; they are listed so the suite stays green and exact (a fixed libyaml fails the test).
    static let misreadByLibYAML: [String: String] = [
        "652Z": "'?foo' as a flow mapping key loses its '?'",
        "HM87/01": "'[?x]' becomes a mapping instead of the string '?x'",
        "Y2GN": "'&an:chor' is cut at the ':'",
        "JEF9/02": "keep-chomped block scalar ending in a line of spaces at end of file",
        "L24T/01": "block scalar ending in a line of spaces at end of file",
    ]

    /// Invalid YAML that libyaml 0.2.5 accepts; the loader then returns the value libyaml read.
    /// All are lenient readings of whitespace, comments or dashes, not values from nowhere.
    static let acceptedByLibYAML: [String: String] = [
        "9C9N": "flow sequence continued at a lower indentation",
        "QB6E": "quoted scalar continued at a lower indentation",
        "9JBA": "comment without a space before '#' after a flow sequence",
        "CVW2": "comment without a space before '#' after a comma",
        "SU5Z": "comment without a space before '#' after a quoted scalar",
        "X4QW": "comment without a space before '#' after a block scalar indicator",
        "MUS6/00": "comment without a space before '#' after a directive",
        "DK95/01": "tab at the start of a quoted scalar's continuation line",
        "Y79Y/003": "tab indentation inside a flow sequence",
        "G5U8": "'-' as a plain scalar in a flow sequence",
        "YJV2": "'-' as a plain scalar in a flow sequence",
        "S98Z": "leading empty lines of a block scalar more indented than its first line",
    ]

    /// One case directory: `<ID>` or `<ID>/<NN>`.

    @Test func everyCaseLoadsOrIsRefusedAsDocumented() throws {
        let cases = YAMLTestSuite.cases()
        try #require(cases.count > 300, "yaml-test-suite not found at \(YAMLTestSuite.root.path)")
        var passed = 0, rejectedAsExpected = 0, outside = 0, withoutExpectedValue = 0, acceptedInvalid = 0, misread = 0
        var refusedUnlisted: [String] = []
        for testCase in cases {
            let result = Result { () throws(SyntaxError) in try YAMLLoader.load(SourceFile(path: "in.yaml", bytes: testCase.yaml)) }
            if testCase.isError {
                if let leniency = Self.acceptedByLibYAML[testCase.id] {
                    #expect(throws: Never.self, "\(testCase) is listed as accepted by libyaml (\(leniency)) but was refused") {
                        try result.get()
                    }
                    acceptedInvalid += 1
                } else {
                    #expect(throws: SyntaxError.self, "\(testCase) is invalid YAML but loaded") { try result.get() }
                    rejectedAsExpected += 1
                }
            } else if let reason = Self.outsideSubset[testCase.id] {
                #expect(throws: SyntaxError.self, "\(testCase) is listed as outside the subset (\(reason)) but loaded") {
                    try result.get()
                }
                outside += 1
            } else if let json = testCase.json {
                switch result {
                case .success(let document):
                    let expected = try #require(try JSONOracle.node(from: json), "\(testCase): in.json holds several documents")
                    let isSame = JSONOracle.canonical(document.root).hasSameValue(as: expected)
                    if let misreading = Self.misreadByLibYAML[testCase.id] {
                        #expect(!isSame, "\(testCase) is listed as misread by libyaml (\(misreading)) but now loads right")
                        misread += 1
                    } else {
                        #expect(isSame, "\(testCase): loaded a different value")
                        passed += 1
                    }
                case .failure(let error):
                    refusedUnlisted.append("\(testCase.id): \(error)")
                }
            } else {
                withoutExpectedValue += 1
            }
        }
        #expect(refusedUnlisted.isEmpty, "valid cases refused but not listed in outsideSubset:\n\(refusedUnlisted.joined(separator: "\n"))")
        print("""
            yaml-test-suite: \(cases.count) cases: \(passed) passed, \(rejectedAsExpected) rejected as expected, \
            \(outside) outside the subset (refused), \(withoutExpectedValue) without in.json (no crash), \
            \(misread) misread by libyaml, \(acceptedInvalid) invalid but accepted by libyaml
            """)
    }
}
