import Foundation
import Testing

/// Info.plist text for the tests of what `schemes` writes, and Python's plistlib, its
/// independent reader.
package enum InfoPlistText {
    /// What every Info.plist starts with, up to its `<dict>`.
    package static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The plist as plistlib reads it, as sorted compact JSON.
    package static func parsedByPlistlib(_ text: String) throws -> String {
        let outcome = try ProgramRunner.run(
            ["python3", "-c", "import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read()), sort_keys=True), end='')"],
            program: URL(fileURLWithPath: "/usr/bin/env"), standardInput: Data(text.utf8))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome.standardOutput
    }
}
