import Foundation
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

/// The parts of the HTML tree the docs site added: links that cannot carry a script, script
/// data that cannot end its element, void form elements.
struct HTMLSiteTests {
    @Test(arguments: [
        ("type-twitter.html", true), ("#parameters", true), ("search.html?q=x", true), ("a/b:c", true),
        ("https://example.com/x", true), ("HTTP://example.com", true), ("hTtPs://example.com", true), ("é/x:y", true),
        ("httpx:y", false), ("\u{0125}ttp://x", false), ("ht:tp://x", false),
        ("javascript:alert(1)", false), (" javascript:alert(1)", false), ("java\tscript:alert(1)", false),
        ("JavaScript:alert(1)", false), ("data:text/html,<script>", false), ("tweetbot:///post", false), ("mailto:x@y", false),
    ])
    func onlyRelativeAndWebURLsAreSafe(url: String, isSafe: Bool) {
        #expect(HTML.isSafeURL(url) == isSafe)
    }

    @Test func anUnsafeURLAttributeBecomesAHashAndOtherAttributesAreKept() {
        #expect(HTML.tag(.a, [.init(.href, "javascript:alert(1)")], [.text("x")]).rendered() == "<a href=\"#\">x</a>")
        #expect(HTML.tag(.form, [.init(.action, "data:x")]).rendered() == "<form action=\"#\"></form>")
        #expect(HTML.tag(.a, [.init(.title, "javascript:x")]).rendered() == "<a title=\"javascript:x\"></a>")
    }

    @Test(arguments: [
        ("</script><script>alert(1)</script>", #"["\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"]"#),
        ("<!-- a & b -->", #"["\u003c!-- a \u0026 b --\u003e"]"#),
        ("line\u{2028}sep", #"["line\u2028sep"]"#),
    ])
    func scriptDataCannotEndItsElement(value: String, expected: String) throws {
        let rendered = HTML.scriptData(id: "d", .array([.string(value)])).rendered()
        #expect(rendered == "<script type=\"application/json\" id=\"d\">\(expected)</script>")
        // The escapes are JSON's own: the data reads back as the value.
        let json = try #require(expected.data(using: .utf8))
        #expect(try JSONSerialization.jsonObject(with: json) as? [String] == [value])
    }

    @Test func scriptFilesAreDeferredAndFormElementsAreVoid() {
        #expect(HTML.scriptFile(HTML.StaticStringValue("a.js")).rendered() == "<script src=\"a.js\" defer></script>")
        let form = HTML.tag(.form, [.init(.role, "search")], [.tag(.label, [.init(.for, "q")], [.text("Q")]), .tag(.input, [.init(.id, "q")])])
        #expect(form.rendered() == "<form role=\"search\">\n  <label for=\"q\">Q</label>\n  <input id=\"q\">\n</form>")
    }
}
