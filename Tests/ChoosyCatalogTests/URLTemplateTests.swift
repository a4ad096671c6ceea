import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog

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

    /// A text, the names of the template's placeholders in it and the forms of the scanner's tokens.
    struct Reading: Sendable, CustomTestStringConvertible {
        let text: String
        let templateNames: [String]
        let scannedForms: [PlaceholderToken.Form]
        var testDescription: String { text }
    }

    /// The template's placeholders are the scanner's tokens with two braces a side, named by
    /// the text between them: where a walk from `{{` to the next `}}` would read other names
    /// (`{{{x}}}`, `{{x}}}`, `{{a{{b}}`, `{{a}b}}`), the scanner's reading holds.
    @Test(arguments: [
        Reading(text: "{{ name }}", templateNames: [" name "], scannedForms: [.padded(name: "name")]),
        Reading(text: "{{Text}}", templateNames: ["Text"], scannedForms: [.invalidName("Text")]),
        Reading(text: "{{}}", templateNames: [""], scannedForms: [.empty]),
        Reading(text: "{{{x}}}", templateNames: [], scannedForms: [.wrongBraceCount(inside: "x")]),
        Reading(text: "{{x}}}", templateNames: [], scannedForms: [.unbalanced(inside: "x")]),
        Reading(text: "a://x?q={{x", templateNames: [], scannedForms: [.unbalanced(inside: "x")]),
        Reading(text: "{{a{{b}}", templateNames: ["b"], scannedForms: [.unbalanced(inside: "a"), .valid(name: "b")]),
        Reading(text: "{{a}b}}", templateNames: [], scannedForms: [.unbalanced(inside: "a"), .unbalanced(inside: "b")]),
        Reading(text: "{x}", templateNames: [], scannedForms: [.wrongBraceCount(inside: "x")]),
        Reading(text: "{{a}}{{b}}", templateNames: ["a", "b"], scannedForms: [.valid(name: "a"), .valid(name: "b")]),
        Reading(text: "no placeholders", templateNames: [], scannedForms: []),
        Reading(text: "#{x}/<y>/|z|", templateNames: [], scannedForms: [.legacy(inside: "x"), .legacy(inside: "y"), .legacy(inside: "z")]),
    ])
    func placeholdersAreTheScannersDoubleBracedTokens(_ reading: Reading) {
        #expect(URLTemplate(reading.text).placeholders.map(\.name) == reading.templateNames)
        #expect(PlaceholderToken.scan(ScalarText(reading.text), parameterKeys: []).map(\.form) == reading.scannedForms)
    }

    @Test(arguments: ["", "x", "a{{b", "{{a}}", "p/{{a}}?q={{b}}#f", "{{{x}}}"])
    func segmentsJoinBackToTheText(text: String) {
        #expect(URLTemplate(text).rejoinedText == text)
    }
}
