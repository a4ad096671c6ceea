import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosySyntax
@testable import ChoosyTools

/// The LSApplicationQueriesSchemes array of an Info.plist: read, compared and rewritten with
/// every other byte kept; Python's plistlib is the independent reader of what is written.
struct InfoPlistSchemesTests {
    /// Xcode's layout: tabs, other keys before and after, an array elsewhere that must not move.
    static let withOtherKeys = InfoPlistText.header + """
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Demo &amp; Co</string>
        \t<key>LSApplicationQueriesSchemes</key>
        \t<array>
        \t\t<string>waze</string>
        \t\t<string>myown</string>
        \t</array>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>armv7</string>
        \t</array>
        \t<key>UIFileSharingEnabled</key>
        \t<true/>
        </dict>
        </plist>

        """

    private func plist(_ text: String, path: String = "Info.plist") throws(PlistError) -> InfoPlistSchemes {
        try InfoPlistSchemes(SourceFile(path: path, text: text))
    }

    @Test func readsTheArrayAmongOtherKeys() throws {
        #expect(try plist(Self.withOtherKeys).entries == ["waze", "myown"])
    }

    @Test func comparesAsSetsIgnoringOrderAndCase() throws {
        let file = try plist(Self.withOtherKeys)
        #expect(file.comparison(with: ["myown", "waze"]) == (missing: [], extra: []))
        #expect(file.comparison(with: ["WAZE", "myown"]) == (missing: [], extra: []))
        #expect(file.comparison(with: ["zeta", "waze", "alpha"]) == (missing: ["alpha", "zeta"], extra: ["myown"]))
    }

    /// Kept entries keep their order, missing ones are appended sorted, the rest of the file is
    /// byte for byte what it was.
    @Test func rewriteChangesOnlyTheEntriesOfTheArray() throws {
        let file = try plist(Self.withOtherKeys)
        #expect(file.updatedEntries(for: ["zeta", "waze", "alpha"], pruning: true) == ["waze", "alpha", "zeta"])
        let written = String(decoding: file.rewritten(removing: ["myown"], adding: ["alpha", "zeta"]), as: UTF8.self)
        #expect(written == Self.withOtherKeys.replacingOccurrences(
            of: "\t\t<string>myown</string>\n", with: "\t\t<string>alpha</string>\n\t\t<string>zeta</string>\n"))
        #expect(file.updatedEntries(for: ["zeta", "waze", "alpha"], pruning: false) == ["waze", "myown", "alpha", "zeta"])
    }

    /// Comments in the array, and entries sharing a line, stay where they are: a removed entry
    /// takes its line only when it has one to itself, and an array on one line grows on it.
    @Test(arguments: [
        ("\t<array>\n\t\t<!-- ours -->\n\t\t<string>a</string> <!-- why -->\n\t\t<string>b</string>\n\t</array>",
         "\t<array>\n\t\t<!-- ours -->\n\t\t <!-- why -->\n\t\t<string>b</string>\n\t\t<string>c</string>\n\t</array>"),
        ("\t<array><string>a</string><!-- x --><string>b</string></array>", "\t<array><!-- x --><string>b</string><string>c</string></array>"),
    ])
    func commentsAndLayoutOfTheArrayStay(array: String, expected: String) throws {
        let text = InfoPlistText.header + "<dict>\n\t<key>LSApplicationQueriesSchemes</key>\n\(array)\n</dict>\n</plist>\n"
        let written = String(decoding: try plist(text).rewritten(removing: ["a"], adding: ["c"]), as: UTF8.self)
        #expect(written == text.replacingOccurrences(of: array, with: expected))
    }

    /// A missing key is added at the end of the top-level dict in the file's own indentation
    /// (four spaces here).
    @Test func missingKeyIsAddedInTheFilesIndentation() throws {
        let text = InfoPlistText.header + "<dict>\n    <key>CFBundleName</key>\n    <string>Demo</string>\n</dict>\n</plist>\n"
        let file = try plist(text)
        #expect(file.entries == nil)
        #expect(file.comparison(with: ["waze"]) == (missing: ["waze"], extra: []))
        let written = String(decoding: file.rewritten(removing: [], adding: ["a&b", "waze"]), as: UTF8.self)
        #expect(written == InfoPlistText.header + """
            <dict>
                <key>CFBundleName</key>
                <string>Demo</string>
                <key>LSApplicationQueriesSchemes</key>
                <array>
                    <string>a&amp;b</string>
                    <string>waze</string>
                </array>
            </dict>
            </plist>

            """)
        #expect(try InfoPlistText.parsedByPlistlib(written) == #"{"CFBundleName": "Demo", "LSApplicationQueriesSchemes": ["a&b", "waze"]}"#)
    }

    @Test func emptyDictAndCRLFLinesAreKept() throws {
        let written = String(decoding: try plist("<plist>\r\n<dict/>\r\n</plist>\r\n").rewritten(removing: [], adding: ["waze"]), as: UTF8.self)
        #expect(written == "<plist>\r\n<dict>\r\n\t<key>LSApplicationQueriesSchemes</key>\r\n\t<array>\r\n\t\t<string>waze</string>\r\n\t</array>\r\n</dict>\r\n</plist>\r\n")
        #expect(try InfoPlistText.parsedByPlistlib(written) == #"{"LSApplicationQueriesSchemes": ["waze"]}"#)
    }

    @Test func rewrittenFileReadsTheSameInPlistlibExceptTheArray() throws {
        let written = String(decoding: try plist(Self.withOtherKeys).rewritten(removing: ["myown"], adding: ["twitter"]), as: UTF8.self)
        #expect(try InfoPlistText.parsedByPlistlib(written) == #"{"CFBundleName": "Demo & Co", "LSApplicationQueriesSchemes": ["waze", "twitter"], "#
            + #""UIFileSharingEnabled": true, "UIRequiredDeviceCapabilities": ["armv7"]}"#)
    }

    @Test func binaryPlistSaysHowToConvertIt() {
        #expect(throws: PlistError(path: "Info.plist", line: 1, column: 1,
                                   "is a binary property list; choosy-data reads XML plists only: convert it with 'plutil -convert xml1 Info.plist' (Xcode reads either), then run again")) {
            try InfoPlistSchemes(SourceFile(path: "Info.plist", bytes: Array("bplist00".utf8) + [0, 1, 2]))
        }
    }

    /// Xcode may save a plist as UTF-16: said so, not "expected the <plist> element".
    @Test(arguments: [[0xFF, 0xFE] + Array("<\0p\0".utf8), [0xFE, 0xFF] + Array("\0<\0p".utf8), Array("<\0?\0".utf8)] as [[UInt8]])
    func utf16PlistSaysHowToConvertIt(bytes: [UInt8]) {
        #expect(throws: PlistError(path: "Info.plist", line: 1, column: 1,
                                   "is not UTF-8 (it looks like UTF-16); convert it with 'plutil -convert xml1 Info.plist', which writes UTF-8, then run again")) {
            try InfoPlistSchemes(SourceFile(path: "Info.plist", bytes: bytes))
        }
    }

    @Test(arguments: [
        ("<plist>\n<dict>\n  <key>a</key>\n  <string>x</dict>\n</plist>\n",
         "Info.plist:4:12: expected </string> to close the <string> at 4:3, found </dict>; close each element before its parent"),
        ("<plist>\n<dict>\n  <key>a</key>\n", "Info.plist:2:1: <dict> is not closed: add </dict>"),
        ("<plist><dict><key>a</key><string>AT&T</string></dict></plist>", "Info.plist:1:36: '&' starts no reference; write it as &amp;"),
        ("<plist><array/></plist>", "Info.plist:1:8: <plist> holds <array>; an Info.plist holds one <dict> of keys and values"),
        ("<plist><dict>\n<key>LSApplicationQueriesSchemes</key><string>waze</string></dict></plist>",
         "Info.plist:2:39: LSApplicationQueriesSchemes is a <string>; it must be an <array> of <string>s"),
        ("<plist><dict>\n<key>LSApplicationQueriesSchemes</key><array><integer>1</integer></array></dict></plist>",
         "Info.plist:2:46: LSApplicationQueriesSchemes holds a <integer>; every scheme is a <string>"),
        ("<plist><dict>\n<key>LSApplicationQueriesSchemes</key><array/>\n<key>LSApplicationQueriesSchemes</key><array/></dict></plist>",
         "Info.plist:3:1: LSApplicationQueriesSchemes is listed twice (first at 2:1); remove one"),
        ("<plist><dict>\n<key>a</key></dict></plist>", "Info.plist:2:1: the key 'a' has no value; add one after </key>"),
        ("<plist><dict>\n<key>LSApplicationQueriesSchemes</key><array> waze </array></dict></plist>",
         "Info.plist:2:47: text inside <array>; only elements belong there (put it in a <string>, or remove it)"),
        ("<plist><dict/></plist>\n<plist/>", "Info.plist:2:1: unexpected content after </plist>; a plist has one root element"),
        ("<?xml version=\"1.0\"?>\n<html/>", "Info.plist:2:1: the root element is <html>, not <plist>; is this an Info.plist?"),
    ])
    func malformedPlistIsAnErrorWithItsPosition(text: String, message: String) {
        do {
            _ = try plist(text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func limitWarningNamesTheCostliestTypes() throws {
        #expect(QueriedSchemes.limitWarning(count: 50, types: []) == nil)
        let json = "[" + (0..<3).map { type in
            #"{"key": "t\#(type)", "apps": ["# + (0..<(type + 1) * 10).map { #"{"key": "a\#($0)", "app_url_scheme": "s\#(type)x\#($0):"}"# }.joined(separator: ", ") + "]}"
        }.joined(separator: ", ") + "]"
        let types = MergedCatalog(Catalog(text: json, layer: "server")).appTypes
        #expect(QueriedSchemes.limitWarning(count: 60, types: types) == "60 entries in LSApplicationQueriesSchemes exceed the 50 that an app linked on "
            + "or after iOS 15 may list (canOpenURL cannot be relied on for the others); the app types that cost the most: t2 (30), t1 (20), t0 (10); "
            + "list only the app types the app uses (choosy-data schemes TYPE ...)")
    }
}
