import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosySyntax
@testable import ChoosyTools

/// `show`'s text of what the shipped client ignores: a later layer's value under the value the
/// client keeps, with its own origin; nothing of it in the wire format or for a fixed client.
struct MergedTextRendererTests {
    static let builtin = """
        [{"key": "t", "name": "Tools",
          "apps": [{"key": "a", "name": "A", "app_url_scheme": "a:",
            "actions": [{"key": "go", "url_format": "a://1"}]}]}]
        """
    static let server = """
        [{"key": "t", "name": "Tools",
          "apps": [{"key": "a", "app_url_scheme": "b:", "source": "https://b.example",
            "actions": [{"key": "go", "url_format": "a://2", "examples": [{"parameters": {}, "url": "a://2"}]},
                        {"key": "new", "url_format": "a://new"}]}]}]
        """

    static func merged(_ profile: ClientProfile) -> MergedCatalog {
        MergedCatalog(Catalog(layerTexts: [[builtin], [server]]), profile: profile)
    }

    @Test func eachIgnoredValueIsShownUnderTheKeptOneOrWhereItWouldBe() {
        #expect(MergedTextRenderer.render(Self.merged(.shipped).tree) == """
            - name: Tools                                 (layer1/file1.json:1)
              key: t                                      (layer1/file1.json:1)
              parameters: []
              actions: []
              apps:
                - name: A                                 (layer1/file1.json:2)
                  key: a                                  (layer1/file1.json:2)
                  app_url_scheme: a:                      (layer1/file1.json:2)
                  # ignored: app_url_scheme "b:"          (layer2/file1.json:2)
                  # ignored: source "https://b.example"   (layer2/file1.json:2)
                  actions:
                    - key: go                             (layer1/file1.json:3)
                      url_format: a://1                   (layer1/file1.json:3)
                      # ignored: url_format "a://2"       (layer2/file1.json:3)
                      # ignored: examples […]             (layer2/file1.json:3)
                    - key: new                            (layer2/file1.json:4)
                      url_format: a://new                 (layer2/file1.json:4)

            """)
    }

    @Test func aFixedClientIgnoresNothing() {
        let text = MergedTextRenderer.render(Self.merged(.rfc3986).tree)
        #expect(!text.contains("# ignored"))
        #expect(text.contains("app_url_scheme: b:"))
    }

    @Test func theWireFormatLeavesIgnoredValuesOut() throws {
        let app = try #require(Self.merged(.shipped).appType("t")?.app("a"))
        #expect(app.tree.jsonValue.compactText() == #"{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"go","url_format":"a://1"},{"key":"new","url_format":"a://new"}]}"#)
        #expect(app.tree.members?.map(\.key) == ["name", "key", "app_url_scheme", "actions"])
        #expect(YAMLWriter.render(app.tree.node()) == YAMLWriter.render(Self.merged(.shipped).appType("t")!.app("a")!.tree.node()))
    }
}
