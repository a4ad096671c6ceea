@testable import ChoosyCatalog
@testable import ChoosyTools
import ChoosyTestSupport
import Foundation
import Testing

/// Codegen writes no code for a key lint rejects, and nothing of the catalog's text in the
/// generated source can be misread: bidi and other format controls, odd spaces and trigraphs
/// are escaped in literals and shown as escapes in comments.
struct CodegenTextSafetyTests {
    /// Keys and names with every character the generators must not pass through as it is.
    static let hostile = Catalog(text: #"""
        [{"key": "t", "name": "T \u202Eevil */ ??/ end\\",
          "parameters": [{"key": "p\u2066q", "name": "zero\u200Bwidth\u00A0space\u2028line", "description": "two\nlines\u0085 ??="}],
          "actions": [{"key": "show\u202Eit", "name": "bidi"}, {"key": "a??/b"}, {"key": "x\u200By\u0085z\uFEFF\u00A0w"}],
          "apps": []}]
        """#, path: "base/t.json", layer: "base")
    static let keys = ["show\u{202E}it", "a??/b", "x\u{200B}y\u{85}z\u{FEFF}\u{A0}w"]

    /// Whether `scalar`, left in the text, could be misread: checked here by category, not by
    /// the generators' own test.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: true
        case .control: scalar != "\n"
        case .spaceSeparator: scalar != " "
        default: false
        }
    }

    @Test func aKeyLintRejectsIsRefusedWithOneLineEach() throws {
        let scratch = try ScratchDirectory("codegen-keys", files: [
            "cat/.choosy-data.yml": "version: 1\nlayers:\n  - name: base\n    path: base\n",
            "cat/base/t.json": "[{\"key\": \"t\",\n  \"actions\": [{\"key\": \"show\u{202E}it\"}]}]\n",
        ])
        try FileManager.default.createDirectory(at: scratch.file("out"), withIntermediateDirectories: false)
        for arguments in [["codegen", "swift", "cat", "--stdout"], ["codegen", "objc", "cat", "-o", "out"]] {
            let outcome = try ToolRunner.run(arguments, in: scratch.url)
            #expect(outcome.status == 1)
            #expect(outcome.standardOutput == "")
            #expect(outcome.standardError == "Error: cat/base/t.json:2:23: key \"show\\u202Eit\" must match ^[a-z][a-z0-9_]*$ [key-format] "
                + "(write it as \"showit\"); codegen writes no code for a key lint rejects, so nothing was written\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path) == [])
    }

    /// The Swift file shows nothing hidden, compiles, and its literals give back each key.
    @Test func swiftEscapesWhatCouldBeMisreadAndKeepsTheKeys() throws {
        let text = SwiftCodeGenerator.generate(CodegenTests.input(Self.hostile)).text
        #expect(!text.unicodeScalars.contains(where: Self.isHidden))
        #expect(text.contains("/// T \\u{202E}evil */ ?\\u{3F}/ end\\u{5C} (`t`)."))
        let main = "for request in [T.showIt(), T.aB(), T.xYZW()] { print(request.action.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: \" \")) }\n"
        let output = try CodegenTests.compileAndRun(["ChoosyCatalog.swift": text, "main.swift": main])
        #expect(output == Self.keys.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") + "\n" }.joined())
    }

    /// The Objective-C pair shows nothing hidden and passes clang with trigraphs on; each
    /// literal, compiled as C with trigraphs on, gives back its key's bytes.
    @Test func objcEscapesWhatCouldBeMisreadAndKeepsTheKeys() throws {
        let sources = ObjCCodeGenerator.generate(CodegenTests.input(Self.hostile))
        for source in sources { #expect(!source.text.unicodeScalars.contains(where: Self.isHidden), "\(source.fileName)") }
        let scratch = try ScratchDirectory("codegen-objc")
        try scratch.write("shim/Foundation/Foundation.h", CodegenObjCAndCommandTests.foundationShim)
        for source in sources { try scratch.write(source.fileName, source.text) }
        let check = try ToolRunner.run(
            ["-fsyntax-only", "-x", "objective-c", "-trigraphs", "-Werror", "-I", scratch.file("shim").path, "ChoosyCatalog.m"],
            program: CodegenTests.toolchainTool("clang"), in: scratch.url)
        #expect(check.status == 0, "\(check.standardError)")
        let literals = sources[1].text.split(separator: "\n").filter { $0.contains("Action") }.map { $0.split(separator: " = @", maxSplits: 1)[1].dropLast() }
        #expect(literals.count == Self.keys.count)
        let program = "#include <stdio.h>\nstatic const char *const keys[] = {" + literals.joined(separator: ", ") + "};\n" + """
            int main(void) {
                for (unsigned k = 0; k < sizeof keys / sizeof *keys; k++) {
                    for (const char *c = keys[k]; *c; c++) printf("%02x", (unsigned char)*c);
                    printf("\\n");
                }
                return 0;
            }

            """
        try scratch.write("keys.c", program)
        let compile = try ToolRunner.run(
            ["-std=c11", "-trigraphs", "-Werror", "-o", "keys", "keys.c"], program: CodegenTests.toolchainTool("clang"), in: scratch.url)
        #expect(compile.status == 0, "\(compile.standardError)")
        let run = try ToolRunner.run([], program: scratch.file("keys"), in: scratch.url)
        #expect(run.standardOutput == Self.keys.map { $0.utf8.map { String(format: "%02x", $0) }.joined() + "\n" }.joined())
    }
}
