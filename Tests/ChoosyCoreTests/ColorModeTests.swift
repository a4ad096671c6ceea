import Testing
@testable import ChoosyCore

/// When `--color` colours: `auto` follows the terminal unless FORCE_COLOR or CLICOLOR_FORCE asks
/// for colour; a non-empty NO_COLOR always wins (docs/cli.md).
struct ColorModeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let mode: ColorMode
        let isTerminal: Bool
        let environment: [String: String]
        let colors: Bool
        var testDescription: String { "\(mode) terminal=\(isTerminal) env=\(environment) → \(colors)" }
    }

    @Test(arguments: [
        Case(mode: .auto, isTerminal: true, environment: [:], colors: true),
        Case(mode: .auto, isTerminal: false, environment: [:], colors: false),
        Case(mode: .auto, isTerminal: true, environment: ["NO_COLOR": "1"], colors: false),
        Case(mode: .auto, isTerminal: true, environment: ["NO_COLOR": "0"], colors: false),
        Case(mode: .auto, isTerminal: true, environment: ["NO_COLOR": ""], colors: true),
        Case(mode: .always, isTerminal: false, environment: [:], colors: true),
        Case(mode: .always, isTerminal: false, environment: ["NO_COLOR": "1"], colors: false),
        Case(mode: .always, isTerminal: true, environment: ["NO_COLOR": ""], colors: true),
        Case(mode: .never, isTerminal: true, environment: [:], colors: false),
        Case(mode: .auto, isTerminal: false, environment: ["FORCE_COLOR": "1"], colors: true),
        Case(mode: .auto, isTerminal: false, environment: ["CLICOLOR_FORCE": "1"], colors: true),
        Case(mode: .auto, isTerminal: false, environment: ["FORCE_COLOR": "true"], colors: true),
        Case(mode: .auto, isTerminal: false, environment: ["FORCE_COLOR": "0"], colors: false),
        Case(mode: .auto, isTerminal: false, environment: ["CLICOLOR_FORCE": ""], colors: false),
        Case(mode: .auto, isTerminal: true, environment: ["FORCE_COLOR": "0"], colors: true),
        Case(mode: .auto, isTerminal: false, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], colors: false),
        Case(mode: .never, isTerminal: false, environment: ["FORCE_COLOR": "1"], colors: false),
        Case(mode: .never, isTerminal: true, environment: ["CLICOLOR_FORCE": "1"], colors: false),
    ])
    func decision(_ testCase: Case) {
        #expect(testCase.mode.usesColor(outputIsTerminal: testCase.isTerminal, environment: testCase.environment) == testCase.colors)
    }
}
