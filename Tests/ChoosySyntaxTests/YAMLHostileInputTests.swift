import ChoosyTestSupport
import Testing
@testable import ChoosySyntax

/// Inputs meant to exhaust the loader: deep nesting, alias bombs, bad encodings, binary files.
/// Each must end in an error at a sensible place, bounded by design rather than by luck.
struct YAMLHostileInputTests {
    private typealias Support = YAMLTestSupport

    private let depthLimitMessage = "nesting is deeper than \(maximumNestingDepth) levels"

    @Test("100 000 nested flow sequences stop at the depth limit", arguments: [false, true])
    func deepFlowNesting(isClosed: Bool) throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + (isClosed ? String(repeating: "]", count: depth) : "")
        let error = try #require(Support.error(loading: text))
        #expect(error.message == depthLimitMessage)
        let column = maximumNestingDepth + 1
        #expect(error.range.start == SourceLocation(line: 1, column: column, offset: column - 1))
    }

    @Test func nestingExactlyAtTheLimitLoads() throws {
        let depth = maximumNestingDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try Support.load(text).root
        var levels = 1
        while let inner = node.elements?.first {
            node = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func deepBlockSequencesOnOneLineStopAtTheDepthLimit() throws {
        let text = String(repeating: "- ", count: 100_000) + "x\n"
        let error = try #require(Support.error(loading: text))
        #expect(error.message == depthLimitMessage)
        let column = 2 * maximumNestingDepth + 1
        #expect(error.range.start == SourceLocation(line: 1, column: column, offset: column - 1))
    }

    @Test func deepBlockMappingsStopAtTheDepthLimit() throws {
        let text = (0..<1_000).map { String(repeating: "  ", count: $0) + "k:\n" }.joined()
        let error = try #require(Support.error(loading: text))
        #expect(error.message == depthLimitMessage)
        // The mapping that is one too deep starts at the key of line 513.
        let line = maximumNestingDepth + 1
        #expect(error.range.start.line == line)
        #expect(error.range.start.column == 2 * maximumNestingDepth + 1)
    }

    @Test func aliasCannotNestBeyondTheDepthLimit() throws {
        let half = maximumNestingDepth / 2 + 1
        let nested = String(repeating: "[", count: half) + String(repeating: "]", count: half)
        let text = "a: &deep \(nested)\nb: \(String(repeating: "[", count: half))*deep\(String(repeating: "]", count: half))\n"
        let error = try #require(Support.error(loading: text))
        #expect(error.message == depthLimitMessage + " once alias *deep is expanded")
        #expect(error.range.start.line == 2)
    }

    /// Nine levels of ten aliases each would expand to a billion strings.
    @Test func billionLaughsStopsAtTheAliasBudget() throws {
        let lol = "a: &a [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        let levels = "abcdefghi".map(String.init)
        let text = lol + zip(levels, levels.dropFirst()).map { previous, level in
            "\(level): &\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }.joined()
        let error = try #require(Support.error(loading: text))
        #expect(error.message.hasPrefix("aliases expand to more than \(YAMLTreeBuilder.maximumNodesAddedByAliases) nodes"))
        // b, c and d add 12 330 nodes; each *d adds 11 111, so the 8th on line 5 crosses 100 000.
        #expect(error.range.start.line == 5)
        #expect(error.range.start.column == 8 + 7 * 4)
    }

    @Test func aliasesWithinTheBudgetLoad() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
        #expect(try Support.load(text).root.nodeCount == 1 + 4 + 1 + 3 * 4)
    }

    private static let invalidUTF8Cases: [([UInt8], SourceLocation)] = [
        (Array("a: b\nc: ".utf8) + [0xFF, 0x0A], SourceLocation(line: 2, column: 4, offset: 8)),
        (Array("é: ".utf8) + [0xC3], SourceLocation(line: 1, column: 4, offset: 4)),
        (Array("x: ".utf8) + [0xE2, 0x28, 0xA1], SourceLocation(line: 1, column: 5, offset: 4)),
        ([0xFF, 0xFE] + Array("a: 1".utf8), SourceLocation.start),
        // After a BOM libyaml counts from the first character; offsets stay file offsets (found by make fuzz).
        ([0xEF, 0xBB, 0xBF, 0xBF, 0xBF], SourceLocation(line: 1, column: 1, offset: 3)),
        ([0xEF, 0xBB, 0xBF] + Array("a: ".utf8) + [0xFF], SourceLocation(line: 1, column: 4, offset: 6)),
    ]

    @Test("invalid UTF-8 is refused with its byte offset", arguments: invalidUTF8Cases)
    func invalidUTF8(bytes: [UInt8], location: SourceLocation) throws {
        let error = try #require(Support.error(loading: bytes))
        #expect(error.message.hasPrefix("invalid UTF-8 at byte \(location.offset) "))
        #expect(error.range.start == location)
    }

    @Test func nulByteIsRefusedAsAControlCharacter() throws {
        let error = try #require(Support.error(loading: [UInt8]("a: b".utf8) + [0] + [UInt8]("c".utf8)))
        #expect(error.message == "control character U+0000 at byte 4 is not allowed in YAML")
        #expect(error.range.start == SourceLocation(line: 1, column: 5, offset: 4))
    }

    @Test func controlCharacterAfterAByteOrderMarkIsPlacedInTheFile() throws {
        let error = try #require(Support.error(loading: [0xEF, 0xBB, 0xBF] + [UInt8]("N".utf8) + [0]))
        #expect(error.message == "control character U+0000 at byte 4 is not allowed in YAML")
        #expect(error.range.start == SourceLocation(line: 1, column: 2, offset: 4))
    }

    @Test("random bytes are refused, never crash", arguments: 1...20)
    func binaryFile(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes[Int(seed) * 100] = 0
        #expect(Support.error(loading: bytes) != nil)
    }
}
