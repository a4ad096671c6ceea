import Testing
@testable import ChoosyCatalog

/// The URL logic every url rule shares: finding placeholders of every form, cutting a format
/// into scheme, query components and fragment, and RFC 3986's grammar.
struct URLFormatTests {
    @Test(arguments: [
        ("a://x?q={{text}}", ["{{text}}"], [PlaceholderToken.Form.valid(name: "text")]),
        ("{{}}", ["{{}}"], [.empty]),
        ("a://{{ text }}", ["{{ text }}"], [.padded(name: "text")]),
        ("a://{{Text}}/{{a-b}}", ["{{Text}}", "{{a-b}}"], [.invalidName("Text"), .invalidName("a-b")]),
        ("a://{x}/{{{y}}}", ["{x}", "{{{y}}}"], [.wrongBraceCount(inside: "x"), .wrongBraceCount(inside: "y")]),
        ("a://{{x}&b={{y}}", ["{{x}", "{{y}}"], [.unbalanced(inside: "x"), .valid(name: "y")]),
        ("a://?q={{x&b=1", ["{{x"], [.unbalanced(inside: "x")]),
        ("a://?q=x}}&r={{y}}}", ["x}}", "{{y}}}"], [.unbalanced(inside: "x"), .unbalanced(inside: "y")]),
        ("a://#{x}/<y>/|z|/(text)", ["#{x}", "<y>", "|z|", "(text)"], [.legacy(inside: "x"), .legacy(inside: "y"), .legacy(inside: "z"), .legacy(inside: "text")]),
        ("a://wiki/Swift_(language)/<a b>/|1|", [], []),
        // Only the last opener before a closer can start a legacy token; the others are text.
        ("a://<<x<y>/||z|/((text)/(tex(text)", ["<y>", "|z|", "(text)", "(text)"], [.legacy(inside: "y"), .legacy(inside: "z"), .legacy(inside: "text"), .legacy(inside: "text")]),
        ("a://<y_1>/(texts)/(tex)/<y-1>", ["<y_1>"], [.legacy(inside: "y_1")]),
        ("a://{{a}}{{b}}", ["{{a}}", "{{b}}"], [.valid(name: "a"), .valid(name: "b")]),
    ])
    func placeholdersOfEveryFormAreFound(text: String, texts: [String], forms: [PlaceholderToken.Form]) {
        let format = URLFormat(text, parameterKeys: ["text"])
        #expect(format.placeholders.map { format.text(of: $0.range) } == texts)
        #expect(format.placeholders.map(\.form) == forms)
    }

    struct Cut: Sendable, CustomTestStringConvertible {
        let text: String
        let scheme: String?
        let query: String?
        let fragment: String?
        let componentNames: [String?]
        var testDescription: String { text }
    }

    @Test(arguments: [
        Cut(text: "tweetbot:///user/{{name}}?callback_url={{callback_url}}", scheme: "tweetbot", query: "callback_url={{callback_url}}", fragment: nil, componentNames: ["callback_url"]),
        Cut(text: "echofon:///user_timeline?{{profile_screenname}}", scheme: "echofon", query: "{{profile_screenname}}", fragment: nil, componentNames: [nil]),
        Cut(text: "a:b?x=1&&={{v}}&y?#f?z=2", scheme: "a", query: "x=1&&={{v}}&y?", fragment: "f?z=2", componentNames: ["x", nil, "", nil]),
        Cut(text: "a://h#f?notquery", scheme: "a", query: nil, fragment: "f?notquery", componentNames: []),
        Cut(text: "a://h?q={{a?b&c=d#e}}&r=1", scheme: "a", query: "q={{a?b&c=d#e}}&r=1", fragment: nil, componentNames: ["q", "r"]),
        Cut(text: "//host/path:x", scheme: nil, query: nil, fragment: nil, componentNames: []),
        Cut(text: "{{url}}", scheme: nil, query: nil, fragment: nil, componentNames: []),
        Cut(text: "mailbox-url-callback:", scheme: "mailbox-url-callback", query: nil, fragment: nil, componentNames: []),
    ])
    func formatsAreCutAsTheClientCutsThem(_ cut: Cut) {
        let format = URLFormat(cut.text)
        #expect(format.schemeRange.map(format.text(of:)) == cut.scheme)
        #expect(format.queryRange.map(format.text(of:)) == cut.query)
        #expect(format.fragmentRange.map(format.text(of:)) == cut.fragment)
        #expect(format.queryComponents.map { $0.nameRange.map(format.text(of:)) } == cut.componentNames)
    }

    /// `firstLiteral` stops at the first match; every range of every text of up to five
    /// scalars must give the first index outside placeholders that a full walk gives.
    @Test func firstLiteralIsTheFirstDelimiterOutsidePlaceholders() {
        var texts = [""]
        for _ in 1...5 {
            texts = texts.flatMap { text in ["{", "}", "/", "é"].map { text + $0 } }
            for text in texts {
                let format = URLFormat(text)
                let inPlaceholder = Set(format.placeholders.flatMap { Array($0.range) })
                for start in 0...format.scalars.count {
                    for end in start...format.scalars.count {
                        // A range starts outside placeholders wherever the url rules cut one.
                        guard !inPlaceholder.contains(start) || format.placeholder(startingAt: start) != nil else { continue }
                        let expected = (start..<end).first { !inPlaceholder.contains($0) && format.scalars[$0] == "/" }
                        #expect(format.firstLiteral("/", in: start..<end) == expected, "\(text) \(start)..<\(end)")
                    }
                }
            }
        }
    }

    /// Every text of up to `length` scalars drawn from `alphabet`.
    private static func texts(of alphabet: [String], upTo length: Int) -> [String] {
        var texts = [""]
        var last = [""]
        for _ in 0..<length {
            last = last.flatMap { text in alphabet.map { text + $0 } }
            texts += last
        }
        return texts
    }

    /// The scan looks only at bytes that may open a token; it must find what asking at every
    /// scalar finds, in ASCII and non-ASCII text alike.
    @Test func scanFindsWhatAWalkOfEveryScalarFinds() {
        for text in Self.texts(of: ["{", "}", "<", ">", "|", "(", ")", "x", "é"], upTo: 5) {
            let scalars = ScalarText(text)
            var opener = PlaceholderToken.Opener(parameterKeys: ["x", "é"])
            var expected: [PlaceholderToken] = []
            var index = 0
            while index < scalars.count {
                if let token = opener.token(in: scalars, at: index, after: expected.last?.range.upperBound ?? 0) {
                    expected.append(token)
                    index = token.range.upperBound
                } else {
                    index += 1
                }
            }
            #expect(PlaceholderToken.scan(scalars, parameterKeys: ["x", "é"]) == expected, "\(text)")
        }
    }

    /// The delimiters a cut starts from, found in the bytes, are those outside placeholders.
    @Test func delimitersAreThoseOutsidePlaceholders() {
        for text in Self.texts(of: ["{", "}", "?", "/", "&", "x", "é"], upTo: 6) {
            let format = URLFormat(text)
            let inPlaceholder = Set(format.placeholders.flatMap { Array($0.range) })
            let expected = format.scalars.indices.filter { !inPlaceholder.contains($0) && "#?:/&=".unicodeScalars.contains(format.scalars[$0]) }
            #expect(URLFormat.delimiters(of: format.scalars, skipping: format.placeholders) == expected, "\(text)")
        }
    }

    /// The shipped client's cut, found in the bytes from the first `?`, is the one a walk of
    /// every `Character` gives: a `?`, `&` or `=` that the next scalar joins into one character
    /// (a combining mark, a joiner, a skin tone) is no delimiter. `#` is one in any company:
    /// it is text to the client, and URL parsers after it compare code points.
    @Test func shippedCutIsTheCutOfAWalkOfEveryCharacter() {
        for text in Self.texts(of: ["?", "&", "=", "#", "x", "é", "\u{301}", "\u{200D}", "\u{1F3FB}"], upTo: 5) {
            let scalars = Array(text.unicodeScalars)
            var delimiters: [(position: Int, character: Character)] = []
            var position = 0
            for character in text {
                if "?&=".contains(character) { delimiters.append((position, character)) }
                position += character.unicodeScalars.count
            }
            func positions(of delimiter: Character, in range: Range<Int>) -> [Int] {
                delimiters.filter { $0.character == delimiter && range.contains($0.position) }.map(\.position)
            }
            var (query, lost, hash): (Range<Int>?, Range<Int>?, Int?) = (nil, nil, nil)
            var components: [ShippedURLCut.Component] = []
            let questionMarks = positions(of: "?", in: 0..<scalars.count)
            if let questionMark = questionMarks.first {
                let end = questionMarks.dropFirst().first ?? scalars.count
                lost = end < scalars.count ? end..<scalars.count : nil
                query = (questionMark + 1)..<end
                hash = scalars[(questionMark + 1)..<end].firstIndex(of: "#")
                var start = questionMark + 1
                for componentEnd in positions(of: "&", in: start..<end) + [end] {
                    let equals = positions(of: "=", in: start..<componentEnd)
                    components.append(.init(range: start..<componentEnd, firstEquals: equals.first, secondEquals: equals.dropFirst().first))
                    start = componentEnd + 1
                }
            }
            let cut = ShippedURLCut(ScalarText(text))
            #expect(cut.base == 0..<(query.map { $0.lowerBound - 1 } ?? scalars.count), "\(text.debugDescription)")
            #expect(cut.query == query && cut.lost == lost && cut.hashInQuery == hash, "\(text.debugDescription)")
            #expect(cut.components == components, "\(text.debugDescription)")
        }
    }

    /// Whether a delimiter separates is whether it is a `Character` of its own before the
    /// scalar after it, for every scalar of the planes that hold combining characters (0, 1
    /// and 14), of every UTF-8 length.
    @Test func aDelimiterSeparatesWhereItIsACharacterOfItsOwn() {
        var joining = 0
        for value in Array(0x80...0x1FFFF) + Array(0xE0000...0xEFFFF) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            var text = "?"
            text.unicodeScalars.append(scalar)
            text += "=x"
            let separates = ShippedURLCut(ScalarText(text)).query != nil
            #expect(separates == (text.first == "?"), "U+\(String(value, radix: 16, uppercase: true))")
            if !separates { joining += 1 }
        }
        // Combining marks, spacing marks, the joiners, skin tones, variation selectors, tags.
        #expect(joining > 2_000)
    }

    @Test func componentsKnowTheirPlaceholders() {
        let format = URLFormat("a://?x={{a}}&y=1&{{b}}")
        #expect(format.queryComponents.map(\.placeholders.count) == [1, 0, 1])
    }

    @Test(arguments: [
        "{{url}}", "mailto:{{to}}?cc={{cc}}&subject={{subject}}", "mailbox-url-callback:", "ymail://",
        "comgooglemaps-x-callback://?q={{query}}&x-success={{callback_url}}", "message://{{message_id}}",
        "a://user:pw@[::1]:8080/p%20q;x=1?x=/?@:!$'()*+,;#frag/?", "a://{{host}}:{{port}}/{{path}}",
        "x.y+z-w:rootless/path", "A://UPPER%2f", "a:/absolute",
    ])
    func validURIsPass(text: String) {
        #expect(URISyntax.firstViolation(in: URLFormat(text)) == nil)
    }

    @Test(arguments: [
        ("", 0, "the URL has no scheme"),
        ("//host/x", 0, "the URL has no scheme"),
        ("{{url}}/x", 0, "the URL has no scheme"),
        (":x", 0, "the URL's scheme is empty"),
        ("1a:x", 0, "a scheme must start with a letter"),
        ("tweet_bot:x", 5, "'_' is not allowed in the scheme"),
        ("a://h/x y", 7, "a space is not allowed in the path"),
        ("a://h/x?q=%4", 10, "'%' in the query must start a percent-encoded byte"),
        ("a://h/x?q=%zz", 10, "'%' in the query must start"),
        ("a://h/%{{x}}0", 6, "'%' in the path must start"),
        ("a://h?q=[1]", 8, "'[' is not allowed in the query"),
        ("a://h#a#b", 7, "'#' is not allowed in the fragment"),
        ("a://h:80x", 8, "'x' is not allowed in the port"),
        ("a://u[@h", 5, "'[' is not allowed in the user info"),
        ("a://h^st/", 5, "'^' is not allowed in the host"),
        ("a://[::1/", 4, "the IP literal opened by '[' is never closed"),
        ("a://[::1]x/", 9, "'x' is not allowed in the host"),
        ("a:///caf\u{E9}", 8, "'\u{E9}' is not allowed in the path"),
    ])
    func violationsAreFoundWhereTheyStart(text: String, offset: Int, message: String) throws {
        let violation = try #require(URISyntax.firstViolation(in: URLFormat(text)))
        #expect(violation.range.lowerBound == offset)
        #expect(violation.message.hasPrefix(message), "\(violation.message)")
    }

    /// What the system does with the URL follows the message, for each platform where it is not
    /// simply a URL (`SystemURLParsing`): url-valid says which platforms a finding concerns.
    @Test(arguments: [
        ("a://h/x y", ": from iOS 17 the system encodes it and the app gets the encoded URL; on builds before iOS 17 the client gets no URL and opens only the app"),
        ("a://h#a#b", ": from iOS 17 the system encodes it and the app gets the encoded URL; on builds before iOS 17 the client gets no URL and opens only the app"),
        ("a://h?q={{q}}%", ": from iOS 17 the system encodes it and the app gets the encoded URL; on builds before iOS 17 the client gets no URL and opens only the app"),
        ("a://h?q=[1]", ": from iOS 17 the system encodes it and the app gets the encoded URL"),
        ("a://h:80x", ": from iOS 17 the client gets no URL and opens only the app"),
        ("tweet_bot:x", ": from iOS 17 the client gets no URL and opens only the app"),
        ("a b:x", ": the client gets no URL and opens only the app"),
        ("//host/x", "such as 'tweetbot:'"),
    ])
    func messagesSayWhatEachPlatformDoes(text: String, ending: String) throws {
        let violation = try #require(URISyntax.firstViolation(in: URLFormat(text)))
        #expect(violation.message.hasSuffix(ending), "\(violation.message)")
    }

    @Test func hintsPercentEncodeTheCharacterAsUTF8() {
        #expect(URISyntax.firstViolation(in: URLFormat("a:///caf\u{E9}"))?.hint == "percent-encode it as '%C3%A9'")
        #expect(URISyntax.firstViolation(in: URLFormat("a:///a b"))?.hint == "percent-encode it as '%20'")
    }

    @Test(arguments: [
        ("tweetbot:", "tweetbot"), ("http://maps.apple.com/?q", "http"), ("x-dispatch:", "x-dispatch"),
        ("tweetbot", nil), ("tweet bot:", nil), ("2a:", nil), (":", nil), ("", nil),
    ])
    func schemeNamesAreRFC3986Schemes(text: String, name: String?) {
        #expect(URISyntax.schemeName(of: text) == name)
    }
}
