/// Strings for the system's URL parsing, generated from a fixed seed: the same on every run, read
/// by its tests in process and in the browser.
package enum SystemURLStrings {
    /// The pieces strings are made of: each part's delimiters, the characters some part
    /// refuses, percent signs with and without their digits, non-ASCII text, and schemes whose
    /// hosts and ports the system treats apart.
    package static let pieces = [
        "a:", "twit:", "http:", "tel:", "TEL:", "addressbook:", "x+.-1:", "1a:", "a b:", "_x:", ":", "//", "//", "/", "/", "?", "?", "#",
        "&", "=", "@", "u:p@", ":", ":80", ":0080", ":8a", "[", "]", "[::1]", "[::1%eth0]", "[::1%25en0]", "[v1.x]", "{", "}", "{{q}}",
        "%", "%41", "%4", "%zz", "%%", "%2F", " ", "|", "^", "`", "\"", "<", ">", "\\", "\u{7F}", "\t", "é", "😀", "héllo", "xn--hllo-bpa",
        "host", "h.com", "EXAMPLE.com", "a", "b", "0", "9", "-", ".", "_", "~", "!", "$", "'", "(", ")", "*", "+", ",", ";", "a=b",
    ]

    /// Strings of 1 to 12 pieces, the first often a scheme and `//`, from a fixed seed.
    package static func generated(count: Int) -> [String] {
        var generator = SplitMix64(seed: 17)
        return (0..<count).map { _ in
            var text = ""
            if Int.random(in: 0..<3, using: &generator) > 0 {
                text += pieces[Int.random(in: 0..<10, using: &generator)] + (Bool.random(using: &generator) ? "//" : "")
            }
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                text += pieces.randomElement(using: &generator)!
            }
            return text
        }
    }
}
