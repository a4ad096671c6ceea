import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyTools

/// `codegen swift` and `codegen objc`: the generated source compiles, and the Swift API gives
/// the client exactly the catalog's keys.
struct CodegenTests {
    static let data = TestPaths.packageRoot.appendingPathComponent("data")

    static func input(_ catalog: Catalog, profile: ClientProfile? = nil) -> CodegenInput {
        CodegenInput(catalog: MergedCatalog(catalog, profile: profile), catalogName: "test")
    }

    static func dataCatalog() throws -> Catalog {
        try CatalogSelection(path: data.path).load(currentDirectory: TestPaths.packageRoot.path)
    }

    /// A tool of the toolchain that runs the tests: next to the running swift, else /opt/swift.
    static func toolchainTool(_ name: String) -> URL {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" } + ["/opt/swift/usr/bin/\(name)"]
        return URL(fileURLWithPath: candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/opt/swift/usr/bin/\(name)")
    }

    /// Compiles `files` (name to text) with swiftc into a program and runs it; its output.
    static func compileAndRun(_ files: [String: String]) throws -> String {
        let scratch = try ScratchDirectory("codegen")
        let directory = scratch.url
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let program = directory.appendingPathComponent("program")
        let compile = try ToolRunner.run(
            ["-swift-version", "6", "-o", program.path] + files.keys.sorted().map { directory.appendingPathComponent($0).path },
            program: toolchainTool("swiftc"), in: directory)
        #expect(compile.status == 0, "swiftc failed:\n\(compile.standardError)")
        guard compile.status == 0 else { return "" }
        let run = try ToolRunner.run([], program: program, in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    /// A main.swift that calls every action of the catalog twice, with every argument (each
    /// parameter's value is its key) and with the required ones only, printing each request as
    /// `type action key=value,…`. It names the calls with the generator's namer: a name that
    /// differs from the generated one does not compile.
    static func callingProgram(_ catalog: MergedCatalog) -> String {
        var lines = ["func show(_ request: ChoosyRequest) {",
                     "    print(request.appType, request.action, request.parameters.sorted { $0.key < $1.key }.map { \"\\($0.key)=\\($0.value)\" }.joined(separator: \",\"))",
                     "}"]
        var typeNamer = IdentifierNamer(style: .upper, reserved: [SwiftCodeGenerator.requestType, "String", "Swift", "Any", "Self", "Type", "Protocol", "Sendable", "Hashable"])
        for appType in catalog.appTypes {
            let typeName = typeNamer.name(appType.key)
            var parameterNamer = IdentifierNamer(style: .lower, escaped: IdentifierNamer.swiftKeywords)
            let names = Dictionary(uniqueKeysWithValues: appType.parameters.map { ($0.key, parameterNamer.name($0.key)) })
            var actionNamer = IdentifierNamer(style: .lower, reserved: ["self", "init", "Type", "Protocol"], escaped: IdentifierNamer.swiftKeywords)
            for action in appType.actions {
                let signature = ActionSignature(action, of: appType)
                let function = "\(typeName).\(actionNamer.name(action.key))"
                func call(_ arguments: [ActionSignature.Argument]) -> String {
                    "show(\(function)(\(arguments.map { "\(names[$0.parameter.key]!): \(String(reflecting: $0.parameter.key))" }.joined(separator: ", "))))"
                }
                lines.append(call(signature.arguments))
                lines.append(call(signature.arguments.filter(\.isRequired)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The parameters each action's url_formats fill, read with a plain pattern rather than the
    /// generator's cut: `type action` to keys.
    static func placeholdersByAction(_ catalog: MergedCatalog) -> [String: Set<String>] {
        let pattern = try! NSRegularExpression(pattern: #"\{\{([a-z][a-z0-9_]*)\}\}"#)
        var result: [String: Set<String>] = [:]
        for appType in catalog.appTypes {
            for action in appType.actions {
                var keys: Set<String> = []
                for app in appType.apps {
                    guard let text = app.action(action.key)?.value(\.urlFormatNode)?.string else { continue }
                    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                        keys.insert(String(text[Range(match.range(at: 1), in: text)!]))
                    }
                }
                result["\(appType.key) \(action.key)"] = keys.filter { appType.parameter($0) != nil }
            }
        }
        return result
    }

    @Test func swiftForDataMatchesGolden() throws {
        let outcome = try ToolRunner.run(["codegen", "swift", "--stdout"], in: Self.data)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "")
        try expectMatchesGolden(outcome.standardOutput, "e2e/codegen/ChoosyCatalog.swift")
    }

    @Test func objcForDataMatchesGolden() throws {
        let outcome = try ToolRunner.run(["codegen", "objc", "--stdout"], in: Self.data)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        try expectMatchesGolden(outcome.standardOutput, "e2e/codegen/ChoosyCatalog.h+m")
    }

    /// Every action of data/ called through the compiled API gives the client the app type's
    /// key, the action's key and every parameter the apps fill, by its key.
    @Test func generatedSwiftForDataCompilesAndGivesTheCatalogsKeys() throws {
        let merged = MergedCatalog(try Self.dataCatalog())
        let generated = SwiftCodeGenerator.generate(CodegenInput(catalog: merged, catalogName: "data"))
        let output = try Self.compileAndRun([generated.fileName: generated.text, "main.swift": Self.callingProgram(merged)])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let expected = Self.placeholdersByAction(merged)
        #expect(lines.count == expected.count * 2)
        for pair in stride(from: 0, to: lines.count - 1, by: 2) {
            let (all, requiredOnly) = (lines[pair].split(separator: " "), lines[pair + 1].split(separator: " "))
            let action = "\(all[0]) \(all[1])"
            let keys = all.count > 2 ? all[2].split(separator: ",").map(String.init) : []
            #expect(keys == expected[action]!.sorted().map { "\($0)=\($0)" }, "\(action)")
            #expect(requiredOnly.prefix(2) == all.prefix(2))
        }
        // The call docs/codegen.md shows: every app fills the profile's screen name, Safari and
        // Tweetbot into their paths, so it is required; only Twitterrific uses the account's.
        #expect(output.contains("\ntwitter show_profile profile_screenname=profile_screenname\n"))
        #expect(generated.text.contains("Needed in the URL path by: twitterific."))
        #expect(output.contains("email view_message message_id=message_id\n"))
    }

    /// Keys that make no plain identifier: keywords, a leading digit (an action's; a
    /// parameter's is no placeholder), dashes, and keys that
    /// become the same identifier; the file compiles and each key keeps its own call.
    @Test func awkwardKeysMakeDistinctCompilableIdentifiers() throws {
        let catalog = Catalog(text: #"""
            [{"key": "string", "parameters": [{"key": "default"}, {"key": "in"}, {"key": "a_b"}, {"key": "a__b"}, {"key": "self"}],
              "actions": [{"key": "return"}, {"key": "self"}, {"key": "init"}, {"key": "show-it"}, {"key": "show_it"}, {"key": "9lives"}, {"key": "unused"}],
              "apps": [{"key": "x", "app_url_scheme": "x:", "actions": [
                {"key": "return", "url_format": "x://{{default}}?in={{in}}"},
                {"key": "self", "url_format": "x://y?s={{self}}"},
                {"key": "init", "url_format": "x://{{a_b}}/{{a__b}}"},
                {"key": "show-it", "url_format": "x://y"}, {"key": "show_it", "url_format": "x://y"},
                {"key": "9lives", "url_format": "x://y"}]}]},
             {"key": "string_", "actions": [{"key": "go"}], "apps": []},
             {"key": "choosy_request"}]
            """#, path: "layer/file.json", layer: "layer")
        let merged = MergedCatalog(catalog)
        let generated = SwiftCodeGenerator.generate(Self.input(catalog)).text
        #expect(generated.contains("public enum String_2 {"))
        #expect(generated.contains("public enum String_3 {"))
        #expect(generated.contains("public static func `return`(`default`: String, `in`: String? = nil) -> ChoosyRequest"))
        #expect(generated.contains("public static func self_2(`self`: String? = nil) -> ChoosyRequest"))
        #expect(generated.contains("public static func init_2(aB: String, aB_2: String) -> ChoosyRequest"))
        #expect(generated.contains("public static func showIt() -> ChoosyRequest"))
        #expect(generated.contains("public static func showIt_2() -> ChoosyRequest"))
        #expect(generated.contains("public static func _9lives() -> ChoosyRequest"))
        #expect(generated.contains("public enum ChoosyRequest_2 {"))
        let output = try Self.compileAndRun(["ChoosyCatalog.swift": generated, "main.swift": Self.callingProgram(merged)])
        #expect(output.contains("string return default=default,in=in\nstring return default=default\n"))
        #expect(output.contains("string show-it \nstring show-it \nstring show_it \n"))
        #expect(output.contains("string init a__b=a__b,a_b=a_b\n"))
    }
}

/// `codegen objc`: the header and implementation pass clang's syntax check, and the binary's
/// options, output files and errors.
struct CodegenObjCAndCommandTests {
    /// Linux has no Foundation for Objective-C: a stand-in header declares what the generated
    /// pair uses (`NSString`, `FOUNDATION_EXPORT`, and `NSConstantString`, the class clang gives
    /// `@"…"` literals), so clang checks the generated code itself.
    static let foundationShim = """
        #define FOUNDATION_EXPORT extern
        @interface NSObject
        @end
        @interface NSString : NSObject
        @end
        @interface NSConstantString : NSString
        @end

        """

    @Test func objcPairPassesClangSyntaxCheck() throws {
        let scratch = try ScratchDirectory("codegen")
        let directory = scratch.url
        let sources = ObjCCodeGenerator.generate(CodegenInput(catalog: MergedCatalog(try CodegenTests.dataCatalog()), catalogName: "data"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("shim/Foundation"), withIntermediateDirectories: true)
        try Self.foundationShim.write(to: directory.appendingPathComponent("shim/Foundation/Foundation.h"), atomically: true, encoding: .utf8)
        for source in sources { try source.text.write(to: directory.appendingPathComponent(source.fileName), atomically: true, encoding: .utf8) }
        // A use of one constant of each kind, so a name the docs promise that the header lacks fails.
        try """
            #import "ChoosyCatalog.h"
            void use(void) {
                NSString *uses[] = {ChoosyAppTypeTwitter, ChoosyTwitterActionShowProfile, ChoosyTwitterParameterProfileScreenname};
                (void)uses;
            }

            """.write(to: directory.appendingPathComponent("use.m"), atomically: true, encoding: .utf8)
        for file in ["ChoosyCatalog.m", "use.m"] {
            let check = try ToolRunner.run(
                ["-fsyntax-only", "-x", "objective-c", "-Werror", "-I", directory.appendingPathComponent("shim").path, file],
                program: CodegenTests.toolchainTool("clang"), in: directory)
            #expect(check.status == 0, "clang -fsyntax-only \(file):\n\(check.standardError)")
        }
        // The syntax check is real: a constant defined twice fails it.
        let broken = sources[1].text + "NSString *const ChoosyAppTypeTwitter = @\"twitter\";\n"
        try broken.write(to: directory.appendingPathComponent("broken.m"), atomically: true, encoding: .utf8)
        let check = try ToolRunner.run(
            ["-fsyntax-only", "-x", "objective-c", "-I", directory.appendingPathComponent("shim").path, "broken.m"],
            program: CodegenTests.toolchainTool("clang"), in: directory)
        #expect(check.status != 0)
    }

    @Test func objcConstantsAreUniqueAndEscaped() {
        let catalog = Catalog(text: #"""
            [{"key": "a_action", "actions": [{"key": "c"}]}, {"key": "a", "actions": [{"key": "action_c"}], "parameters": [{"key": "q\"\\"}]}]
            """#, path: "layer/file.json", layer: "layer")
        let sources = ObjCCodeGenerator.generate(CodegenTests.input(catalog))
        #expect(sources[1].text.contains("NSString *const ChoosyAActionActionC = @\"c\";\n"))
        #expect(sources[1].text.contains("NSString *const ChoosyAActionActionC_2 = @\"action_c\";\n"))
        #expect(sources[1].text.contains("NSString *const ChoosyAParameterQ = @\"q\\\"\\\\\";\n"))
    }

    @Test func outputDirectoryGetsTheFilesAtomically() throws {
        let scratch = try ScratchDirectory("codegen")
        let directory = scratch.url
        try "mine\n".write(to: directory.appendingPathComponent("Other.swift"), atomically: true, encoding: .utf8)
        let swift = try ToolRunner.run(["codegen", "swift", "data", "-o", directory.path])
        #expect(swift.status == 0, "\(swift.standardError)")
        #expect(swift.standardOutput == "Wrote \(directory.path)/ChoosyCatalog.swift.\n")
        #expect(swift.standardError == "")
        let objc = try ToolRunner.run(["codegen", "objc", "data", "--output", directory.path])
        #expect(objc.standardOutput == "Wrote \(directory.path)/ChoosyCatalog.h.\nWrote \(directory.path)/ChoosyCatalog.m.\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(written == ["ChoosyCatalog.h", "ChoosyCatalog.m", "ChoosyCatalog.swift", "Other.swift"])
        let stdout = try ToolRunner.run(["codegen", "swift", "data", "--stdout"])
        #expect(try String(contentsOf: directory.appendingPathComponent("ChoosyCatalog.swift"), encoding: .utf8) == stdout.standardOutput)
        #expect(try String(contentsOf: directory.appendingPathComponent("Other.swift"), encoding: .utf8) == "mine\n")
    }

    /// The library writes the files, so a failure is tested without the executable: a directory
    /// under a file is refused, and a failure on the second file leaves the first as it was and
    /// removes the directories made for them.
    @Test func writerCreatesTheDirectoryAndWritesAllOrNone() throws {
        let sources = [GeneratedSource(fileName: "A.h", text: "a\n"), GeneratedSource(fileName: "A.m", text: "m\n")]
        let scratch = try ScratchDirectory("codegen")
        let directory = scratch.url
        try "".write(to: directory.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        do {
            _ = try GeneratedSourceWriter.write(sources, to: directory.path + "/file/dir")
            Issue.record("a directory under a file was written to")
        } catch {
            #expect(error.messages == ["cannot write to \(directory.path)/file/dir: \(directory.path)/file is not a directory"])
        }
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let failingSecond = AtomicFileWriter { temporary in if temporary.contains("A.m") { throw Refused() } }
        #expect(throws: GeneratedSourceWriteError.self) { try GeneratedSourceWriter.write(sources, to: directory.path + "/new/deeper", with: failingSecond) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file"])
        try FileManager.default.removeItem(at: directory.appendingPathComponent("file"))

        #expect(try GeneratedSourceWriter.write(sources, to: directory.path) == [directory.path + "/A.h", directory.path + "/A.m"])
        let changed = [GeneratedSource(fileName: "A.h", text: "new\n"), GeneratedSource(fileName: "A.m", text: "new\n")]
        do {
            _ = try GeneratedSourceWriter.write(changed, to: directory.path, with: failingSecond)
            Issue.record("the second file was written")
        } catch {
            #expect(error.messages == ["cannot write \(directory.path)/A.m: refused; no file of the 2 was written"])
        }
        #expect(try String(contentsOf: directory.appendingPathComponent("A.h"), encoding: .utf8) == "a\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("A.m"), encoding: .utf8) == "m\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["A.h", "A.m"])
    }

    @Test(arguments: [
        (["codegen", "kotlin", "data", "--stdout"], "Error: unknown language 'kotlin'; valid values are: swift, objc\n"),
        (["codegen", "swfit", "data", "--stdout"], "Error: unknown language 'swfit' (did you mean 'swift'?); valid values are: swift, objc\n"),
        (["codegen", "--stdout"], "Error: missing the language: swift or objc\n"),
        (["codegen", "swift", "data"], "Error: missing where to write: -o DIR, or --stdout\n"),
        (["codegen", "swift", "data", "--stdout", "-o", "x"], "Error: give -o DIR or --stdout, not both\n"),
        (["codegen", "swift", "data", "data/builtin", "--stdout"], "Error: unexpected argument 'data/builtin'; codegen takes one catalog\n"),
    ])
    func usageErrorsExitTwoWithUsage(arguments: [String], message: String) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix(message + "Usage: choosy-data codegen swift|objc"))
        #expect(outcome.standardError.hasSuffix("See 'choosy-data codegen --help' for more information.\n"))
    }

    /// A missing directory is created, as docs, bundle and release create theirs.
    @Test func aMissingDirectoryIsCreated() throws {
        let scratch = try ScratchDirectory("codegen")
        let directory = scratch.url.appendingPathComponent("App/Sources/Generated")
        let outcome = try ToolRunner.run(["codegen", "objc", "data", "-o", directory.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Wrote \(directory.path)/ChoosyCatalog.h.\nWrote \(directory.path)/ChoosyCatalog.m.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["ChoosyCatalog.h", "ChoosyCatalog.m"])
    }

    @Test func unreadableFilesWriteNothing() throws {
        let scratch = try ScratchDirectory("codegen")
        let catalog = scratch.url
        try "[{\"key\": \"t\"}]".write(to: catalog.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try "[{".write(to: catalog.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let broken = try ToolRunner.run(["codegen", "swift", catalog.path + "/", "--stdout"])
        #expect(broken.status == 2)
        #expect(broken.standardOutput == "")
        #expect(broken.standardError.hasSuffix(
            "Error: the files warned about above could not be read, so the generated API would miss their app types: "
                + "nothing was written (fix them; 'choosy-data lint' shows every problem)\n"))
    }
}
