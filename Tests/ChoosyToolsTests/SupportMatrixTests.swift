import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// The support matrix: where a url_format uses each parameter, which apps implement an
/// action, coverage, and choosing matrices by type and action.
struct SupportMatrixTests {
    /// A merged catalog from layers of JSON text, each layer one file, as `profile` merges it.
    static func catalog(_ layers: String..., profile: ClientProfile = .default) -> MergedCatalog {
        MergedCatalog(Catalog(layerTexts: layers.map { [$0] }), profile: profile)
    }

    struct Classification: Sendable, CustomTestStringConvertible {
        let format: String
        let cells: [SupportMatrix.Cell]
        let why: String
        var testDescription: String { "\(why): \(format)" }
    }

    /// Cells for the parameters `a`, `b`, `c`.
    @Test(arguments: [
        Classification(format: "x://host/{{a}}", cells: [.path, .none, .none], why: "hier-part"),
        Classification(format: "x://{{a}}/p", cells: [.path, .none, .none], why: "authority"),
        Classification(format: "mailto:{{a}}?b={{b}}", cells: [.path, .query, .none], why: "path and query"),
        Classification(format: "{{a}}", cells: [.path, .none, .none], why: "the whole URL"),
        Classification(format: "{{a}}://x?c={{c}}", cells: [.path, .none, .query], why: "scheme"),
        Classification(format: "x://?a={{a}}&b={{b}}&c={{c}}", cells: [.query, .query, .query], why: "query only"),
        Classification(format: "x://p/{{a}}?q={{a}}", cells: [.path, .none, .none], why: "path before query wins"),
        Classification(format: "x://p?q={{a}}#/{{a}}", cells: [.path, .none, .none], why: "fragment after query wins"),
        Classification(format: "x://p?q={{b}}#{{a}}", cells: [.path, .query, .none], why: "fragment is kept when empty"),
        Classification(format: "x://p#f?a={{a}}", cells: [.path, .none, .none], why: "a ? inside the fragment starts no query"),
        Classification(format: "x://p?{{a}}", cells: [.query, .none, .none], why: "component without ="),
        Classification(format: "x://p?={{a}}&{{b}}={{c}}", cells: [.query, .query, .query], why: "component without a literal name"),
        Classification(format: "x://p?q={{a?b&c=d#e}}&r={{b}}", cells: [.none, .query, .none], why: "delimiters inside a placeholder split nothing"),
        Classification(format: "x://p/{{ a }}/{a}/(b)/<c>?q={{c}", cells: [.none, .none, .none], why: "malformed placeholders are never filled"),
        Classification(format: "x://p/{{d}}?q={{e}}", cells: [.none, .none, .none], why: "undeclared placeholders have no column"),
        Classification(format: "x://p?q={{a", cells: [.none, .none, .none], why: "unclosed braces"),
        Classification(format: "x://timeline/", cells: [.none, .none, .none], why: "no placeholders"),
        Classification(format: "", cells: [.none, .none, .none], why: "empty format"),
        Classification(format: "x://p?a={{a}}?b={{b}}", cells: [.query, .query, .none], why: "a second ? is text of the query"),
    ])
    func cellsSayWhereEachParameterStandsForAFixedClient(_ example: Classification) {
        let format = URLFormat(example.format, parameterKeys: ["a", "b", "c"])
        #expect(SupportMatrix.cells(of: format, parameters: ["a", "b", "c"], profile: .rfc3986) == example.cells)
    }

    /// Cells for the parameters `a`, `b`, `c` as the shipped client cuts the format: the query
    /// up to a second `?`, only values up to a second `=` filled, `#` as text.
    @Test(arguments: [
        Classification(format: "x://host/{{a}}?b={{b}}", cells: [.path, .query, .none], why: "path and query"),
        Classification(format: "{{a}}", cells: [.path, .none, .none], why: "the whole URL"),
        Classification(format: "x://p?a={{a}}?b={{b}}&c={{c}}", cells: [.query, .lost, .lost], why: "after a second ? is lost"),
        Classification(format: "x://p/{{a}}?q=1?a={{a}}&b={{b}}", cells: [.path, .lost, .none], why: "lost after a second ?, path before the first"),
        Classification(format: "x://p?q={{a}}#/{{b}}", cells: [.query, .query, .none], why: "after # in the query is still query"),
        Classification(format: "x://p/{{a}}#{{b}}?c={{c}}", cells: [.path, .path, .query], why: "# in the base cuts nothing, the ? after it starts the query"),
        Classification(format: "x://p?q={{a?b&c=d#e}}&r={{b}}", cells: [.none, .lost, .none], why: "a ? inside a placeholder cuts the query too"),
        Classification(format: "x://p?{{a}}", cells: [.lost, .none, .none], why: "a component without = is never filled: the client crashes (query-crash)"),
        Classification(format: "x://p?q={{a}}={{b}}&r={{c}}", cells: [.query, .lost, .query], why: "after a second = is lost"),
        Classification(format: "x://p?{{a}}={{b}}", cells: [.lost, .query, .none], why: "a name is never filled"),
    ])
    func cellsFollowTheShippedClientsCut(_ example: Classification) {
        let format = URLFormat(example.format, parameterKeys: ["a", "b", "c"])
        #expect(SupportMatrix.cells(of: format, parameters: ["a", "b", "c"], profile: .shipped) == example.cells)
    }

    @Test func matricesCutFormatsAsTheirCatalogsClientDoes() throws {
        let type = #"[{"key": "t", "parameters": [{"key": "a"}, {"key": "b"}], "actions": [{"key": "go"}], "apps": [{"key": "one", "actions": [{"key": "go", "url_format": "one://p?a={{a}}?b={{b}}#{{b}}"}]}]}]"#
        let shipped = try #require(SupportMatrix.select(from: Self.catalog(type, profile: .shipped), type: "t", action: "go").first)
        let fixed = try #require(SupportMatrix.select(from: Self.catalog(type, profile: .rfc3986), type: "t", action: "go").first)
        #expect(shipped.rows[0].cells == [.query, .lost])
        #expect(fixed.rows[0].cells == [.query, .path])
    }

    static let sample = """
        [{"key": "t", "name": "Type", "parameters": [{"key": "a", "name": "A"}, {"key": "b"}, {"key": "c"}],
          "actions": [{"key": "go", "name": "Go"}, {"key": "stop"}],
          "apps": [
            {"key": "one", "name": "One", "actions": [{"key": "go", "url_format": "one://{{a}}?b={{b}}"}]},
            {"key": "two", "actions": [{"key": "go", "url_format": "two://?b={{b}}"}, {"key": "stop", "url_format": "two://stop"}]},
            {"key": "three", "actions": [{"key": "go"}, {"key": "undeclared", "url_format": "three://{{c}}"}]},
            {"key": "four", "actions": [{"key": "go", "url_format": 7}]}
          ]}]
        """

    @Test func rowsFollowTheTypesOrderAndAppsWithoutAFormatAreUnsupported() throws {
        let matrix = try #require(SupportMatrix.select(from: Self.catalog(Self.sample), type: "t", action: "go").first)
        #expect(matrix.columns.map(\.key) == ["a", "b", "c"])
        #expect(matrix.columns.map(\.name) == ["A", nil, nil])
        #expect(matrix.rows.map(\.app) == ["one", "two", "three", "four"])
        #expect(matrix.rows.map(\.appName) == ["One", nil, nil, nil])
        #expect(matrix.rows.map(\.cells) == [[.path, .query, .none], [.none, .query, .none], nil, nil])
        #expect(matrix.actionName == "Go")
        #expect(matrix.typeName == "Type")
    }

    @Test func coverageCountsImplementingAppsThatUseTheParameter() throws {
        let matrices = try SupportMatrix.select(from: Self.catalog(Self.sample), type: "t", action: nil)
        #expect(matrices.map(\.action) == ["go", "stop"])
        #expect(matrices.map(\.coverage) == [[1, 2, 0], [0, 0, 0]])
        #expect(matrices.map(\.urlOpeningAppCount) == [2, 1])
    }

    @Test func laterLayersAddColumnsAndRowsAndWinForAFixedClient() throws {
        let server = """
            [{"key": "t", "parameters": [{"key": "d"}],
              "apps": [
                {"key": "one", "actions": [{"key": "go", "url_format": "one://x?d={{d}}&a={{a}}"}]},
                {"key": "five", "actions": [{"key": "stop", "url_format": "five://{{d}}"}]}
              ]}]
            """
        for profile in ClientProfile.allCases {
            let matrices = try SupportMatrix.select(from: Self.catalog(Self.sample, server, profile: profile), type: "t", action: nil)
            #expect(matrices[0].columns.map(\.key) == ["a", "b", "c", "d"])
            #expect(matrices[0].rows.map(\.app) == ["one", "two", "three", "four", "five"])
            #expect(matrices[0].rows[4].cells == nil)
            #expect(matrices[1].rows[4].cells == [.none, .none, .none, .path])
            #expect(matrices[1].coverage == [0, 0, 0, 1])
        }
        // The shipped client keeps app one's built-in url_format; a fixed client takes the server's.
        let shipped = try SupportMatrix.select(from: Self.catalog(Self.sample, server, profile: .shipped), type: "t", action: "go")
        let fixed = try SupportMatrix.select(from: Self.catalog(Self.sample, server, profile: .rfc3986), type: "t", action: "go")
        #expect(shipped[0].rows[0].cells == [.path, .query, .none, .none])
        #expect(fixed[0].rows[0].cells == [.query, .none, .none, .query])
    }

    /// Rows say what the client does for the app (`AppActionOutcome`), as `url` says it: a
    /// format that crashes or opens only the app passes no parameter on, and counts for no
    /// coverage.
    @Test func rowsThatOpenNoURLSayWhyAndCountForNothing() throws {
        let type = """
            [{"key": "t", "parameters": [{"key": "a"}, {"key": "b"}], "actions": [{"key": "go"}],
              "apps": [
                {"key": "works", "actions": [{"key": "go", "url_format": "w://p/{{a}}?b={{b}}"}]},
                {"key": "crashes", "actions": [{"key": "go", "url_format": "c://p?{{a}}&b={{b}}"}]},
                {"key": "invalid", "actions": [{"key": "go", "url_format": "in valid://p?a={{a}}"}]},
                {"key": "absent"}
              ]}]
            """
        let matrix = try #require(SupportMatrix.select(from: Self.catalog(type), type: "t", action: "go").first)
        #expect(matrix.rows.map(\.outcome.state) == [.url, .crash, .app, .unsupported])
        #expect(matrix.rows.map(\.cells) == [[.path, .query], nil, nil, nil])
        #expect(matrix.rows[0].outcome.reason == nil)
        #expect(matrix.rows[1].outcome.reason?.contains("the query component '{{a}}' has no '='") == true)
        #expect(matrix.rows[2].outcome.reason?.hasSuffix("the client opens the app only") == true)
        // The reason shown beside a state: none where the state says it whole.
        #expect(matrix.rows.map { $0.outcome.failureReason != nil } == [false, true, true, false])
        #expect(matrix.rows[3].outcome.reason != nil)
        #expect(matrix.coverage == [1, 1])
        #expect(matrix.urlOpeningAppCount == 1)
        #expect(matrix.stateCounts.map(\.state) == [.url, .app, .crash, .unsupported])
        // The same app action, asked of `url` with values for every parameter, says the same.
        for (row, app) in zip(matrix.rows, Self.catalog(type).appType("t")!.apps) {
            let rendering = ClientProfile.shipped.open(app, of: Self.catalog(type).appType("t")!, action: "go", with: ["a": "hello", "b": "you"])
            #expect(rendering.outcome.rawValue == (row.outcome.state == .unsupported ? "app" : row.outcome.state.rawValue))
        }
    }

    @Test func everyActionOfEveryTypeInCatalogOrder() {
        let matrices = SupportMatrix.all(Self.catalog(Self.sample, #"[{"key": "u", "actions": [{"key": "x"}]}]"#))
        #expect(matrices.map { "\($0.type) \($0.action)" } == ["t go", "t stop", "u x"])
        #expect(matrices[2].rows.isEmpty && matrices[2].columns.isEmpty)
    }

    @Test(arguments: [
        ("tt", nil, "unknown app type 'tt' (did you mean 't'?); valid values are: t"),
        ("t", "og", "app type 't' has no action 'og' (did you mean 'go'?); valid values are: go, stop"),
        ("t", "launch", "app type 't' has no action 'launch'; valid values are: go, stop"),
    ] as [(String, String?, String)])
    func unknownKeysListTheValidOnes(type: String, action: String?, message: String) {
        let error = #expect(throws: UnknownKeyError.self) { try SupportMatrix.select(from: Self.catalog(Self.sample), type: type, action: action) }
        #expect(error?.description == message)
    }
}
