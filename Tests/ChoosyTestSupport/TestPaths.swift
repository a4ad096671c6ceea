import Foundation

/// Where the tests find their inputs: fixtures next to the tests, the fixtures several test
/// targets share, the package root, and the read-only shared corpora beside the checkout.
package enum TestPaths {
    /// `Tests/`, the folder of every test target.
    package static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures`: the fixtures read by tests of more than one target.
    package static let sharedFixtures = testsDirectory.appendingPathComponent("Fixtures")
    package static let packageRoot = testsDirectory.deletingLastPathComponent()
    package static let sharedCorpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// The directories outside a catalog that the tests let layers name: `Tests/Fixtures/upstream`
    /// layers the shared corpus, as a developer would run it (`CHOOSY_DATA_LAYER_DIRS`).
    package static let trustedDirectories = [sharedCorpus.path]
    /// The config that layers the upstream catalog from the shared corpus.
    package static let upstreamConfig = sharedFixtures.appendingPathComponent("upstream/.choosy-data.yml")
    /// `schemas/`, the published schema files.
    package static let schemas = packageRoot.appendingPathComponent("schemas")

    /// The folder of the test target holding `filePath`, by default the caller's file (its
    /// folder right under `Tests/`).
    package static func targetDirectory(filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.deletingLastPathComponent().standardizedFileURL != testsDirectory.standardizedFileURL, url.path != "/" {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    /// The fixtures of the caller's test target: `Fixtures` next to its tests.
    package static func fixtures(filePath: String = #filePath) -> URL {
        targetDirectory(filePath: filePath).appendingPathComponent("Fixtures")
    }

    /// `name` under the caller's test target's fixtures.
    package static func fixture(_ name: String, filePath: String = #filePath) -> URL {
        fixtures(filePath: filePath).appendingPathComponent(name)
    }

    /// `name` under the fixtures several test targets share.
    package static func sharedFixture(_ name: String) -> URL {
        sharedFixtures.appendingPathComponent(name)
    }
}
