import Testing
@testable import ChoosyData

/// The HTML node tree: structure, and escaping that no text or attribute value can escape.
struct HTMLTests {
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("Tom & Jerry's \"show\"", "Tom &amp; Jerry's \"show\""),
        ("&amp;", "&amp;amp;"),
        ("nul\u{0}", "nul\u{FFFD}"),
    ])
    func textIsEscaped(text: String, expected: String) {
        #expect(HTML.tag(.p, [], [.text(text)]).rendered() == "<p>\(expected)</p>")
    }

    @Test(arguments: [
        ("\" onclick=\"x", "&quot; onclick=&quot;x"),
        ("it's <b>", "it&#39;s &lt;b&gt;"),
        ("a&b", "a&amp;b"),
    ])
    func attributeValuesAreEscaped(value: String, expected: String) {
        #expect(HTML.tag(.td, [.init(.title, value)]).rendered() == "<td title=\"\(expected)\"></td>")
    }

    @Test func blockElementsIndentTheirChildrenAndInlineOnesDoNot() {
        let tree = HTML.tag(.ul, [], [.tag(.li, [], [.text("a "), .tag(.code, [], [.text("b")])]), .tag(.li)])
        #expect(tree.rendered() == "<ul>\n  <li>a <code>b</code></li>\n  <li></li>\n</ul>")
    }

    @Test func voidElementsHaveNoEndTagAndDocumentsADoctype() {
        let document = HTML.tag(.head, [], [.tag(.meta, [.init(.charset, "utf-8")]), .styleSheet(HTML.TrustedStyleSheet("p { color: red; }\n"))])
        #expect(document.renderedDocument() == "<!DOCTYPE html>\n<head>\n  <meta charset=\"utf-8\">\n  <style>\np { color: red; }\n  </style>\n</head>\n")
    }
}
