// swift-tools-version: 6.0
import PackageDescription

// The library is a stack of layers; each target imports only the layers below it, so a
// back-edge is a compile error. docs/architecture.md maps the layers and what flows between them.
let core: [Target.Dependency] = ["ChoosyCore"]
let syntax: [Target.Dependency] = core + ["ChoosySyntax"]
let catalog: [Target.Dependency] = syntax + ["ChoosyCatalog"]
let lint: [Target.Dependency] = catalog + ["ChoosyLint"]
let tools: [Target.Dependency] = lint + ["ChoosyTools"]
let editor: [Target.Dependency] = tools + ["ChoosyEditor"]
let commandLine: [Target.Dependency] = catalog + ["ChoosyCommandLine"]
let testSupport: [Target.Dependency] = ["ChoosyTestSupport"]
let catalogTestSupport: [Target.Dependency] = testSupport + ["ChoosyCatalogTestSupport"]
let lintTestSupport: [Target.Dependency] = catalogTestSupport + ["ChoosyLintTestSupport"]

let package = Package(
    name: "choosy-data",
    products: [
        .executable(name: "choosy-data", targets: ["choosy-data"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Plain utilities: bytes, JSON values, hashes, atomic writes, HTML and Markdown text, threads.
        .target(name: "ChoosyCore"),
        // JSON and YAML: parsing into a positioned tree, writing, duplicate keys.
        .target(name: "ChoosySyntax", dependencies: core + ["CYAML"]),
        // The catalog: model, layers, config, schema, and the client's URL and merge.
        .target(name: "ChoosyCatalog", dependencies: syntax),
        // The linter: engine, rules (RuleRegistry.generated.swift lists them), runs, the config's schema.
        .target(name: "ChoosyLint", dependencies: catalog),
        // The commands' logic: format, diff, matrix, review, release, bundle, plist, codegen, site, reports.
        .target(name: "ChoosyTools", dependencies: lint),
        // The editor: navigation (hover, completion, definitions) and the language server.
        .target(name: "ChoosyEditor", dependencies: tools),
        // The command line's declarations: commands, options, help, man page, completions.
        .target(name: "ChoosyCommandLine", dependencies: catalog),
        .executableTarget(name: "choosy-data", dependencies: editor + ["ChoosyCommandLine"]),
        // What the tests share, layered as the library is: helpers with no layer below them (test
        // paths, scratch directories, golden files, tags, child processes, git repositories, the
        // yaml-test-suite), then the catalog's (catalogs written as text, the schema oracle), then
        // lint's (the rules' examples as test cases).
        .target(name: "ChoosyTestSupport", path: "Tests/ChoosyTestSupport"),
        .target(name: "ChoosyCatalogTestSupport", dependencies: catalog + testSupport, path: "Tests/ChoosyCatalogTestSupport"),
        .target(name: "ChoosyLintTestSupport", dependencies: lint, path: "Tests/ChoosyLintTestSupport"),
        // One test target per library target, depending on that target (and what it needs) only;
        // ChoosyDataTests runs the `choosy-data` executable. Fixtures live next to their tests;
        // those of several targets in Tests/Fixtures.
        .testTarget(name: "ChoosyCoreTests", dependencies: core + testSupport),
        .testTarget(name: "ChoosySyntaxTests", dependencies: syntax + testSupport, exclude: ["Fixtures"]),
        .testTarget(name: "ChoosyCatalogTests", dependencies: catalog + catalogTestSupport),
        .testTarget(name: "ChoosyLintTests", dependencies: lint + lintTestSupport, exclude: ["Fixtures"]),
        .testTarget(name: "ChoosyToolsTests", dependencies: tools + lintTestSupport, exclude: ["Fixtures"]),
        .testTarget(name: "ChoosyEditorTests", dependencies: editor + testSupport),
        .testTarget(name: "ChoosyCommandLineTests", dependencies: commandLine + testSupport),
        .testTarget(
            name: "ChoosyDataTests",
            dependencies: editor + ["ChoosyCommandLine", "choosy-data"] + catalogTestSupport,
            exclude: ["Fixtures"]
        ),
    ]
)
