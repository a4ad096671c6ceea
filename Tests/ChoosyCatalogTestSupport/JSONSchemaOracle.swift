import ChoosyCore
import ChoosySyntax
import ChoosyTestSupport
import Foundation
import Testing

/// python-jsonschema, the independent oracle of the schema tests (the app type's, the config's,
/// SARIF's), and the schema fixtures it is run on.
package enum JSONSchemaOracle {
    /// A file of the schema fixtures: its name as `valid/NAME` or `invalid/NAME`, and its tree.
    package struct Fixture {
        package let name: String
        package let isValid: Bool
        package let root: Node
    }

    /// The schema fixtures, and the script that runs python-jsonschema.
    package static let directory = TestPaths.sharedFixture("schema")
    /// The venv `make test` creates with python-jsonschema.
    package static let python = TestPaths.packageRoot.appendingPathComponent(".venv/bin/python")

    /// The fixtures of `directory`'s `valid` and `invalid` folders.
    package static func fixtures() throws -> [Fixture] {
        try ["valid", "invalid"].flatMap { kind in
            let folder = directory.appendingPathComponent(kind)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { fileName in
                let path = folder.appendingPathComponent(fileName).path
                let document = try Document.load(try SourceFile.read(path: path))
                return Fixture(name: "\(kind)/\(fileName)", isValid: kind == "valid", root: document.root)
            }
        }
    }

    /// python-jsonschema's errors per instance name, each as "keyword pointer", validating
    /// each instance (JSON text) against `schema` (its `$schema` picks the draft).
    package static func pythonResults(for instances: [(name: String, json: String)], schema: URL) throws -> [String: [String]] {
        var input = "["
        for (index, instance) in instances.enumerated() {
            input += index == 0 ? #"{"name":"# : #",{"name":"#
            input += JSONValue.string(instance.name).compactText()
            input += #","instance":\#(instance.json)}"#
        }
        input += "]"
        let scratch = try ScratchDirectory("schema")
        let inputURL = scratch.file("schema.json")
        try input.write(to: inputURL, atomically: true, encoding: .utf8)
        let outcome = try ProgramRunner.run(
            [directory.appendingPathComponent("jsonschema-oracle.py").path, schema.path, inputURL.path], program: python)
        try #require(outcome.status == 0, "jsonschema-oracle.py failed: \(outcome.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: [[String]]]
        let results = try #require(decoded, "unexpected output: \(outcome.standardOutput)")
        return results.mapValues { $0.map { $0.joined(separator: " ") } }
    }
}
