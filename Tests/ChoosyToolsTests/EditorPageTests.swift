import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyTools

/// What the editor page knows of a file: where a new app goes, and which apps it can write back
/// without losing anything (their text is what fmt writes: no comment, no other spelling).
struct EditorPageTests {
    static func targets(_ files: [String: String]) throws -> [EditorPage.Target] {
        let scratch = try ScratchDirectory("editor", files: files)
        let catalog = try CatalogLoader().load(path: scratch.url.path)
        return EditorPage.targets(in: catalog, merged: MergedCatalog(catalog)) { $0 }
    }

    static let yaml = """
        - name: T
          key: t
          parameters: []
          actions:
            - name: Go
              key: go
          apps:
            - name: A
              key: a
              app_url_scheme: "a:"
              actions:
                - key: go
                  url_format: a://go
            - name: B # the second
              key: b
              app_url_scheme: "b:"
              actions:
                - key: go
                  url_format: 'b://go'

        """

    @Test func anAppWithACommentOrAnotherSpellingIsNotEditedButTheOthersAre() throws {
        let target = try #require(try Self.targets(["t.yaml": Self.yaml]).first)
        #expect(target.apps.map(\.key) == ["a", "b"])
        #expect(target.apps.map(\.isCanonical) == [true, false])
        // Where the first app's text is, in UTF-16 units of the file's text.
        let text = target.text.utf16
        let first = String(text[text.index(text.startIndex, offsetBy: target.apps[0].start)..<text.index(text.startIndex, offsetBy: target.apps[0].end)])!
        #expect(first == "name: A\n      key: a\n      app_url_scheme: \"a:\"\n      actions:\n        - key: go\n          url_format: a://go\n")
        // A new app goes after the last one's lines, at its dash.
        #expect(target.insertion.lowerBound == target.text.utf16.count)
        #expect(target.prefix == "    - ")
        #expect(target.indent == 6)
    }

    /// An app's page links the editor starting from the app when the editor can write it back,
    /// and with its type chosen when it cannot.
    @Test func anAppPageLinksTheEditorWithTheAppItCanEdit() throws {
        let scratch = try ScratchDirectory("editor", files: ["t.yaml": Self.yaml])
        let site = scratch.url.appendingPathComponent("site")
        try DocsSite(try CatalogLoader().load(path: scratch.url.path)).write(to: site.path)
        let page = { (app: String) in try String(contentsOf: site.appendingPathComponent("app-\(app).html"), encoding: .utf8) }
        #expect(try page("a").contains(#"<a href="editor.html?type=t&amp;app=a">Edit A in T</a>"#))
        #expect(try page("b").contains(#"<a href="editor.html?type=t">Add an app to T</a>"#))
    }

    @Test func aJSONFileOfNoAppsGetsTheListFmtWrites() throws {
        let json = """
            [
              {
                "name": "T",
                "key": "t",
                "parameters": [],
                "actions": [],
                "apps": []
              }
            ]

            """
        let target = try #require(try Self.targets(["t.json": json]).first)
        #expect(target.apps.isEmpty)
        let utf16 = Array(target.text.utf16)
        #expect(String(utf16CodeUnits: Array(utf16[target.insertion]), count: target.insertion.count) == "[]")
        #expect(target.prefix == "[\n      " && target.suffix == "\n    ]" && target.indent == 8)
    }

    @Test(arguments: [
        ("https://github.com/o/r/blob/main", "https://github.com/o/r/edit/main/"),
        ("https://github.com/o/r/tree/release/1.0/", "https://github.com/o/r/edit/release/1.0/"),
        ("https://gitlab.com/o/r/-/blob/main", nil), ("https://github.com/o/r", nil),
    ] as [(String, String?)])
    func theEditPageIsGitHubsForAFileTreeOnGitHub(sourceURL: String, editURL: String?) {
        #expect(EditorPage.gitHubURL(sourceURL, page: "edit") == editURL)
    }
}
