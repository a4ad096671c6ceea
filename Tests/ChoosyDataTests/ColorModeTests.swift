import Testing
@testable import ChoosyData

/// When `--color` colours: `auto` follows the terminal; a non-empty NO_COLOR always wins.
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
    ])
    func decision(_ testCase: Case) {
        #expect(testCase.mode.usesColor(outputIsTerminal: testCase.isTerminal, environment: testCase.environment) == testCase.colors)
    }
}
