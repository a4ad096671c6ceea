import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog

/// The system's last step (docs/url.md, "Validity"): `ios17` is held against Foundation's own
/// `URL(string:)`, which implements the RFC 3986 parsing Apple documents from iOS 17, on
/// generated strings; both rules against tables written from their documentation.
struct SystemURLParsingTests {
    /// What a test expects of one platform: the text as it is, the URL it becomes, or none.
    enum Expected: Sendable, Equatable, CustomStringConvertible {
        case asIs
        case becomes(String)
        case noURL

        init(_ result: SystemURLParsing.Result) {
            switch result {
            case .url: self = .asIs
            case .encoded(let url, _): self = .becomes(url)
            case .noURL: self = .noURL
            }
        }

        var description: String {
            switch self {
            case .asIs: "as is"
            case .becomes(let url): url
            case .noURL: "no URL"
            }
        }
    }

    @Test(arguments: [
        ("twit:///post?message=hi&replyToScreenName={{profile_username}}", Expected.becomes("twit:///post?message=hi&replyToScreenName=%7B%7Bprofile_username%7D%7D")),
        ("a://x/100%", .becomes("a://x/100%25")),
        // Once a part is encoded, its `%XX` are encoded too; the other parts are kept.
        ("a://x/100%41%zz", .becomes("a://x/100%2541%25zz")),
        ("a://x/100%41?q=%zz", .becomes("a://x/100%41?q=%25zz")),
        ("a://x#a#b", .becomes("a://x#a%23b")),
        ("a://x/a b|c", .becomes("a://x/a%20b%7Cc")),
        ("a://x/[y]", .becomes("a://x/%5By%5D")),
        ("a://u s@h/", .becomes("a://u%20s@h/")),
        ("a://héllo.com/p", .becomes("a://xn--hllo-bpa.com/p")),
        ("tel://a b/", .becomes("tel://a%20b/")),
        ("a://[::1%eth0]/", .becomes("a://[::1%25eth0]/")),
        // A path without a scheme keeps no ':' in its first segment.
        ("a@b:c d", .becomes("a@b%3Ac%20d")),
        // A ':' first is an empty scheme.
        (":a:b c", .becomes(":a%3Ab%20c")),
        // What the system wrote is checked again: a bracket inside an IP literal stays invalid.
        ("tel://[x[::1%eth0]/", .noURL),
        // An encoded URL is written again from its parts: the port as a number.
        ("a://h:0080/é", .becomes("a://h:80/%C3%A9")),
        ("a://h:/é", .becomes("a://h/%C3%A9")),
        ("a b://x", .noURL),
        ("1a://x", .noURL),
        ("a://h:8a/", .noURL),
        ("a://[::1]x/", .noURL),
        ("http://exa mple.com/", .noURL),
        ("addressbook://h:x/é", .becomes("addressbook://h/%C3%A9")),
        ("a://x?q=1#top", .asIs),
        ("a://x/%41", .asIs),
        ("//x/y", .asIs),
        ("", .asIs),
    ])
    func iOS17EncodesWhatItCan(text: String, expected: Expected) {
        #expect(Expected(SystemURLParsing.parse(text, on: .ios17)) == expected)
    }

    @Test(arguments: [
        ("twit:///post?message=hi&replyToScreenName={{profile_username}}", Expected.noURL),
        ("a://x/100%", .noURL),
        ("a://x/100%4", .noURL),
        ("a://x/100%zz", .noURL),
        ("a://x/100%41", .asIs),
        ("a://x#a#b", .noURL),
        ("a://x#a", .asIs),
        ("a://x/a b", .noURL),
        ("a://x?q=a|b", .noURL),
        ("a://héllo.com/p", .noURL),
        ("a://x?q=\u{7F}", .noURL),
        // The old rule looks at characters only: what RFC 3986 refuses where it stands passes.
        ("a://x/[y]", .asIs),
        ("a b://x", .noURL),
        ("1a://x", .asIs),
        ("a://h:8a/", .asIs),
        ("", .asIs),
    ])
    func beforeIOS17ACharacterNoURLMayHoldMeansNoURL(text: String, expected: Expected) {
        #expect(Expected(SystemURLParsing.parse(text, on: .ios16)) == expected)
    }

    /// The reasons name what the system did, for the warnings of `url`.
    @Test func reasonsNameTheCharacterAndThePart() {
        #expect(SystemURLParsing.parse("a://x?q={{q}}", on: .ios17)
            == .encoded(url: "a://x?q=%7B%7Bq%7D%7D", reason: "holds '{' in its query, which the system percent-encodes"))
        #expect(SystemURLParsing.parse("a://x?q={{q}}", on: .ios16) == .noURL(reason: "holds '{', which no URL may contain"))
        #expect(SystemURLParsing.parse("a://x/100%", on: .ios16) == .noURL(reason: "holds a '%' that two hexadecimal digits do not follow"))
        #expect(SystemURLParsing.parse("a://x#a#b", on: .ios16) == .noURL(reason: "holds a second '#'"))
        #expect(SystemURLParsing.parse("a://héllo.com/", on: .ios17)
            == .encoded(url: "a://xn--hllo-bpa.com/", reason: "has the host 'héllo.com', which the system IDNA-encodes"))
        #expect(SystemURLParsing.parse("a b://x", on: .ios17)
            == .noURL(reason: "has the scheme 'a b', which is not a letter followed by letters, digits, '+', '-' and '.'"))
    }

    /// Foundation's answer: the URL's text, or nil.
    static func foundation(_ text: String) -> String? {
        URL(string: text)?.absoluteString
    }

    @Test func iOS17IsFoundationsURLStringOnTenThousandGeneratedStrings() {
        let strings = SystemURLStrings.generated(count: 12_000)
        var differences: [String] = []
        var outcomes: [String: Int] = [:]
        for text in strings {
            let result = SystemURLParsing.parse(text, on: .ios17)
            let ours: String? = switch result {
            case .url: text
            case .encoded(let url, _): url
            case .noURL: nil
            }
            outcomes[String(describing: Expected(result)).hasPrefix("no") ? "none" : ours == text ? "as is" : "encoded", default: 0] += 1
            if ours != Self.foundation(text) { differences.append("\(text) -> ours \(ours ?? "nil"), Foundation \(Self.foundation(text) ?? "nil")") }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(strings.count) differ, such as:\n\(differences.prefix(5).joined(separator: "\n"))")
        // The corpus reaches all three answers, each often.
        #expect(outcomes.count == 3 && outcomes.values.allSatisfy { $0 > 1000 }, "\(outcomes)")
    }
}
