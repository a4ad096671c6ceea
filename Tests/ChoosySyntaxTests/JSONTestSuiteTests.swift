import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosySyntax

/// Runs JSONTestSuite's parser conformance files: `y_` must parse, `n_` must be refused,
/// `i_` may go either way but must not crash.
struct JSONTestSuiteTests {
    static let directory = TestPaths.sharedCorpus.appendingPathComponent("JSONTestSuite/test_parsing")

    static let fileNames: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }()

    @Test func corpusIsPresent() {
        #expect(Self.fileNames.count == 318)
    }

    @Test(arguments: fileNames)
    func conformance(fileName: String) throws {
        let bytes = try Array(Data(contentsOf: Self.directory.appendingPathComponent(fileName)))
        let outcome = Result { () throws(SyntaxError) in try JSONParser.parse(SourceFile(path: fileName, bytes: bytes)) }
        switch fileName.first {
        case "y":
            if case .failure(let error) = outcome { Issue.record("rejected valid JSON: \(error)") }
        case "n":
            if case .success = outcome { Issue.record("accepted invalid JSON") }
        default:
            break  // implementation-defined: reaching here without a crash is the requirement
        }
    }
}
