import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// The matrix formats on data that tries to break them: names and keys with markup,
/// quotes, separators and line breaks must come out as literal text in every format.
struct MatrixFormatTests {
    static let hostile = """
        [{"key": "t&<x>", "name": "<script>alert('type')</script>",
          "parameters": [{"key": "p\\"q", "name": "<b onmouseover=\\"x\\">"}, {"key": "a,b|c"}, {"key": "a"}],
          "actions": [{"key": "go", "name": "Go & \\"run\\"\\n</td>"}],
          "apps": [
            {"key": "evil", "name": "<img src=x onerror=alert(1)> & \\"quotes\\" 'single'",
             "actions": [{"key": "go", "url_format": "evil://{{a}}"}]},
            {"key": "line\\nbreak", "name": "*bold* [link](javascript:x) `code` | pipe\\r\\nnext",
             "actions": []}
          ]}]
        """

    static let matrices = SupportMatrix.all(SupportMatrixTests.catalog(hostile))

    @Test func htmlEscapesEveryDataString() {
        let html = MatrixOutputFormat.html.render(Self.matrices)
        for raw in ["<script>", "<img", "<b ", "\n</td>", "onerror=alert(1)>", "=\"x\"", "'single'\"", "t&<x>"] {
            #expect(!html.contains(raw), "unescaped \(raw)")
        }
        for escaped in [
            "&lt;script&gt;alert('type')&lt;/script&gt;", "&lt;img src=x onerror=alert(1)&gt; &amp; \"quotes\" 'single'",
            "<code>t&amp;&lt;x&gt; go</code>",
            "<th scope=\"row\">&lt;img src=x onerror=alert(1)&gt; &amp; \"quotes\" 'single'</th>",
        ] {
            #expect(html.contains(escaped), "missing \(escaped)")
        }
        // Quotes need no escaping in text, only in attribute values.
        #expect(html.contains("<code>p\"q</code>"))
        // The only elements are the renderer's own: every '<' in the output starts a known tag.
        let tags = Set(html.matches(of: /<\/?([A-Za-z0-9!]+)/).map { String($0.output.1) })
        #expect(tags.isSubset(of: ["!DOCTYPE", "html", "head", "meta", "title", "style", "body", "main", "section", "h1", "h2", "p",
                                   "div", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "ul", "li", "span", "code", "wbr"]))
        #expect(!html.contains("<script") && !html.contains("http"))
    }

    /// The HTML grid: a column per parameter some app uses (the others named below it), each
    /// cell its mark's words with its parameter key, an app without the action one "action not
    /// supported" cell across its row, and the legend the words of the cells.
    @Test func htmlGridShowsTheUsedParametersInWords() {
        let catalog = SupportMatrixTests.catalog(#"""
            [{"key": "t", "name": "T", "parameters": [{"key": "q_x", "name": "<b onmouseover=\"x\">"}, {"key": "p"}, {"key": "unused"}],
              "actions": [{"key": "go", "name": "Go"}],
              "apps": [{"key": "a", "name": "A", "actions": [{"key": "go", "url_format": "a://{{p}}?q={{q_x}}"}]},
                       {"key": "b", "name": "B", "actions": [{"key": "go", "url_format": "b://x?q={{q_x}}"}]},
                       {"key": "c", "name": "C", "actions": []}]}]
            """#)
        let html = MatrixOutputFormat.html.render(SupportMatrix.all(catalog))
        for row in [
            // A column is headed by the parameter's name (escaped) and its key; by the key alone without a name.
            // A cell carries its key for a narrow screen, which hides the `none` cells: they carry none.
            #"<tr><th scope="col">App</th><th scope="col"><span class="name">&lt;b onmouseover="x"&gt;</span> <code>q_<wbr>x</code></th><th scope="col"><code>p</code></th></tr>"#,
            #"<tr><th scope="row">A</th><td class="query" data-key="q_x">query — optional</td><td class="path" data-key="p">in the URL path — required</td></tr>"#,
            #"<tr><th scope="row">B</th><td class="query" data-key="q_x">query — optional</td><td class="none">not used</td></tr>"#,
            #"<tr class="unsupported"><th scope="row">C</th><td class="unsupported" colspan="2">action not supported</td></tr>"#,
            #"<tr><th scope="row">Coverage (of 2)</th><td data-key="q_x">2</td><td data-key="p">1</td></tr>"#,
            "<p>Not used by any app for this action: <code>unused</code>.</p>",
        ] {
            #expect(html.contains(row), "missing \(row)")
        }
        let legend = html.matches(of: /<li><span class="mark [a-z-]+">([^<]+)<\/span>/).map { String($0.output.1) }
        #expect(legend == SupportMark.allCases.map(\.label))
    }

    @Test func markdownKeepsDataLiteralAndOnOneTableRow() {
        let markdown = MatrixOutputFormat.markdown.render(Self.matrices)
        #expect(markdown.contains("## \\<script\\>alert('type')\\</script\\>: Go \\& \"run\" \\</td\\> (t\\&\\<x\\> go)"))
        #expect(markdown.contains("| app | p\"q | a,b\\|c | a |"))
        #expect(markdown.contains("| \\*bold\\* \\[link\\](javascript:x) \\`code\\` \\| pipe  next | — | — | — |"))
        #expect(markdown.contains("| \\<img src=x onerror=alert(1)\\> \\& \"quotes\" 'single' | · | · | ✓ |"))
    }

    @Test func csvQuotesFieldsWithSeparatorsQuotesAndLineBreaks() {
        let csv = MatrixOutputFormat.csv.render(Self.matrices)
        #expect(csv == """
            type,action,app,state,parameter,support\r
            t&<x>,go,evil,url,"p""q",none\r
            t&<x>,go,evil,url,"a,b|c",none\r
            t&<x>,go,evil,url,a,path\r
            t&<x>,go,"line
            break",unsupported,"p""q",none\r
            t&<x>,go,"line
            break",unsupported,"a,b|c",none\r
            t&<x>,go,"line
            break",unsupported,a,none\r

            """)
    }

    @Test(arguments: [
        ("=cmd|' /C calc'!A0", #""'=cmd|' /C calc'!A0""#),
        ("+1+1", #""'+1+1""#),
        ("-2+3", #""'-2+3""#),
        ("@SUM(A1)", #""'@SUM(A1)""#),
        ("\tx", "\"'\tx\""),
        ("\rx", "\"'\rx\""),
        (#"=HYPERLINK("http://x","y")"#, #""'=HYPERLINK(""http://x"",""y"")""#),
        ("a=b", "a=b"),
        ("a-b", "a-b"),
        ("", ""),
    ])
    func csvNeutralisesFieldsASpreadsheetWouldReadAsFormulas(text: String, field: String) {
        #expect(MatrixCSVRenderer.field(text) == field)
    }

    @Test func textKeepsEveryNameOnItsLineAndWithinTheWidth() {
        let text = MatrixOutputFormat.text.render(Self.matrices)
        #expect(text.contains("<script>alert('type')</script>: Go & \"run\" </td>  [t&<x> go]"))
        #expect(text.contains("\n*bold* [link](javascrip… — — —\n"))
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test func textSplitsGridsWiderThanTheTerminal() {
        let parameters = (1...40).map { #"{"key": "parameter_\#($0)"}"# }.joined(separator: ", ")
        let catalog = SupportMatrixTests.catalog(#"""
            [{"key": "wide", "parameters": [\#(parameters)], "actions": [{"key": "go"}],
              "apps": [{"key": "a", "name": "An app with a name far too long for the grid", "actions": [{"key": "go", "url_format": "a://{{parameter_1}}?x={{parameter_40}}"}]}]}]
            """#)
        let text = MatrixOutputFormat.text.render(SupportMatrix.all(catalog))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(text.contains("  parameters 1–18:\n"))
        #expect(text.contains("  parameters 37–40:\n"))
        #expect(text.contains("\nAn app with a name far …  ✓  ·"))
        #expect(text.contains("  ·  ◦\ncoverage (of 1)"))
    }

    /// Records each write: `matrix` must hand its text over a matrix at a time.
    struct RecordingStream: TextOutputStream {
        var writes: [String] = []
        mutating func write(_ string: String) { writes.append(string) }
    }

    static let threeMatrices = SupportMatrix.all(SupportMatrixTests.catalog("""
        [{"key": "t", "parameters": [{"key": "a"}, {"key": "b"}], "actions": [{"key": "go"}, {"key": "see"}],
          "apps": [{"key": "x", "actions": [{"key": "go", "url_format": "x://{{a}}?b={{b}}"}]}]},
         {"key": "u", "parameters": [], "actions": [{"key": "open"}], "apps": []}]
        """))

    /// Each format writes its opening, one piece per matrix and its closing, and the pieces
    /// together read as one document of the format.
    @Test(arguments: MatrixOutputFormat.allCases)
    func formatsWriteAMatrixAtATime(format: MatrixOutputFormat) throws {
        var stream = RecordingStream()
        format.write(Self.threeMatrices, to: &stream)
        #expect(stream.writes.count == 5)
        let text = stream.writes.joined()
        #expect(text.utf8.last == UInt8(ascii: "\n"))
        switch format {
        case .json:
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [[String: Any]]]
            #expect(object?["matrices"]?.map { "\($0["type"]!) \($0["action"]!)" } == ["t go", "t see", "u open"])
        case .html:
            #expect(text.matches(of: /<section>/).count == 3 && text.hasSuffix("</main>\n  </body>\n</html>\n"))
            #expect(text.contains("id=\"matrix-3\""))
        case .csv:
            #expect(text.split(separator: "\r\n").count == 1 + 2 * 2)
        case .text, .markdown:
            #expect(text.contains("\n\n") && text.contains("open") && !text.hasSuffix("\n\n"))
        }
    }

    /// With no matrices (a catalog without actions) each format is still a whole document.
    @Test(arguments: MatrixOutputFormat.allCases)
    func noMatricesStillMakeADocument(format: MatrixOutputFormat) throws {
        let text = format.render([SupportMatrix]())
        switch format {
        case .json:
            #expect(text == "{\n  \"matrices\": []\n}\n")
        case .html:
            #expect(text.hasPrefix("<!DOCTYPE html>\n") && text.hasSuffix("</html>\n") && !text.contains("<section"))
        case .csv:
            #expect(text == "type,action,app,state,parameter,support\r\n")
        case .text:
            #expect(text == """
                Legend:
                  ✓ path: used outside the query, so the URL needs a value
                  ◦ query: used in the query only, so optional: the client drops it when empty
                  × lost: named only where the client never fills it, so the app never gets it
                  · none: the app's URL for this action does not take the parameter
                  ⌂ app-only: not a valid URL once filled: the client launches the app only
                  ! crash: a query component has no '=': the client crashes the host app
                  — unsupported: the app has no URL for this action

                """)
        case .markdown:
            #expect(text == """
                # Parameter support

                - ✓ **path**: used outside the query, so the URL needs a value
                - ◦ **query**: used in the query only, so optional: the client drops it when empty
                - × **lost**: named only where the client never fills it, so the app never gets it
                - · **none**: the app's URL for this action does not take the parameter
                - ⌂ **app-only**: not a valid URL once filled: the client launches the app only
                - ! **crash**: a query component has no '=': the client crashes the host app
                - — **unsupported**: the app has no URL for this action

                """)
        }
    }

    /// A type without parameters has rows of names only: padding is not left at their ends,
    /// not even a name's own trailing spaces or the spaces its controls (a tab, U+0085) become.
    @Test func gridsWithoutParametersAreNamesOnly() {
        let catalog = SupportMatrixTests.catalog(#"""
            [{"key": "t", "name": "T", "parameters": [], "actions": [{"key": "go", "name": "Go"}],
              "apps": [{"key": "a", "name": "App with spaces   ", "actions": [{"key": "go", "url_format": "a://"}]},
                       {"key": "b", "name": "Tab\tand \u0085 next\u0085", "actions": []}]}]
            """#)
        #expect(MatrixOutputFormat.text.render(SupportMatrix.all(catalog)).hasSuffix("""
            — unsupported: the app has no URL for this action

            T: Go  [t go]

            App with spaces
            Tab and   next
            coverage (of 1)
              (no parameters)

            """))
    }
}
