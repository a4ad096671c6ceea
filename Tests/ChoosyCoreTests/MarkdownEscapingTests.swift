import Testing
@testable import ChoosyCore

/// `MarkdownEscaping`: catalog text in the review comment is text, never markup.
struct MarkdownEscapingTests {
    @Test(arguments: [
        ("</details><img src=x onerror=alert(1)>", #"\<\/details\>\<img src\=x onerror\=alert\(1\)\>"#),
        ("`|*_[x](y)", #"\`\|\*\_\[x\]\(y\)"#),
        ("a\nb", #"a\\nb"#),
        ("&amp; <!-- x", #"\&amp\; \<\!\-\- x"#),
        ("plain words", "plain words"),
    ])
    func textEscapesEveryPunctuationCharacterAndLineBreak(input: String, expected: String) {
        #expect(MarkdownEscaping.text(input) == expected)
    }

    @Test(arguments: [
        ("[x](command:evil) **bold**", #"\[x\](command:evil) \*\*bold\*\*"#),
        ("<img src=x onerror=alert(1)>", #"\<img src=x onerror=alert(1)\>"#),
        ("Page to open. It must start with http:// or https://.", "Page to open. It must start with http:// or https://."),
        ("back-to-app button", "back-to-app button"),
        ("# Title", ##"\# Title"##), ("- item", #"\- item"#), ("12. item", #"12\. item"#), ("3) item", #"3\) item"#), ("12 apps", "12 apps"),
        ("a\nb", #"a\\nb"#),
    ])
    func proseEscapesOnlyWhatStartsMarkup(input: String, expected: String) {
        #expect(MarkdownEscaping.prose(input) == expected)
    }

    @Test(arguments: [
        ("waze://?q=a|b", "`waze://?q=a\\|b`"),
        ("a`b", "``a`b``"),
        ("`x`", "`` `x` ``"),
        ("</details>", "`</details>`"),
        // A backslash or a line break cannot be shown in a code span in a table: plain text.
        ("a\\|b", #"a\\\|b"#),
        ("a\nb", #"a\\nb"#),
        ("", ""),
    ])
    func codeSpansHoldBackticksAndPipesInTableCells(input: String, expected: String) {
        #expect(MarkdownEscaping.code(input) == expected)
    }
}
