import Foundation

/// The cases of the yaml-test-suite in the shared corpus, read by the YAML loader's tests and by
/// the formatter's invariant tests.
package enum YAMLTestSuite {
    package struct Case: CustomStringConvertible {
        package let id: String
        package let directory: URL

        package var description: String { id }
        package var isError: Bool { FileManager.default.fileExists(atPath: directory.appending(path: "error").path) }
        package var yaml: [UInt8] { Array(FileManager.default.contents(atPath: directory.appending(path: "in.yaml").path) ?? Data()) }
        package var json: Data? { FileManager.default.contents(atPath: directory.appending(path: "in.json").path) }
    }

    package static let root = TestPaths.sharedCorpus.appending(path: "yaml-test-suite").standardized

    /// Every case (a folder with an `in.yaml`), sorted by id; none when the corpus is missing.
    package static func cases() -> [Case] {
        let manager = FileManager.default
        let ids = ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return ids.flatMap { id -> [Case] in
            let directory = root.appending(path: id)
            if manager.fileExists(atPath: directory.appending(path: "in.yaml").path) {
                return [Case(id: id, directory: directory)]
            }
            let subcases = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
            return subcases
                .filter { manager.fileExists(atPath: directory.appending(path: "\($0)/in.yaml").path) }
                .map { Case(id: "\(id)/\($0)", directory: directory.appending(path: $0)) }
        }
    }
}
