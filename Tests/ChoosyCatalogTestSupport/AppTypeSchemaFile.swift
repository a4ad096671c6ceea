import ChoosySyntax
import ChoosyTestSupport

/// The published app-type schema file, schemas/app-type.schema.json, as the tests read it.
package enum AppTypeSchemaFile {
    package static let url = TestPaths.schemas.appendingPathComponent("app-type.schema.json")

    package static func tree() throws -> Node {
        try Document.load(try SourceFile.read(path: url.path)).root
    }
}
