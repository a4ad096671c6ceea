import ChoosyTestSupport
import Foundation
import Testing

/// "Try it" in a real browser (headless Chromium) at a desktop's and a phone's width: it asks
/// only for the action's parameters, keeps the values in the page address so a link fills
/// the form again, shows each URL as a link (never to a script) with a copy button, and draws
/// QR codes that a decoder (Debian's zbarimg, which `make test` installs) reads back as the
/// URL shown. The QR encoder itself is checked against the standard's capacities, format and
/// version information, and by decoding codes of every version and of UTF-8 text.
@Suite(.serialized, .tags(.slow, .browser))
struct TryItBrowserTests {
    static let widths = [1280, 390]

    /// The post action of data/'s twitter type: its apps' url_formats use 9 of the type's 12
    /// parameters.
    static let post = "action-twitter-post.html"
    static let postParameters = [
        "text", "url_in_tweet", "reference_tweet_id", "via", "hashtags", "related", "profile_screenname", "callback_url", "account_screenname",
    ]

    /// The parameters asked for, and whether the form and every result fit the window: no
    /// box scrolls sideways and no QR code reaches past the right edge. QR codes are drawn only
    /// on request: none before its button is pressed, one per URL after, kept as values are typed.
    @Test(arguments: widths)
    func onlyTheActionsParametersAreAskedAndTheResultsFit(width: Int) throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let expression = """
            (() => {
              const before = document.querySelectorAll('#try-it-results svg.qr').length;
              const buttons = Array.from(document.querySelectorAll('#try-it-results button.show-qr'));
              buttons.forEach(button => button.click());
              // A code shown follows its URL as values are typed.
              const first = document.querySelector('#try-it-form textarea');
              first.value += ' typed';
              first.dispatchEvent(new Event('input', {bubbles: true}));
              const results = document.getElementById('try-it-results');
              const box = results.parentElement;
              const form = document.getElementById('try-it-form');
              const right = Math.max(...Array.from(document.querySelectorAll('#try-it svg.qr, #try-it-results tr'), e => e.getBoundingClientRect().right));
              return {
                parameters: Array.from(form.querySelectorAll('textarea'), input => input.name),
                labelled: Array.from(form.querySelectorAll('textarea'), input => form.querySelector('label[for="' + input.id + '"]') !== null),
                fits: box.scrollWidth <= box.clientWidth && form.scrollWidth <= form.clientWidth && right <= window.innerWidth,
                codes: document.querySelectorAll('#try-it-results svg.qr').length,
                before, buttons: buttons.length, expanded: document.querySelectorAll('#try-it-results button.show-qr[aria-expanded="true"]').length
              };
            })()
            """
        struct Layout: Decodable {
            let parameters: [String]; let labelled: [Bool]; let fits: Bool; let codes: Int; let before: Int; let buttons: Int; let expanded: Int
        }
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url(Self.post) + "#text=" + String(repeating: "long%20words%20", count: 40), expression: expression, width: width),
            Chromium.Visit(url: site.url("action-twitter-show_profile.html"), expression: expression, width: width),
        ], returning: Layout.self)
        for result in results { #expect(result.errors.isEmpty, "\(result.url): \(result.errors)") }
        let post = try #require(results[0].result)
        #expect(post.parameters == Self.postParameters)
        #expect(post.labelled.allSatisfy { $0 })
        #expect(post.fits, "width \(width)")
        #expect(post.before == 0 && post.buttons == 6 && post.expanded == 6 && post.codes == 6, "\(post)")
        let profile = try #require(results[1].result)
        #expect(!profile.parameters.isEmpty && profile.parameters.count < 12)
        #expect(!profile.parameters.contains("text"))
        #expect(profile.fits, "width \(width)")
    }

    /// What a row shows: the inputs, and for each app the URL, its link and its QR code's label.
    static let snapshot = """
        ({
          hash: location.hash,
          permalink: document.querySelector('#try-it .permalink').getAttribute('href'),
          values: Array.from(document.querySelectorAll('#try-it-form textarea'), input => [input.name, input.value]),
          rows: Array.from(document.querySelectorAll('#try-it-results tr[data-app]'), row => [
            row.dataset.app, row.querySelector('output').textContent, row.querySelector('a.opened')?.getAttribute('href') ?? null
          ])
        })
        """

    struct Snapshot: Decodable, Equatable {
        let hash: String
        /// Try it's own "#" link: the values typed, so that following it keeps them.
        let permalink: String
        let values: [[String]]
        let rows: [[String?]]
    }

    /// A link with values fills the form and renders them; typing writes them to the address,
    /// and that address gives the same form and results; emptying the form removes them from
    /// the address; a section's anchor is left alone; changing the fragment fills the form again.
    @Test(arguments: widths)
    func aLinkReproducesTheFilledInForm(width: Int) throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let values = try String(decoding: JSONEncoder().encode(["hello world", "a&b=c#d", "👍 é+%", "", "x/y?z"]), as: UTF8.self)
        let typeIn = """
            (() => {
              const values = \(values);
              const inputs = Array.from(document.querySelectorAll('#try-it-form textarea'));
              inputs.forEach((input, i) => { input.value = values[i % values.length]; input.dispatchEvent(new Event('input', {bubbles: true})); });
              return \(Self.snapshot);
            })()
            """
        let typed = try #require(Chromium.visit([Chromium.Visit(url: site.url(Self.post), expression: typeIn, width: width)], returning: Snapshot.self)[0].result)
        #expect(typed.hash.hasPrefix("#text=hello+world&url_in_tweet=a%26b%3Dc%23d&"), "\(typed.hash)")
        #expect(!typed.hash.contains("via="), "an empty value stays out of the address")
        #expect(typed.permalink == typed.hash)

        let emptyAll = """
            (() => { document.querySelectorAll('#try-it-form textarea').forEach(input => { input.value = ''; input.dispatchEvent(new Event('input', {bubbles: true})); });
              return location.hash; })()
            """
        let hashChange = """
            (async () => { const changed = new Promise(r => addEventListener('hashchange', r, {once: true}));
              location.hash = '#via=someone'; await changed; return \(Self.snapshot); })()
            """
        let inView = "(() => { const top = document.getElementById('try-it').getBoundingClientRect().top; return top >= -1 && top < 100; })()"
        let opened = try Chromium.visit([
            (typed.hash, Self.snapshot), (typed.hash, inView), ("#text=hi", emptyAll), ("#coverage", Self.snapshot), ("", hashChange),
        ].map { fragment, expression in
            Chromium.Visit(url: site.url(Self.post) + fragment, expression: "(async () => JSON.stringify(await \(expression)))()", width: width)
        }, returning: String.self)
        for result in opened { #expect(result.errors.isEmpty, "\(result.url): \(result.errors)") }
        #expect(try opened[0].decoded(Snapshot.self) == typed)
        #expect(try opened[1].decoded(Bool.self) == true, "Try it is brought into view")
        #expect(try opened[2].decoded(String.self) == "")
        let anchored = try opened[3].decoded(Snapshot.self)
        #expect(anchored.hash == "#coverage")
        #expect(anchored.values.allSatisfy { $0[1].isEmpty })
        #expect(anchored.permalink == "#try-it")
        let changed = try opened[4].decoded(Snapshot.self)
        #expect(changed.values.first { $0[0] == "via" }?[1] == "someone")
        #expect(changed.rows.first { $0[0] == "safari" }?[1] == "https://twitter.com/intent/tweet?via=someone")
    }

    /// Every URL the client opens is a link to itself unless its scheme runs script (the xss
    /// catalog's apps open `javascript:` and `data:` schemes, and a typed value can be a whole
    /// `javascript:` URL); every row with a URL has a copy button named after its app, and a
    /// click copies the URL, through the clipboard API or, without it, the selection, and says so.
    @Test func resultsAreLinksWithACopyButton() throws {
        let site = try BuiltSite(["data/"])
        // Before iOS 17 the xss format's markup makes it no URL, so its row opens the app's
        // scheme, which runs script too (from iOS 17 the format opens percent-encoded).
        let xss = try BuiltSite(["\(DocsBrowserTests.fixtures)/xss/", "--platform", "ios16"])
        try #require(site.outcome.status == 0 && xss.outcome.status == 0, "\(site.outcome.standardError)\(xss.outcome.standardError)")
        let links = """
            (() => {
              document.querySelectorAll('#try-it-form textarea').forEach(input => { input.value = 'javascript:alert(1)'; });
              document.querySelector('#try-it-form textarea')?.dispatchEvent(new Event('input', {bubbles: true}));
              return Array.from(document.querySelectorAll('#try-it-results tr[data-app]'), row => {
                const button = row.querySelector('button.copy');
                return {
                  url: row.querySelector('output').textContent,
                  href: row.querySelector('a.opened')?.getAttribute('href') ?? null,
                  button: button && button.type === 'button' ? button.getAttribute('aria-label') + '|' + button.textContent : null,
                  app: row.querySelector('th a').textContent
                };
              });
            })()
            """
        struct Row: Decodable { let url: String; let href: String?; let button: String?; let app: String }
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url(Self.post), expression: links),
            Chromium.Visit(url: xss.url("action-xss-go.html"), expression: links),
        ], returning: [Row].self)
        for result in results { #expect(result.errors.isEmpty && result.dialogs.isEmpty, "\(result.url): \(result.errors) \(result.dialogs)") }
        let post = try #require(results[0].result)
        #expect(post.count == 6)
        for row in post {
            #expect(row.href == row.url && !row.url.isEmpty, "\(row)")
            #expect(row.button == "Copy the URL for \(row.app)|Copy")
        }
        let scripts = try #require(results[1].result)
        #expect(Set(scripts.map(\.url)).isSuperset(of: ["javascript:alert('scheme')", "javascript:alert(1)"]), "\(scripts)")
        for row in scripts {
            #expect(row.href == nil, "\(row)")
            #expect(row.button == (row.url.isEmpty ? nil : "Copy the URL for \(row.app)|Copy"))
        }

        // The tricky catalog's formats crash the shipped client on a component without '=': no
        // URL, so no code box, link, button or QR code.
        let tricky = try BuiltSite(["\(DocsBrowserTests.fixtures)/tricky/"])
        let crashes = """
            Array.from(document.querySelectorAll('#try-it-results tr[data-outcome="crash"]'), row =>
              row.querySelector('output').childElementCount + row.querySelectorAll('.share > *').length)
            """
        let crashed = try #require(Chromium.visit([Chromium.Visit(url: tricky.url("action-tricky-go.html"), expression: crashes)], returning: [Int].self)[0].result)
        #expect(!crashed.isEmpty && crashed.allSatisfy { $0 == 0 }, "\(crashed)")

        let copy = """
            (async () => {
              const said = [];
              const copied = [];
              document.addEventListener('copy', () => copied.push(getSelection().toString()));
              const twitter = document.querySelector('#try-it-results tr[data-app="twitter"]');
              Object.defineProperty(navigator, 'clipboard', {value: {writeText: async (text) => { copied.push(text); }}, configurable: true});
              twitter.querySelector('button.copy').click();
              await new Promise(r => setTimeout(r, 100));
              said.push(document.getElementById('try-it-status').textContent, twitter.querySelector('button.copy').textContent);
              Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});
              twitter.querySelector('button.copy').click();
              await new Promise(r => setTimeout(r, 100));
              said.push(document.getElementById('try-it-status').textContent);
              return {said, copied, role: document.getElementById('try-it-status').getAttribute('role')};
            })()
            """
        struct Copy: Decodable { let said: [String]; let copied: [String]; let role: String }
        let clicked = try #require(Chromium.visit(
            [Chromium.Visit(url: site.url(Self.post) + "#text=hi", expression: copy, userGesture: true)], returning: Copy.self)[0].result)
        #expect(clicked.copied == ["twitter://post?text=hi", "twitter://post?text=hi"])
        #expect(clicked.said == ["Copied the URL for Twitter.", "Copied", "Copied the URL for Twitter."])
        #expect(clicked.role == "status")
    }

    /// Screenshots of the post page, desktop and phone, light and dark, once every QR code's
    /// button is pressed: zbarimg finds one QR code per app and each decodes to a URL the page
    /// shows.
    @Test(arguments: widths.flatMap { width in ["light", "dark"].map { (width, $0) } })
    func qrCodesDecodeToTheURLsShown(width: Int, colorScheme: String) throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let screenshot = site.directory.appendingPathComponent("post-\(width)-\(colorScheme).png").path
        let shown = """
            (() => { document.querySelectorAll('#try-it-results button.show-qr').forEach(button => button.click());
              return Array.from(document.querySelectorAll('#try-it-results tr[data-app]'), row => row.querySelector('svg.qr') ? row.querySelector('output').textContent : null)
                .filter(url => url !== null); })()
            """
        let result = try Chromium.visit([
            Chromium.Visit(
                url: site.url(Self.post) + "#text=h%C3%A9llo+w%C3%B6rld+%F0%9F%91%8D+%26+more&via=me&account_screenname=me",
                expression: shown, width: width, colorScheme: colorScheme, screenshot: screenshot),
        ], returning: [String].self)[0]
        #expect(result.errors.isEmpty, "\(result.errors)")
        let urls = try #require(result.result)
        #expect(urls.count == 6)
        #expect(try Self.decode(screenshot).sorted() == urls.sorted())
    }

    /// The symbols zbarimg finds in an image, one per line.
    static func decode(_ image: String) throws -> [String] {
        let outcome = try Self.zbarimg(["-q", "--raw", image])
        return outcome.standardOutput.split(separator: "\n").map(String.init)
    }

    static func zbarimg(_ arguments: [String]) throws -> ToolRunner.Outcome {
        let outcome = try ToolRunner.run(["zbarimg"] + arguments, program: URL(fileURLWithPath: "/usr/bin/env"))
        // zbarimg exits 4 when it finds no symbol, which the caller's comparison reports.
        try #require(outcome.status == 0 || outcome.status == 4, "zbarimg failed (make test installs zbar-tools): \(outcome.standardError)")
        return outcome
    }

    /// Bytes of text of level M at each version 1…40 (ISO/IEC 18004, table 7).
    static let capacities = [
        14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
        711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
    ]
    /// The 15 format bits of level M with masks 0…7 (ISO/IEC 18004, annex C).
    static let formatBits = [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0]
    /// The 18 version bits of versions 7…40 (annex D).
    static let versionBits = [
        0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78, 0x1145D, 0x12A17,
        0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB, 0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75,
        0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B, 0x2542E, 0x26A64, 0x27541, 0x28C69,
    ]

    /// A text of exactly `bytes` bytes of UTF-8 — ASCII, URL punctuation, accents and emoji —
    /// made the same way on every run; then its code as rows of 0 and 1.
    static let encodeTexts = """
        (lengths => {
          const pieces = Array.from("aZ09-._~:/?#[]@!$&'()*+,;=% éü€👍");
          let seed = 7;
          return lengths.map(bytes => {
            let text = "";
            let used = 0;
            while (used < bytes) {
              seed = (seed * 48271) % 2147483647;
              let piece = pieces[seed % pieces.length];
              if (used + new TextEncoder().encode(piece).length > bytes) piece = "a";
              text += piece;
              used += new TextEncoder().encode(piece).length;
            }
            const code = QRCode.encode(text);
            return code && {text, version: code.version, mask: code.mask, rows: code.modules.map(row => row.map(dark => dark ? "1" : "0").join(""))};
          });
        })
        """

    struct Code: Decodable {
        let text: String
        let version: Int
        let mask: Int
        let rows: [String]

        func isDark(_ x: Int, _ y: Int) -> Bool { Array(rows[y].utf8)[x] == UInt8(ascii: "1") }

        /// The format bits of the copy around the top-left finder, and of the other one.
        var formatCopies: (Int, Int) {
            let size = rows.count
            let first: [(Int, Int)] = (0...5).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)] + (9..<15).map { (14 - $0, 8) }
            let second: [(Int, Int)] = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
            func bits(_ positions: [(Int, Int)]) -> Int {
                positions.enumerated().reduce(0) { $0 | ((isDark($1.element.0, $1.element.1) ? 1 : 0) << $1.offset) }
            }
            return (bits(first), bits(second))
        }

        /// The version bits of the block above the bottom-left finder, and of the one left of the top-right.
        var versionCopies: (Int, Int) {
            let size = rows.count
            let bits = (0..<18).map { (i: $0, a: size - 11 + $0 % 3, b: $0 / 3) }
            return (
                bits.reduce(0) { $0 | ((isDark($1.a, $1.b) ? 1 : 0) << $1.i) },
                bits.reduce(0) { $0 | ((isDark($1.b, $1.a) ? 1 : 0) << $1.i) })
        }
    }

    /// At each version's capacity the encoder picks that version, one byte more the next, and
    /// past version 40 none; the format and version information are the standard's.
    @Test func qrEncoderFollowsTheStandardsTables() throws {
        let lengths = Self.capacities.flatMap { [$0, $0 + 1] }
        let site = try BuiltSite(["data/"])
        let expression = "JSON.stringify({capacity: QRCode.capacity, codes: (\(Self.encodeTexts))(\(lengths))})"
        struct Encoded: Decodable { let capacity: Int; let codes: [Code?] }
        let encoded = try Chromium.visit([Chromium.Visit(url: site.url(Self.post), expression: expression)], returning: String.self)[0].decoded(Encoded.self)
        let (capacity, codes) = (encoded.capacity, encoded.codes)
        #expect(capacity == 2331)
        #expect(codes.last! == nil, "past 2331 bytes there is no code")
        var masks: Set<Int> = []
        for (index, code) in codes.dropLast().enumerated() {
            let code = try #require(code)
            let expected = index / 2 + 1 + index % 2
            #expect(code.version == expected, "\(lengths[index]) bytes")
            #expect(code.rows.count == 17 + 4 * code.version)
            let format = code.formatCopies
            #expect(format.0 == Self.formatBits[code.mask] && format.1 == Self.formatBits[code.mask], "version \(code.version)")
            if code.version >= 7 {
                let version = code.versionCopies
                #expect(version.0 == Self.versionBits[code.version - 7] && version.1 == Self.versionBits[code.version - 7], "version \(code.version)")
            }
            masks.insert(code.mask)
        }
        #expect(masks.count > 4, "the penalty picks different masks for different data")
    }

    /// Codes of every length up to 100 bytes and at both ends of every version, of ASCII,
    /// accents and emoji, decode (zbarimg, bytes as they are) to their text.
    @Test func qrCodesOfEveryVersionDecode() throws {
        let lengths = Array(1...100) + Self.capacities.flatMap { [$0 - 1, $0] }.filter { $0 > 100 }
        let site = try BuiltSite(["data/"])
        let result = try #require(Chromium.visit(
            [Chromium.Visit(url: site.url(Self.post), expression: "(\(Self.encodeTexts))(\(lengths))")], returning: [Code].self)[0].result)
        #expect(Set(result.map(\.version)) == Set(1...40))
        #expect(result.contains { code in code.text.unicodeScalars.contains { $0.value > 0xFFFF } }, "emoji among the texts")
        #expect(result.contains { code in code.text.contains("é") && code.text.contains("€") }, "accents among the texts")
        for code in result {
            let image = site.directory.appendingPathComponent("qr-\(code.text.utf8.count).pbm")
            try Self.portableBitmap(code).write(to: image)
            let decoded = try Self.zbarimg(["-q", "--raw", "-Sbinary", image.path]).standardOutput
            #expect(decoded == code.text, "\(code.text.utf8.count) bytes, version \(code.version)")
        }
    }

    /// The code as a PBM image, two pixels a module, with its quiet zone of four modules.
    static func portableBitmap(_ code: Code) -> Data {
        let scale = 2
        let side = (code.rows.count + 8) * scale
        var text = "P1\n\(side) \(side)\n"
        for y in 0..<side {
            let row = y / scale - 4
            text += (0..<side).map { x in
                let column = x / scale - 4
                return row >= 0 && row < code.rows.count && column >= 0 && column < code.rows.count && code.isDark(column, row) ? "1" : "0"
            }.joined(separator: " ") + "\n"
        }
        return Data(text.utf8)
    }
}

extension Chromium.Result where Value == String {
    /// The value of an expression that returned `JSON.stringify(…)`, as `type`.
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(try #require(result, "\(url): \(errors)").utf8))
    }
}
