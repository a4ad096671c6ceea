import Testing
@testable import ChoosyData

/// `url_format` parsing into literals and placeholders with their ranges.
struct URLTemplateTests {
    @Test func splitsLiteralsAndPlaceholders() {
        let template = URLTemplate("tweetbot:///user_profile/{{profile_screenname}}?callback_url={{callback_url}}")
        #expect(template.segments == [
            .literal("tweetbot:///user_profile/"),
            .placeholder(.init(name: "profile_screenname", range: 25..<47)),
            .literal("?callback_url="),
            .placeholder(.init(name: "callback_url", range: 61..<77)),
        ])
    }

    @Test func rangesCountUnicodeScalars() {
        let template = URLTemplate("é☕{{a}}")
        #expect(Array(template.placeholders) == [.init(name: "a", range: 2..<7)])
    }

    @Test func rangesCountScalarsInsideNamesToo() {
        let template = URLTemplate("{{é☕}}x{{a}}")
        #expect(Array(template.placeholders) == [.init(name: "é☕", range: 0..<6), .init(name: "a", range: 7..<12)])
    }

    @Test(arguments: [
        ("{{ x }}", [" x "]),
        ("{{}}", [""]),
        ("a{{b", []),
        ("{x}", []),
        ("{{{x}}}", ["{x"]),
        ("{{a}}{{b}}", ["a", "b"]),
        ("no placeholders", []),
    ])
    func keepsMalformedNamesForRulesToReport(text: String, names: [String]) {
        #expect(URLTemplate(text).placeholders.map(\.name) == names)
    }

    @Test(arguments: ["", "x", "a{{b", "{{a}}", "p/{{a}}?q={{b}}#f", "{{{x}}}"])
    func segmentsJoinBackToTheText(text: String) {
        #expect(URLTemplate(text).rejoinedText == text)
    }
}
