import Foundation

/// Where the tests find their inputs: fixtures next to the tests, the package root, and the
/// read-only shared corpora beside the checkout.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let sharedCorpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    /// The directories outside a catalog that the tests let layers name: `Fixtures/upstream`
    /// layers the shared corpus, as a developer would run it (`CHOOSY_DATA_LAYER_DIRS`).
    static let trustedDirectories = [sharedCorpus.path]

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
}
