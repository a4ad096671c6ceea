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

    /// A text where the template's placeholders and the lint scanner's tokens could part ways:
    /// the `{{…}}` the template finds (by name) and the forms `PlaceholderToken.scan` finds.
    struct Disagreement: Sendable, CustomTestStringConvertible {
        let text: String
        let templateNames: [String]
        let scannedForms: [PlaceholderToken.Form]
        var testDescription: String { text }
    }

    @Test(arguments: [
        Disagreement(text: "{{ name }}", templateNames: [" name "], scannedForms: [.padded(name: "name")]),
        Disagreement(text: "{{Text}}", templateNames: ["Text"], scannedForms: [.invalidName("Text")]),
        Disagreement(text: "{{}}", templateNames: [""], scannedForms: [.empty]),
        Disagreement(text: "{{{x}}}", templateNames: ["{x"], scannedForms: [.wrongBraceCount(inside: "x")]),
        Disagreement(text: "{{x}}}", templateNames: ["x"], scannedForms: [.unbalanced(inside: "x")]),
        Disagreement(text: "a://x?q={{x", templateNames: [], scannedForms: [.unbalanced(inside: "x")]),
        Disagreement(text: "{{a{{b}}", templateNames: ["a{{b"], scannedForms: [.unbalanced(inside: "a"), .valid(name: "b")]),
        Disagreement(text: "{{a}b}}", templateNames: ["a}b"], scannedForms: [.unbalanced(inside: "a"), .unbalanced(inside: "b")]),
        Disagreement(text: "#{x}/<y>/|z|", templateNames: [], scannedForms: [.legacy(inside: "x"), .legacy(inside: "y"), .legacy(inside: "z")]),
    ])
    func templateAndScannerOnPlaceholdersTheyMayReadDifferently(_ disagreement: Disagreement) {
        #expect(URLTemplate(disagreement.text).placeholders.map(\.name) == disagreement.templateNames)
        #expect(PlaceholderToken.scan(ScalarText(disagreement.text), parameterKeys: []).map(\.form) == disagreement.scannedForms)
    }

    @Test(arguments: ["", "x", "a{{b", "{{a}}", "p/{{a}}?q={{b}}#f", "{{{x}}}"])
    func segmentsJoinBackToTheText(text: String) {
        #expect(URLTemplate(text).rejoinedText == text)
    }

    /// The walk jumps from brace to brace; every text of up to six scalars from braces, a
    /// letter and a two-byte scalar must give what a scalar-by-scalar search gives.
    @Test func placeholdersAreWhatAScalarByScalarSearchFinds() {
        var texts = [""]
        for _ in 1...6 {
            texts = texts.flatMap { text in ["{", "}", "a", "é"].map { text + $0 } }
            for text in texts {
                #expect(Array(URLTemplate(text).placeholders) == Self.placeholdersFoundScalarByScalar(in: text), "\(text)")
            }
        }
    }

    /// The first `{{` with a `}}` after it, the name between, and on from after the `}}`.
    private static func placeholdersFoundScalarByScalar(in text: String) -> [URLTemplate.Placeholder] {
        let scalars = Array(text.unicodeScalars)
        var placeholders: [URLTemplate.Placeholder] = []
        var index = 0
        while index + 1 < scalars.count {
            let closing = index + 2 < scalars.count
                ? (index + 2..<scalars.count - 1).first { scalars[$0] == "}" && scalars[$0 + 1] == "}" } : nil
            guard scalars[index] == "{", scalars[index + 1] == "{", let closing else {
                index += 1
                continue
            }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[(index + 2)..<closing])
            placeholders.append(.init(name: String(name), range: index..<(closing + 2)))
            index = closing + 2
        }
        return placeholders
    }
}
