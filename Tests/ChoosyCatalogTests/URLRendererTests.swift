import Testing
@testable import ChoosyCatalog

/// The client's URL rendering made precise (docs/url.md): encoding, dropping empty query
/// components, fragments, and the whole-URL placeholder.
struct URLRendererTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let values: [String: String]
        let url: String
        let dropped: [String]
        var testDescription: String { "\(format) with \(values.sorted { $0.key < $1.key })" }

        init(_ format: String, _ values: [String: String], _ url: String, dropped: [String] = []) {
            self.format = format
            self.values = values
            self.url = url
            self.dropped = dropped
        }
    }

    @Test(arguments: [
        // Encoding: every byte outside A-Z a-z 0-9 - . _ ~ becomes %XX, upper-case.
        Case("a://x?q={{q}}", ["q": "hello world"], "a://x?q=hello%20world"),
        Case("a://x?q={{q}}", ["q": "a&b=c?d/e#f"], "a://x?q=a%26b%3Dc%3Fd%2Fe%23f"),
        Case("a://x?q={{q}}", ["q": "AZaz09-._~"], "a://x?q=AZaz09-._~"),
        Case("a://x?q={{q}}", ["q": "1+1:@!$'()*,;%"], "a://x?q=1%2B1%3A%40%21%24%27%28%29%2A%2C%3B%25"),
        Case("a://x?q={{q}}", ["q": "Café 日本"], "a://x?q=Caf%C3%A9%20%E6%97%A5%E6%9C%AC"),
        Case("a://x?q={{q}}", ["q": "👍🏽"], "a://x?q=%F0%9F%91%8D%F0%9F%8F%BD"),
        Case("a://x?q={{q}}", ["q": "line\nbreak"], "a://x?q=line%0Abreak"),
        Case("a://x?q={{q}}", ["q": "%20"], "a://x?q=%2520"),
        Case("a://x?q={{q}}", ["q": "{{q}}"], "a://x?q=%7B%7Bq%7D%7D"),
        // Empty and missing values drop their query component; other components stay.
        Case("a://x?q={{q}}&r=1", ["q": ""], "a://x?r=1", dropped: ["q"]),
        Case("a://x?q={{q}}&r=1", [:], "a://x?r=1", dropped: ["q"]),
        Case("a://x?q={{q}}", [:], "a://x", dropped: ["q"]),
        Case("a://x?v=1&q={{q}}&flag", [:], "a://x?v=1&flag", dropped: ["q"]),
        Case("a://x?a={{q}}&b={{r}}&c={{q}}", [:], "a://x", dropped: ["q", "r"]),
        Case("a://x?a={{q}}&b={{r}}", ["r": "2"], "a://x?b=2", dropped: ["q"]),
        Case("a://x?{{q}}", [:], "a://x", dropped: ["q"]),
        Case("a://x?q={{q}}{{q}}&r={{r}}{{q}}", [:], "a://x", dropped: ["q", "r"]),
        Case("a://x?a={{a}}&b=1&c={{c}}&d=2", [:], "a://x?b=1&d=2", dropped: ["a", "c"]),
        Case("a://x?{{q}}", ["q": "hi there"], "a://x?hi%20there"),
        // The value is what follows the first '='; literal text in it keeps the component.
        Case("a://x?ll={{lat}},{{lon}}", [:], "a://x?ll=,"),
        Case("a://x?q={{a}}{{b}}", ["b": "2"], "a://x?q=2"),
        Case("a://x?{{k}}=1", [:], "a://x?=1"),
        Case("a://x?", [:], "a://x?"),
        // Before the '?' a placeholder is filled or emptied, never dropped.
        Case("a://user/{{name}}?cb={{cb}}", ["name": "a b/c"], "a://user/a%20b%2Fc", dropped: ["cb"]),
        Case("a://user/{{name}}/post", [:], "a://user//post"),
        Case("mailto:{{to}}?subject={{subject}}", ["to": "a@b.example", "subject": "Hi"], "mailto:a%40b.example?subject=Hi"),
        Case("a://{{q}}?q={{q}}", ["q": "x"], "a://x?q=x"),
        // The fragment starts at the first '#'; a '?' after it is fragment text.
        Case("a://x?q={{q}}#top", [:], "a://x#top", dropped: ["q"]),
        Case("a://x?q={{q}}#top", ["q": "1"], "a://x?q=1#top"),
        Case("a://x#{{anchor}}", ["anchor": "a b"], "a://x#a%20b"),
        Case("a://x#f?q={{q}}", [:], "a://x#f?q="),
        // A format that is one placeholder is the caller's URL, inserted as given.
        Case("{{url}}", ["url": "https://example.com/a b?x=1&y=é#f"], "https://example.com/a b?x=1&y=é#f"),
        Case("{{url}}", [:], ""),
        // Only well-formed {{name}} placeholders are filled; the rest is literal text.
        Case("a://x?q={{ q }}", ["q": "1"], "a://x?q={{ q }}"),
        Case("a://x?q=#{q}&r={{r}}", ["q": "1"], "a://x?q=#{q}", dropped: ["r"]),
        Case("a://x/{{url}}", ["url": "https://e.example"], "a://x/https%3A%2F%2Fe.example"),
    ])
    func rendersAsTheClientDoes(_ testCase: Case) {
        let rendering = URLRenderer.render(testCase.format, with: testCase.values)
        #expect(rendering.url == testCase.url)
        #expect(rendering.dropped == testCase.dropped)
    }

    @Test func everyASCIIByteOutsideUnreservedIsEncodedUpperCase() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(UnicodeScalar(byte))
            let unreserved = text.wholeMatch(of: /[A-Za-z0-9._~-]/) != nil
            let hex = String(byte, radix: 16, uppercase: true)
            #expect(URLRenderer.percentEncode(text) == (unreserved ? text : "%" + (hex.count == 1 ? "0" : "") + hex))
        }
    }
}
