import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore
@testable import ChoosySyntax
@testable import ChoosyTools

/// `fmt` proves a file canonical by comparing it with its canonical form as that form is
/// written (`FileFormatting.isUnchanged`), instead of writing the form and diffing it. The
/// proof must agree with the full formatting on every file: never "unchanged" for a file the
/// formatting changes, and "unchanged" for every file it leaves alone.
struct CanonicalProofTests {
    /// A file of the corpus, each format's canonical form of it, and near misses of those
    /// forms: the small differences a canonical-looking file can have.
    static func variants(of input: FormatInvariantTests.Input) throws -> [SourceFile] {
        var files = [input.file]
        for format in SourceLanguage.allCases {
            let canonical = try FormatInvariantTests.format(input.file, as: format).text
            let path = "canonical.\(format.rawValue)"
            files.append(SourceFile(path: path, text: canonical))
            for variant in [
                "\u{FEFF}" + canonical,
                canonical.replacingOccurrences(of: "\n", with: "\r\n"),
                String(canonical.dropLast()),
                canonical + "\n",
                " " + canonical,
                canonical.replacingOccurrences(of: "  ", with: "\t"),
                canonical.replacingOccurrences(of: "\n", with: " \n"),
                // A header comment stays in YAML (unchanged); a comment below it is dropped.
                "# header\n" + canonical,
                canonical + "# a comment\n",
            ] where variant != canonical {
                files.append(SourceFile(path: path, text: variant))
            }
        }
        return files
    }

    @Test(.tags(.slow), arguments: FormatInvariantTests.corpus)
    func proofAgreesWithFullFormatting(_ input: FormatInvariantTests.Input) throws {
        var proved = 0
        for file in try Self.variants(of: input) {
            guard let formatting = try? CatalogFormatter.prepare(file, dropComments: true) else { continue }
            let isUnchanged = Array(formatting.formatted().text.utf8) == file.bytes
            #expect(formatting.isUnchanged == isUnchanged, "\(file.path): \(String(decoding: file.bytes.prefix(80), as: UTF8.self))")
            if formatting.isUnchanged { proved += 1 }
        }
        // At least each format's canonical form itself.
        #expect(proved >= SourceLanguage.allCases.count)
    }

    /// A file written in canonical form that a fixing rule still changes (a name with a space
    /// at its start) is not unchanged.
    @Test func aFileWithAFixIsNotUnchanged() throws {
        let text = """
        [
          {
            "name": "Browsers",
            "key": "browsers",
            "apps": [
              {
                "name": " Safari",
                "key": "safari"
              }
            ]
          }
        ]

        """
        let formatting = try CatalogFormatter.prepare(SourceFile(path: "browsers.json", text: text))
        #expect(!formatting.fixes.isEmpty)
        #expect(!formatting.isUnchanged)
        #expect(formatting.formatted().text != text)
    }

    /// `fmt` writes JSON straight from the tree: the same text as the output value's.
    @Test(arguments: FormatInvariantTests.corpus)
    func jsonWrittenFromTheTreeIsTheOutputValuesText(_ input: FormatInvariantTests.Input) throws {
        let root = try Document.load(input.file).root
        var output = ByteBuffer()
        JSONValue.writeRendered(root, to: &output)
        #expect(output.string == JSONValue(root).rendered())
    }

    @Test(arguments: [
        ("abc", "abc", true), ("abc", "ab", false), ("ab", "abc", false), ("abc", "abd", false),
        ("", "", true), ("", "a", false), ("a", "", false),
    ])
    func comparisonIsEqualOnlyForTheSameBytes(expected: String, written: String, isEqual: Bool) {
        let result = ByteComparison.writes(Array(expected.utf8)) { comparison in
            // In pieces of every size, as writers append them: a run, a byte, a literal.
            if let first = written.utf8.first { comparison.append(first) }
            comparison.append(String(written.dropFirst()))
            comparison.append("")
        }
        #expect(result == isEqual)
    }

    /// After the first difference the comparison wants no more, so writers stop early.
    @Test func comparisonStopsWantingMoreAtTheFirstDifference() {
        var wanted: [Bool] = []
        let isEqual = ByteComparison.writes(Array("abc".utf8)) { comparison in
            comparison.append("ab")
            wanted.append(comparison.wantsMore)
            comparison.append("x")
            wanted.append(comparison.wantsMore)
            comparison.append("c")
        }
        #expect(wanted == [true, false])
        #expect(!isEqual)
    }
}
