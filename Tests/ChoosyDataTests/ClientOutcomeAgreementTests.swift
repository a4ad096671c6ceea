import ChoosyTestSupport
import Foundation
import Testing
import ChoosyCatalog
@testable import ChoosyTools

/// One answer everywhere: for every app × action, what `matrix --format json` and the docs
/// site's grids say the client does (opens a URL, opens only the app, crashes, does not
/// implement the action) is what `url --format json` says it does for values given to every
/// parameter. Checked on the upstream catalog and on a generated one holding every kind of
/// format that does not simply open a URL.
@Suite(.serialized)
struct ClientOutcomeAgreementTests {
    /// The catalogs compared, as the command-line arguments that name them.
    static let catalogs: [(name: String, arguments: [String])] = [
        ("upstream", ["-C", "Tests/Fixtures/upstream"]),
        ("generated", [generatedCatalog.path]),
    ]

    /// The clients compared, on the platform of today and the one before iOS 17.
    static let clients: [[String]] = [
        ["--client", "shipped"], ["--client", "shipped", "--platform", "ios16"], ["--client", "rfc3986"],
        ["--client", "rfc3986", "--platform", "ios16"],
    ]

    /// Formats of every kind: a URL, a crash (no `=`, an empty component), text the client
    /// loses, an undeclared placeholder, a character no URL holds, a stray `%` and `#`.
    static let formatKinds = [
        "s://x/{{p0}}?q={{p1}}", "s://x?{{p0}}", "s://x?q={{p0}}&&r=1", "s://x/{{profile_username}}?q={{p1}}",
        "s x://x/{{p0}}", "s://x?q={{p0}}?r={{p1}}", "s://x/%zz/{{p0}}", "s://x#a#{{p1}}", nil, "s://x?a={{p2}}=b",
        "{{p3}}", "s://x/caf\u{E9}?q={{p0}}",
    ]

    /// One app type of 3 actions and 40 apps, each app action a format kind in turn.
    static let generatedCatalog: URL = {
        let apps = (0..<40).map { app -> [String: Any] in
            let actions = (0..<3).compactMap { action -> [String: Any]? in
                formatKinds[(app * 3 + action) % formatKinds.count].map { ["key": "a\(action)", "url_format": $0.replacingOccurrences(of: "s", with: "s\(app)", options: .anchored)] }
            }
            return ["key": "app\(app)", "name": "App \(app)", "app_url_scheme": "s\(app):", "actions": actions]
        }
        let type: [String: Any] = [
            "key": "t", "name": "T",
            "parameters": (0..<4).map { ["key": "p\($0)", "name": "P\($0)"] },
            "actions": (0..<3).map { ["key": "a\($0)", "name": "A\($0)"] },
            "apps": apps,
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-agreement-\(UUID().uuidString).json")
        try! JSONSerialization.data(withJSONObject: [type], options: [.sortedKeys]).write(to: file)
        return file
    }()

    struct Matrices: Decodable {
        struct Matrix: Decodable {
            struct Row: Decodable { let app: String; let state: String }
            let type: String
            let action: String
            let parameters: [String]
            let rows: [Row]
        }
        let matrices: [Matrix]
    }

    struct Preview: Decodable {
        struct Result: Decodable { let app: String; let supported: Bool; let outcome: String }
        let results: [Result]
    }

    /// `url`'s answer in the matrix's words.
    static func state(of result: Preview.Result) -> String {
        result.supported ? result.outcome : "unsupported"
    }

    @Test(arguments: catalogs.indices, clients.indices)
    func matrixAndSiteSayWhatURLSays(catalog: Int, client: Int) throws {
        let (name, catalogArguments) = Self.catalogs[catalog]
        let clientArguments = Self.clients[client]
        let matrixRun = try ToolRunner.run(["matrix", "--format", "json"] + catalogArguments + clientArguments)
        #expect(matrixRun.status == 0, "\(matrixRun.standardError)")
        let matrices = try JSONDecoder().decode(Matrices.self, from: Data(matrixRun.standardOutput.utf8)).matrices
        #expect(matrices.count >= 3)

        let scratch = try ScratchDirectory("agreement-site")
        let site = scratch.file("agreement-site")
        let docsRun = try ToolRunner.run(["docs", "-o", site.path, "--quiet"] + catalogArguments + clientArguments)
        #expect(docsRun.status == 0, "\(docsRun.standardError)")

        var states = Set<String>()
        for matrix in matrices {
            let values = matrix.parameters.map { "\($0)=hello" }
            let urlRun = try ToolRunner.run(["url", matrix.type, matrix.action, "--format", "json"] + values + catalogArguments + clientArguments)
            #expect(urlRun.status == 0, "\(urlRun.standardError)")
            let results = try JSONDecoder().decode(Preview.self, from: Data(urlRun.standardOutput.utf8)).results
            #expect(results.map(\.app) == matrix.rows.map(\.app), "\(name) \(matrix.type) \(matrix.action)")
            #expect(results.map(Self.state) == matrix.rows.map(\.state), "\(name) \(matrix.type) \(matrix.action) \(clientArguments)")
            let page = try String(contentsOf: site.appendingPathComponent("action-\(matrix.type)-\(matrix.action).html"), encoding: .utf8)
            // The action page's grid has the rows of the apps that implement the action; the
            // type page's grid a cell for every app.
            #expect(Self.gridStates(page) == matrix.rows.map(\.state).filter { $0 != "unsupported" }, "site: \(name) \(matrix.type) \(matrix.action)")
            let typePage = try String(contentsOf: site.appendingPathComponent("type-\(matrix.type).html"), encoding: .utf8)
            #expect(Self.typeGridStates(typePage, action: matrix.action) == matrix.rows.map(\.state), "site: \(name) type-\(matrix.type) \(matrix.action)")
            states.formUnion(matrix.rows.map(\.state))
        }
        if name == "generated", clientArguments.starts(with: ["--client", "shipped"]) {
            #expect(states == ["url", "app", "crash", "unsupported"])
        }
    }

    struct Review: Decodable {
        struct Comparison: Decodable {
            struct States: Decodable { let before: String?; let after: String? }
            let type: String
            let app: String
            let action: String
            let state: States
        }
        let urls: [Comparison]
    }

    /// A catalog's files as (path in the catalog, JSON text), and its config when it has one:
    /// the generated catalog is one file; the upstream one two layers, as the fixture names them.
    static func files(ofCatalog name: String) throws -> (files: [(String, Data)], config: String?) {
        guard name == "upstream" else { return ([("t.json", try Data(contentsOf: generatedCatalog))], nil) }
        let corpus = TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data")
        let paths = ["builtin/systemAppTypes.json"] + ["browser", "email", "maps", "twitter"].map { "app-data/\($0).json" }
        let config = "version: 1\nlayers:\n  - name: builtin\n    path: builtin\n  - name: server\n    path: app-data\n"
        return (try paths.map { ($0, try Data(contentsOf: corpus.appendingPathComponent($0))) }, config)
    }

    /// `review` of a change that adds every app of a catalog shows each app action's URLs, and
    /// says of each what `matrix` says.
    @Test(arguments: catalogs.indices, clients.indices)
    func reviewOfAddedAppsSaysWhatMatrixSays(catalog: Int, client: Int) throws {
        let clientArguments = Self.clients[client]
        let scratch = try ScratchDirectory("agreement-review")
        let (base, head) = (scratch.file("base"), scratch.file("head"))
        let (files, config) = try Self.files(ofCatalog: Self.catalogs[catalog].name)
        for (path, data) in files {
            var types = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            for index in types.indices { types[index]["apps"] = [Any]() }
            for (directory, contents) in [(head, data), (base, try JSONSerialization.data(withJSONObject: types))] {
                let file = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: file)
                if let config { try config.write(to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8) }
            }
        }

        let reviewRun = try ToolRunner.run(["review", base.path, head.path, "--format", "json"] + clientArguments)
        #expect(reviewRun.status == 0, "\(reviewRun.standardError)")
        let comparisons = try JSONDecoder().decode(Review.self, from: Data(reviewRun.standardOutput.utf8)).urls
        let matrixRun = try ToolRunner.run(["matrix", "--format", "json", head.path] + clientArguments)
        #expect(matrixRun.status == 0, "\(matrixRun.standardError)")
        let matrices = try JSONDecoder().decode(Matrices.self, from: Data(matrixRun.standardOutput.utf8)).matrices
        var expected: [String: String] = [:]
        for matrix in matrices {
            for row in matrix.rows where row.state != "unsupported" { expected["\(matrix.type) \(matrix.action) \(row.app)"] = row.state }
        }
        // App actions of actions the type does not declare have no matrix.
        let reviewed = Dictionary(
            comparisons.map { ("\($0.type) \($0.action) \($0.app)", $0.state.after ?? "none") }, uniquingKeysWith: { first, _ in first }
        ).filter { key, state in state != "unsupported" && matrices.contains { key.hasPrefix("\($0.type) \($0.action) ") } }
        #expect(reviewed == expected)
        #expect(expected.count >= 20)
        #expect(comparisons.allSatisfy { $0.state.before == nil })
    }

    /// The state of each cell of `action`'s column of a type page's grid, app by app, from
    /// the cell's class (`AppTypeGrid.mark`).
    static func typeGridStates(_ page: String, action: String) -> [String] {
        let classes = Dictionary(uniqueKeysWithValues: AppActionOutcome.State.allCases.map { (AppTypeGrid.mark($0).className, $0.rawValue) })
        return page.matches(of: /<td class="([a-z-]+)" data-key="([^"]*)"/).filter { $0.output.2 == action }.map { classes[String($0.output.1)] ?? "?" }
    }

    /// The state of each row of an action page's grid, in order: a row of cells opens a URL;
    /// a row of one cell across says otherwise in its class.
    static func gridStates(_ page: String) -> [String] {
        guard let coverage = page.range(of: "id=\"coverage\""), let body = page.range(of: "<tbody>", range: coverage.upperBound..<page.endIndex),
              let end = page.range(of: "</tbody>", range: body.upperBound..<page.endIndex) else { return [] }
        let rows = page[body.upperBound..<end.lowerBound].components(separatedBy: "<tr").dropFirst()
        return rows.map { row in
            guard row.hasPrefix(" class=\"") else { return "url" }
            let mark = row.dropFirst(8).prefix { $0 != "\"" }
            return mark == "app-only" ? "app" : String(mark)
        }
    }
}
