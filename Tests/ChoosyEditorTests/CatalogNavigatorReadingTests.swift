import ChoosyTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyEditor
@testable import ChoosySyntax

/// A navigator made before an edit, reading the edited text (`CatalogNavigator.reading`): the
/// cursor is looked up in the text as it is now, and the places it answers are those of that
/// text, found again by key however far the edit moved them.
struct CatalogNavigatorReadingTests {
    static let before = """
        [{"key": "t", "name": "T", "parameters": [{"key": "text", "name": "Text"}],
          "actions": [{"key": "post", "name": "Post"}],
          "apps": [{"key": "a", "name": "A", "actions": [{"key": "post", "url_format": "a://post?text={{text}}"}]}]}]
        """

    /// Lines typed above, a parameter and an app typed before the ones the model knows, and
    /// the url_format being edited: every place has moved.
    static let after = """

        [{"key": "t", "name": "T", "parameters": [{"key": "extra"}, {"key": ⟨textKey⟩"text", "name": "Text"}],
          "actions": [{"key": ⟨postKey⟩"post", "name": "Post"}],
          "apps": [{"key": "b", "actions": []},
                   {"key": "a", "name": "A", "actions": [{"key": ⟨appPost⟩"post", "url_format": "a://post?x=⟨extraPlaceholder⟩{{extra}}&text=⟨placeholder⟩{{text}}"}]}]}]
        """

    static func reading(_ slots: [String: String]) -> (navigator: CatalogNavigator, marked: MarkedCatalog) {
        let earlier = Catalog(layers: [Layer(name: "server", sources: [SourceFile(path: "t.json", text: before)])])
        let marked = MarkedCatalog([("t.json", CatalogNavigatorTests.Case.fill(after, slots))])
        let current = PartialDocument(loading: marked.cursorFile).document
        return (CatalogNavigator(catalog: earlier).reading(["t.json": current]), marked)
    }

    @Test(arguments: [
        CatalogNavigatorTests.Case("a placeholder moved down and right leads to its moved parameter", ["placeholder": "‸", "textKey": "↓"]),
        CatalogNavigatorTests.Case("an app action moved to the second app leads to its action", ["appPost": "‸", "postKey": "↓"]),
    ])
    func definitionAnswersInTheTextAsItIsNow(_ testCase: CatalogNavigatorTests.Case) {
        let (navigator, marked) = Self.reading(testCase.slots)
        let links = navigator.definition(in: "t.json", at: marked.cursor)
        #expect(!links.isEmpty)
        #expect(Set(links.map(MarkedCatalog.mark)) == marked.marks)
    }

    @Test func referencesOfAParameterAreItsMovedDeclarationAndPlaceholders() {
        let (navigator, marked) = Self.reading(["textKey": "↓‸", "placeholder": "↓"])
        let links = navigator.references(in: "t.json", at: marked.cursor, includeDeclaration: true)
        #expect(Set(links.map(MarkedCatalog.mark)) == marked.marks)
    }

    @Test func whatTheModelDoesNotHoldYetIsNotAnswered() {
        let (navigator, marked) = Self.reading(["placeholder": "‸"])
        #expect(navigator.hover(in: "t.json", at: marked.cursor)?.markdown.contains("**Text**") == true, "the model's parameter")
        let (sameNavigator, extra) = Self.reading(["extraPlaceholder": "‸"])
        #expect(sameNavigator.definition(in: "t.json", at: extra.cursor).isEmpty, "a parameter typed since the model was merged")
    }

    @Test func aFileThatDoesNotParseNowAnswersNothing() {
        let file = SourceFile(path: "t.json", text: Self.before)
        let navigator = CatalogNavigator(catalog: Catalog(layers: [Layer(name: "server", sources: [file])]))
        let placeholder = SourceLines(of: file, hasByteOrderMark: false)
            .location(ofOffset: UInt32(Self.before.utf8.count - "{{text}}\"}]}]}]".utf8.count))
        #expect(!navigator.definition(in: "t.json", at: placeholder).isEmpty)
        let doesNotParse: Document? = nil
        #expect(navigator.reading(["t.json": doesNotParse]).definition(in: "t.json", at: placeholder).isEmpty)
    }
}
