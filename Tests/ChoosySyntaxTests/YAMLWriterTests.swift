import Testing
@testable import ChoosySyntax

/// The YAML emitter against the loader: every string, however it is written, reads back as
/// itself, and strings other readers would take for something else are never written plain.
struct YAMLWriterTests {
    /// Characters that matter to YAML's syntax and resolution, and some that do not.
    static let alphabet: [String] = [
        "a", "e", "x", "0", "1", " ", ":", "#", "-", "?", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">",
        "'", "\"", "%", "@", "`", ".", "~", "=", "<", "+", "_", "\\", "\t", "\n", "\r", "\0", "\u{7F}",
        "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "🗺",
    ]

    /// Strings a catalog or a careless edit could hold: the core schema's special values,
    /// YAML 1.1's, indicators, document markers, and every string of up to three characters
    /// of `alphabet`.
    static let trickyStrings: [String] = {
        var strings = [
            "", "null", "Null", "NULL", "~", "true", "True", "FALSE", "1.0", "0x1F", "0o17", "+1", "-1", ".5", "1e3", "1E+3",
            ".inf", "-.Inf", ".NaN", "yes", "No", "ON", "off", "y", "N", "<<", "=", "1_000", "0b101", "12:30", "190:20:30",
            "2001-12-14", "2001-12-14t21:59:43.10-05:00", "1.2.3", ".", "-", "--", "---", "...", "--- a", "... a",
            "a: b", "a:", ":", ": ", "a #b", "a#b", "#a", "- a", "-a", "? a", "?a", ":a", "a\nb", " a", "a ", "\ta",
            "tweetbot:", "http://www.twitter.com/{{profile_screenname}}", "{{url}}", "[a]", "{a: 1}", "&a", "*a", "!a",
            "|", ">", "%YAML", "@a", "`a", "'a'", "\"a\"", "a'b", "Twitter / X", "Größe", "🗺 Maps", "a\u{85}b",
            "line\u{2028}separator", "\u{FEFF}bom", "a\u{1B}b", String(repeating: "k", count: 1500),
        ]
        for first in alphabet {
            strings.append(first)
            for second in alphabet {
                strings.append(first + second)
                for third in ["a", " ", ":", "#", "-", "0", "\n"] { strings.append(first + second + third) }
            }
        }
        return strings
    }()

    static func node(_ value: Node.Value) -> Node {
        Node(value, range: SourceRange(at: .start), pointer: .root)
    }

    /// `text` as a sequence item, a mapping value and a mapping key, and read back.
    static func roundTrip(_ text: String) -> (written: String, readBack: Node?) {
        let tree = node(.array([
            node(.string(text)),
            node(.object([Member(key: "k", keyRange: SourceRange(at: .start), value: node(.string(text)))])),
            node(.object([Member(key: text, keyRange: SourceRange(at: .start), value: node(.string("v")))])),
        ]))
        let written = YAMLWriter.render(tree)
        return (written, try? YAMLLoader.load(SourceFile(path: "t.yaml", text: written)).root)
    }

    @Test func everyTrickyStringReadsBackAsItself() {
        #expect(Self.trickyStrings.count > 10_000)
        var failures: [String] = []
        for text in Self.trickyStrings {
            let (written, readBack) = Self.roundTrip(text)
            let expected = Self.node(.array([
                Self.node(.string(text)),
                Self.node(.object([Member(key: "k", keyRange: SourceRange(at: .start), value: Self.node(.string(text)))])),
                Self.node(.object([Member(key: text, keyRange: SourceRange(at: .start), value: Self.node(.string("v")))])),
            ]))
            if readBack?.hasSameValue(as: expected) != true {
                failures.append("\(text.unicodeScalars.map { String($0.value, radix: 16) }) written as \(written.debugDescription)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) strings do not round-trip:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func everyStringWrittenPlainReadsBackAsThatStringWhenPlain() {
        var plain = 0
        for text in Self.trickyStrings where YAMLPlainScalar.allows(text) {
            plain += 1
            let scalar = YAMLEvent.Scalar(text: text, isPlain: true, anchor: nil, tag: nil)
            let value = try? YAMLScalarResolver.resolve(scalar, at: SourceRange(at: .start))
            #expect(YAMLWriter.string(text) == text)
            guard case .string(let read)? = value, read == text else {
                Issue.record("\(text.debugDescription) is written plain but resolves to \(String(describing: value))")
                continue
            }
        }
        #expect(plain > 1000, "the property test should cover many plain strings, not only quoted ones")
    }

    @Test(arguments: [
        "", "null", "~", "true", "1.0", "0x1F", "yes", "no", "on", "off", "y", "n", "Yes", "OFF", "<<", "=",
        "1_000", "12:30", "2001-12-14", ".inf", ":", ": ", "a: b", "a #b", "*a", "&a", "!a", "|", ">", "%a", "@a",
        "`a", "{a", "[a", "-", "- a", "? a", "'a", "\"a", " a", "a ", "a\nb", "a\u{7}b", "---", "...",
    ])
    func valuesOtherReadersMisreadAreQuoted(_ text: String) {
        #expect(YAMLWriter.string(text).hasPrefix("\""), "\(text.debugDescription) must be quoted")
    }

    @Test(arguments: ["Twitter / X", "tweetbot:///post?text={{text}}", "-a", "a#b", "Größe", "x: y".replacingOccurrences(of: " ", with: "")])
    func ordinaryTextStaysPlain(_ text: String) {
        #expect(YAMLWriter.string(text) == text)
    }

    @Test func escapesKeepQuotedScalarsOnOneLine() {
        #expect(YAMLWriter.doubleQuoted("a\"b\\c\nd\te\u{85}f\u{2028}g\u{1}h\u{FEFF}") == #""a\"b\\c\nd\te\Nf\Lg\x01h\uFEFF""#)
    }

    @Test func layoutMatchesTheCatalogFiles() throws {
        let document = try Document.load(SourceFile(path: "t.json", text: #"""
            [{"name": "Maps", "key": "maps", "parameters": [], "actions": [{"name": "Go", "key": "go"}],
              "apps": [{"name": "A", "key": "a", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "a://{{x}}", "examples": [{"parameters": {}, "url": "a://"}]}], "x-extra": [[1, 2], [], {}]}]}]
            """#))
        #expect(YAMLWriter.render(document.root) == """
            - name: Maps
              key: maps
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
                      url_format: a://{{x}}
                      examples:
                        - parameters: {}
                          url: a://
                  x-extra:
                    - - 1
                      - 2
                    - []
                    - {}

            """)
    }
}
