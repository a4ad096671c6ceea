import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore

/// The HTML writer: structure, and escaping that no text or attribute value can escape.
struct HTMLTests {
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("Tom & Jerry's \"show\"", "Tom &amp; Jerry's \"show\""),
        ("&amp;", "&amp;amp;"),
        ("nul\u{0}", "nul\u{FFFD}"),
        ("é<ü>", "é&lt;ü&gt;"),
    ])
    func textIsEscaped(text: String, expected: String) {
        #expect(HTMLWriter.fragment { $0.element(.p) { $0.text(text) } } == "<p>\(expected)</p>")
        // The same text as the UTF-8 of a part of a longer string, as url_formats are written.
        let scalars = ScalarText("«" + text + "&")
        let part = scalars.utf8(of: 1..<(scalars.count - 1))
        #expect(HTMLWriter.fragment { $0.element(.p) { $0.text(utf8: part) } } == "<p>\(expected)</p>")
    }

    @Test(arguments: [
        ("\" onclick=\"x", "&quot; onclick=&quot;x"),
        ("it's <b>", "it&#39;s &lt;b&gt;"),
        ("a&b", "a&amp;b"),
    ])
    func attributeValuesAreEscaped(value: String, expected: String) {
        #expect(HTMLWriter.fragment { $0.element(.td, [.init(.title, value)]) } == "<td title=\"\(expected)\"></td>")
    }

    @Test func blockElementsIndentTheirChildrenAndInlineOnesDoNot() {
        let html = HTMLWriter.fragment { html in
            html.element(.ul) { html in
                html.element(.li) { html in
                    html.text("a ")
                    html.element(.code) { $0.text("b") }
                }
                html.element(.li)
            }
        }
        #expect(html == "<ul>\n  <li>a <code>b</code></li>\n  <li></li>\n</ul>")
    }

    /// A block inside an inline element inside a block: the inner block's children are one
    /// level deeper than the inline element, and an empty block stays on one line.
    @Test func depthFollowsBlocksThroughInlineElements() {
        let html = HTMLWriter.fragment { html in
            html.element(.div) { html in
                html.element(.td) { html in
                    html.element(.ul) { html in html.element(.li) { $0.text("x") } }
                    html.element(.ol)
                }
            }
        }
        #expect(html == "<div>\n  <td><ul>\n    <li>x</li>\n  </ul><ol></ol></td>\n</div>")
    }

    /// Inline markup written once and copied into a document reads as if written there, at any
    /// depth, escaped as it was written.
    @Test func aFragmentReadsAsItsContentWrittenInPlace() {
        let content = { (html: inout HTMLWriter) in
            html.element(.td, [.init(.class, "none"), .init(.dataKey, "a<b")]) { $0.text("x & y") }
            html.text(" <z>")
            html.element(.code) { $0.text("'") }
        }
        let fragment = HTMLWriter.inlineFragment(capacity: 4, content)
        for writesFragment in [false, true] {
            let html = HTMLWriter.fragment { html in
                html.element(.div) { html in
                    html.element(.section) { html in
                        html.element(.tr) { html in
                            if writesFragment { html.write(fragment) } else { content(&html) }
                            html.element(.td) { $0.text("after") }
                        }
                    }
                }
            }
            #expect(html == """
                <div>
                  <section>
                    <tr><td class="none" data-key="a&lt;b">x &amp; y</td> &lt;z&gt;<code>'</code><td>after</td></tr>
                  </section>
                </div>
                """)
        }
    }

    /// A document written in pieces reads the same as written whole.
    @Test(arguments: [1, 2, 3])
    func aFramedDocumentWithItsPiecesIsTheWholeDocument(pieceCount: Int) {
        func items(_ range: Range<Int>, into html: inout HTMLWriter) {
            for index in range {
                html.element(.li) { html in
                    html.element(.p) { $0.text("item \(index) <") }
                    html.element(.code) { $0.text("\(index)") }
                }
            }
        }
        func page(_ html: inout HTMLWriter, list: (inout HTMLWriter) -> Void) {
            html.element(.body) { html in
                html.element(.main) { html in
                    html.element(.h1) { $0.text("Items") }
                    html.element(.ul, [], list)
                    html.element(.p) { html in
                        html.text("inline ")
                        html.element(.strong) { $0.text("end") }
                    }
                }
            }
        }
        let whole = HTMLWriter.document { page(&$0) { items(0..<pieceCount, into: &$0) } }
        // The first item in the frame (the cut comes after a child), the rest as pieces.
        let frame = HTMLWriter.framedDocument { html in
            page(&html) { html in
                items(0..<1, into: &html)
                html.markInsertion()
            }
        }
        let pieces = (1..<pieceCount).map { index in HTMLWriter.piece(at: frame.insertion) { items(index..<(index + 1), into: &$0) } }
        #expect(frame.opening + pieces.joined() + frame.closing == String(decoding: whole, as: UTF8.self))
    }

    @Test func voidElementsHaveNoEndTagAndDocumentsADoctype() {
        let document = HTMLWriter.document { html in
            html.element(.head) { html in
                html.element(.meta, [.init(.charset, "utf-8")])
                html.styleSheet(HTML.TrustedStyleSheet("p { color: red; }\n"))
            }
        }
        #expect(String(decoding: document, as: UTF8.self) == "<!DOCTYPE html>\n<head>\n  <meta charset=\"utf-8\">\n  <style>\np { color: red; }\n  </style>\n</head>\n")
    }
}

/// The parts of the HTML writer the docs site added: links that cannot carry a script, script
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
        #expect(HTMLWriter.fragment { $0.element(.a, [.init(.href, "javascript:alert(1)")]) { $0.text("x") } } == "<a href=\"#\">x</a>")
        #expect(HTMLWriter.fragment { $0.element(.form, [.init(.action, "data:x")]) } == "<form action=\"#\"></form>")
        #expect(HTMLWriter.fragment { $0.element(.a, [.init(.title, "javascript:x")]) } == "<a title=\"javascript:x\"></a>")
    }

    @Test(arguments: [
        ("</script><script>alert(1)</script>", #"["\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"]"#),
        ("<!-- a & b -->", #"["\u003c!-- a \u0026 b --\u003e"]"#),
        ("line\u{2028}sep", #"["line\u2028sep"]"#),
    ])
    func scriptDataCannotEndItsElement(value: String, expected: String) throws {
        let rendered = HTMLWriter.fragment { $0.scriptData(id: "d", .array([.string(value)])) }
        #expect(rendered == "<script type=\"application/json\" id=\"d\">\(expected)</script>")
        // The escapes are JSON's own: the data reads back as the value.
        let json = try #require(expected.data(using: .utf8))
        #expect(try JSONSerialization.jsonObject(with: json) as? [String] == [value])
    }

    @Test func scriptFilesAreDeferredAndFormElementsAreVoid() {
        #expect(HTMLWriter.fragment { $0.scriptFile(HTML.StaticStringValue("a.js")) } == "<script src=\"a.js\" defer></script>")
        let form = HTMLWriter.fragment { html in
            html.element(.form, [.init(.role, "search")]) { html in
                html.element(.label, [.init(.for, "q")]) { $0.text("Q") }
                html.element(.input, [.init(.id, "q")])
            }
        }
        #expect(form == "<form role=\"search\">\n  <label for=\"q\">Q</label>\n  <input id=\"q\">\n</form>")
    }
}
