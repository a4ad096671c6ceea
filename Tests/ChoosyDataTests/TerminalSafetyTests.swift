import ChoosyTestSupport
import Foundation
import Testing

/// No catalog can drive the terminal of whoever reads the tool's output: on a catalog whose
/// keys, names, descriptions, url_formats and file names hold escapes, carriage returns, line
/// breaks, C1 controls and bidi overrides, the text formats show them as visible escapes, and
/// the JSON formats escape what JSON requires. No raw ESC ever reaches standard output or
/// standard error, and in text formats no C1 control or bidi override either.
struct TerminalSafetyTests {
    /// ESC, CSI and OSC sequences, CR and LF inside strings, NEL and CSI (C1), and the bidi
    /// overrides and isolates, written as JSON escapes where JSON allows no raw character and
    /// raw where it does (C1 and bidi characters), so the source lines lint quotes hold them.
    static let appType = #"""
        [{"key": "t", "name": "Type \u001b]0;pwned\u0007 \u001b[2J", "parameters": [
           {"key": "q", "name": "Q \u0085 \u009b31m", "description": "line\nbreak\r \u202e \u2066x\u2069"},
           {"key": "p\u001b[1m", "name": "P"}],
          "actions": [{"key": "go", "name": "Go\r\n\u001b[8m"}],
          "apps": [
            {"key": "evil\u001b[31m", "name": "Evil RAW app  \u001b[0m", "app_url_scheme": "evil\u001b:",
             "actions": [{"key": "go", "url_format": "evil\u001b://x?q={{q}}&r={{r\u202e}}RAW"}]},
            {"key": "plain", "name": "Plain", "app_url_scheme": "plain:",
             "actions": [{"key": "go", "url_format": "plain://x?q={{q}}"}, {"key": "undeclared\u001b", "url_format": "plain://\u001b"}]}]}]
        """#
    static let fileName = "t\u{1B}[31m\u{202E}\u{85}.json"

    /// A directory with the hostile app type, and a file that does not parse because of a raw
    /// ESC, which lint quotes; `changed` also renames the evil app, for diff.
    static func catalog(changed: Bool = false) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory("terminal")
        let directory = scratch.url
        let raw = appType.replacingOccurrences(of: "RAW", with: "\u{9B}\u{85}\u{202E}\u{2066}")
        let text = changed ? raw.replacingOccurrences(of: "\"Evil \u{9B}\u{85}\u{202E}\u{2066} app", with: #""Evil\u001b[5m app"#)
            .replacingOccurrences(of: #""plain://x?q={{q}}""#, with: #""plain://\u009b?{{q}}""#) : raw
        try text.write(to: directory.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
        if !changed {
            try "[{\"key\": \"x\u{1B}[2J\u{202E}\"}]\n".write(to: directory.appendingPathComponent("broken\u{1B}[1m.json"), atomically: true, encoding: .utf8)
        }
        return scratch
    }

    static let commands: [(arguments: [String], isText: Bool)] = [
        (["lint", "DIR"], true), (["lint", "DIR", "--color", "always"], true), (["lint", "DIR", "--format", "json"], false),
        (["lint", "DIR", "--format", "sarif"], false),
        (["show", "DIR"], true), (["show", "t", "DIR"], true), (["show", "DIR", "--format", "json"], false),
        (["show", "DIR", "--format", "yaml"], false), (["show", "DIR", "--client", "rfc3986"], true),
        (["url", "t", "go", "q=a\u{1B}b", "DIR"], true), (["url", "t", "go", "DIR", "--format", "json"], false),
        (["url", "t", "go", "DIR", "--client", "rfc3986"], true),
        (["matrix", "DIR"], true), (["matrix", "DIR", "--format", "markdown"], true), (["matrix", "DIR", "--format", "json"], false),
        (["diff", "OLD", "NEW"], true), (["diff", "OLD", "NEW", "--format", "markdown"], true), (["diff", "OLD", "NEW", "--format", "json"], false),
    ]

    @Test func noCommandSendsTheCatalogsControlsToTheTerminal() throws {
        let scratches = try [Self.catalog(), Self.catalog(changed: false), Self.catalog(changed: true)]
        let (catalog, old, new) = (scratches[0].url, scratches[1].url, scratches[2].url)
        // diff refuses a side with a file that does not parse.
        try FileManager.default.removeItem(at: old.appendingPathComponent("broken\u{1B}[1m.json"))
        for (arguments, isText) in Self.commands {
            let replaced = arguments.map { ["DIR": catalog.path, "OLD": old.path, "NEW": new.path][$0] ?? $0 }
            let outcome = try ToolRunner.run(replaced)
            let label = arguments.joined(separator: " ")
            #expect(outcome.standardOutput.count > 40, "\(label): \(outcome.standardError)")
            for (stream, text, strict) in [("stdout", outcome.standardOutput, isText), ("stderr", outcome.standardError, true)] {
                let unsafe = text.unicodeScalars.filter { scalar in
                    scalar == "\u{1B}" && !(label.contains("always") && stream == "stdout")
                        || strict && (Self.isC1(scalar) || Self.isBidiControl(scalar) || (scalar.value < 0x20 && !["\n", "\t"].contains(scalar)))
                }
                #expect(unsafe.isEmpty, "\(label) \(stream): \(unsafe.map { String($0.value, radix: 16) }) in \(text.debugDescription.prefix(2000))")
            }
            if label.contains("always") {
                // The report's own colours are the only escapes: each is an SGR sequence.
                let stripped = outcome.standardOutput.replacing(/\x{1B}\[[0-9;]*m/, with: "")
                #expect(!stripped.unicodeScalars.contains("\u{1B}"))
            }
        }
    }

    /// Commands that fail on what the user typed: each error quotes it, escaped.
    static let failures: [[String]] = [
        ["lint", "gone\u{1B}[2J\u{202E}.json"], ["lint", "DIR", "--format", "\u{1B}[31mjson"],
        ["bundle", "DIR", "-o", "out\u{1B}[1m"], ["url", "t\u{1B}[8m", "go", "DIR"], ["fmt", "--check", "DIR/broken\u{1B}[1m.json"],
    ]

    @Test(arguments: failures)
    func errorsQuoteWhatTheUserTypedEscaped(arguments: [String]) throws {
        let scratch = try Self.catalog()
        let catalog = scratch.url
        let outcome = try ToolRunner.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: catalog.path) }, in: catalog)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("\\u001B"), "\(outcome.standardError.debugDescription)")
        let unsafe = (outcome.standardOutput + outcome.standardError).unicodeScalars.filter {
            $0 == "\u{1B}" || Self.isC1($0) || Self.isBidiControl($0)
        }
        #expect(unsafe.isEmpty, "\(outcome.standardError.debugDescription)")
    }

    static func isC1(_ scalar: Unicode.Scalar) -> Bool { (0x80...0x9F).contains(scalar.value) }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
