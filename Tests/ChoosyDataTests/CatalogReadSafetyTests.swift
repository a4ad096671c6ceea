import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosySyntax

/// Reading a catalog never comes back quietly empty or from elsewhere: links are followed
/// (loops refused), unlistable and empty directories are errors, layers stay inside the
/// catalog, and a file that cannot be read or named is said so (docs/catalog.md).
struct CatalogReadSafetyTests {
    /// A scratch catalog directory, removed when the test ends.
    typealias Scratch = ScratchDirectory

    static func appType(_ key: String, scheme: String = "app:") -> String {
        #"[{"name": "T", "key": "\#(key)", "actions": [], "parameters": [], "apps": [{"name": "A", "key": "a", "app_url_scheme": "\#(scheme)", "source": "https://example.com", "actions": []}]}]"#
    }

    static func load(_ path: String, trusting trusted: [String] = []) throws(CatalogLoadError) -> Catalog {
        try CatalogLoader(trustedDirectories: trusted).load(path: path)
    }

    static func files(of catalog: Catalog) -> [String] {
        catalog.layers.flatMap { $0.files.map { ($0.document.file.path as NSString).lastPathComponent } }
    }

    static func message(_ body: () throws(CatalogLoadError) -> Catalog) -> String {
        do throws(CatalogLoadError) {
            let catalog = try body()
            return "loaded \(catalog.fileCount) files"
        } catch {
            return error.description
        }
    }

    // MARK: Links, loops and unreadable directories

    /// FileManager's enumerator did not follow a linked layer directory: "0 files checked".
    @Test func aLinkedLayerDirectoryIsReadThroughTheLink() throws {
        let scratch = try Scratch("read")
        try scratch.write("versions/v2/email.json", Self.appType("email"))
        try scratch.link("builtin", to: "versions/v2")
        try scratch.config("  - {name: builtin, path: builtin}\n")
        #expect(Self.files(of: try Self.load(scratch.path)) == ["email.json"])
        // A linked directory below a layer, too.
        try scratch.write("more/maps.json", Self.appType("maps"))
        try scratch.link("versions/v2/extra", to: "../../more")
        #expect(Self.files(of: try Self.load(scratch.path)) == ["email.json", "maps.json"])
    }

    @Test func aLinkedPathIsReadThroughTheLink() throws {
        let scratch = try Scratch("read")
        try scratch.write("real/email.json", Self.appType("email"))
        try scratch.link("link", to: "real")
        let outcome = try ToolRunner.run(["lint", scratch.path + "/link"])
        #expect(outcome.standardOutput.hasPrefix("\(scratch.path)/link/email.json:"), "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\n1 file checked: "), "\(outcome.standardOutput)")
    }

    @Test func aLinkLoopIsAnErrorThatSaysSo() throws {
        let scratch = try Scratch("read")
        try scratch.write("builtin/email.json", Self.appType("email"))
        try scratch.link("builtin/again", to: "..")
        try scratch.config("  - {name: builtin, path: builtin}\n")
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(scratch.path) }
        #expect(message.contains("builtin/again/builtin: symbolic link loop: it leads back to '\(scratch.path)/builtin', which holds it"), "\(message)")
        // A link to itself cannot even be followed.
        let selfLoop = try Scratch("read")
        try selfLoop.write("a.json", Self.appType("a"))
        try selfLoop.link("sub", to: "sub")
        let outcome = try ToolRunner.run(["lint", selfLoop.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("sub: symbolic link loop"), "\(outcome.standardError)")
    }

    @Test func aDanglingLinkSaysWhatItNames() throws {
        let scratch = try Scratch("read")
        try scratch.write("a.json", Self.appType("a"))
        try scratch.link("b.json", to: "gone.json")
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(scratch.path) }
        #expect(message.hasSuffix("b.json: is a symbolic link to 'gone.json', which does not exist; fix or remove the link"), "\(message)")
    }

    /// The old enumerator listed nothing, without an error, for a path it could not open.
    @Test func aDirectoryThatCannotBeListedIsAnError() throws {
        let scratch = try Scratch("read")
        try scratch.write("file.json", Self.appType("a"))
        #expect(throws: InputError(path: scratch.path + "/file.json/sub", reason: "Not a directory")) {
            try CatalogDirectoryWalk(below: scratch.path + "/file.json/sub", boundary: CatalogBoundary(root: scratch.path, trustedDirectories: []))
        }
        // Permissions do not stop root, so this part proves something only for other users.
        guard geteuid() != 0 else { return }
        try scratch.write("locked/b.json", Self.appType("b"))
        chmod(scratch.path + "/locked", 0)
        defer { chmod(scratch.path + "/locked", 0o755) }
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(scratch.path) }
        #expect(message == "\(scratch.path)/locked: permission denied", "\(message)")
    }

    /// libdispatch stopped the process with SIGILL when it could not open its descriptors.
    @Test func tooFewFileDescriptorsIsOneLineAndExitTwo() throws {
        let outcome = try ToolRunner.run(
            ["-c", "ulimit -n 6; exec \"$0\" lint data/", ToolRunner.executable.path], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: too few file descriptors: choosy-data needs "), "\(outcome.standardError)")
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1, "\(outcome.standardError)")
        #expect(InputError.reason(errno: EMFILE) == "Too many open files; raise the limit on open files (ulimit -n) and run again")
    }

    // MARK: Nothing to read

    @Test func aLayerWithNoCatalogFileIsAnError() throws {
        let scratch = try Scratch("read")
        try scratch.write("builtin/email.json", Self.appType("email"))
        try scratch.write("server/README.md", "nothing here")
        try scratch.config("  - {name: builtin, path: builtin}\n  - {name: server, path: server}\n")
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(scratch.path) }
        #expect(message.hasSuffix(".choosy-data.yml:4:26: layer 'server' names 'server', which holds no catalog file (\(CatalogLoader.noCatalogFiles))"), "\(message)")
    }

    @Test func aDirectoryWithNoCatalogFileIsNotAClean() throws {
        let scratch = try Scratch("read")
        try scratch.write("notes.txt", "nothing here")
        let outcome = try ToolRunner.run(["lint", scratch.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: \(scratch.path): \(CatalogLoader.noCatalogFiles)\n")
        #expect(!outcome.standardOutput.contains("0 files checked"))
    }

    /// The name becomes a finding on that file; the rest of the catalog is still read.
    @Test func aFileNameThatIsNotUTF8IsAFindingNotAStop() throws {
        let scratch = try Scratch("read")
        try scratch.write("email.json", Self.appType("email"))
        let name = Array(scratch.path.utf8) + Array("/bad-".utf8) + [0xFF] + Array(".json".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(descriptor >= 0)
        close(descriptor)
        let catalog = try Self.load(scratch.path)
        #expect(Self.files(of: catalog) == ["email.json"])
        let unloadable = catalog.layers.flatMap(\.unloadableFiles)
        #expect(unloadable.map(\.file.path) == [scratch.path + "/bad-\u{FFFD}.json"])
        #expect(unloadable.map(\.error.message) == ["the file's name is not valid UTF-8, so it is not read; rename it"])
        let outcome = try ToolRunner.run(["lint", scratch.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("not valid UTF-8"), "\(outcome.standardOutput)")
    }

    // MARK: Layers stay inside the catalog

    @Test(arguments: [
        ("/etc", "an absolute path"),
        ("../outside", "which is outside the catalog"),
        ("inside/../../outside", "which is outside the catalog"),
    ])
    func aLayerOutsideTheCatalogIsAConfigError(path: String, message: String) throws {
        let parent = try Scratch("read")
        try parent.write("outside/secret.json", "SECRET=hunter2")
        try parent.write("catalog/inside/a.json", Self.appType("a"))
        try parent.write("catalog/.choosy-data.yml", "version: 1\nlayers:\n  - name: evil\n    path: \(path)\n")
        let catalog = parent.path + "/catalog"
        // lint reports it as a `config` finding; other commands stop on it.
        let lint = try ToolRunner.run(["lint", catalog], environment: [CatalogBoundary.environmentVariable: ""])
        #expect(lint.status == 1)
        #expect(lint.standardOutput.contains(".choosy-data.yml:4:11: error: layer 'evil' names '\(path)', \(message)"), "\(lint.standardOutput)")
        let show = try ToolRunner.run(["show", catalog + "/"], environment: [CatalogBoundary.environmentVariable: ""])
        #expect(show.status == 2)
        #expect(show.standardError.contains(".choosy-data.yml:4:11: layer 'evil' names '\(path)', \(message)"), "\(show.standardError)")
        for outcome in [lint, show] {
            #expect(!outcome.standardError.contains("hunter2") && !outcome.standardOutput.contains("hunter2"))
        }
    }

    /// A link below a layer to a file elsewhere (`/proc/self/environ`) was read, and its
    /// contents quoted under a syntax error.
    @Test func aLinkBelowALayerToAFileElsewhereIsRefusedUnquoted() throws {
        let parent = try Scratch("read")
        try parent.write("outside/environ.json", "SECRET=hunter2")
        try parent.write("catalog/builtin/a.json", Self.appType("a"))
        try parent.link("catalog/builtin/environ.json", to: parent.path + "/outside/environ.json")
        try parent.write("catalog/.choosy-data.yml", "version: 1\nlayers:\n  - {name: builtin, path: builtin}\n")
        let outcome = try ToolRunner.run(["lint", parent.path + "/catalog"], environment: [CatalogBoundary.environmentVariable: ""])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("builtin/environ.json: is a symbolic link to '"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("outside the catalog"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("hunter2") && !outcome.standardOutput.contains("hunter2"))
        // The same without a config: the directory given is the catalog.
        let plain = try ToolRunner.run(["lint", parent.path + "/catalog/builtin"], environment: [CatalogBoundary.environmentVariable: ""])
        #expect(plain.status == 2)
        #expect(!plain.standardError.contains("hunter2") && !plain.standardOutput.contains("hunter2"))
    }

    @Test func aConfigLinkedFromElsewhereIsRefused() throws {
        let parent = try Scratch("read")
        try parent.write("elsewhere.yml", "version: 1\nlayers:\n  - {name: a, path: a}\nSECRET: hunter2\n")
        try parent.write("catalog/a/a.json", Self.appType("a"))
        try parent.link("catalog/.choosy-data.yml", to: parent.path + "/elsewhere.yml")
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(parent.path + "/catalog") }
        #expect(message.contains(".choosy-data.yml: is a symbolic link to '"), "\(message)")
        #expect(!message.contains("hunter2"))
    }

    /// Whoever runs the tool may name directories elsewhere; the catalog cannot.
    @Test func aTrustedDirectoryMayHoldLayers() throws {
        let parent = try Scratch("read")
        try parent.write("corpus/builtin/a.json", Self.appType("a"))
        try parent.write("catalog/.choosy-data.yml", "version: 1\nlayers:\n  - {name: builtin, path: ../corpus/builtin}\n")
        #expect(throws: CatalogLoadError.self) { try Self.load(parent.path + "/catalog") }
        #expect(Self.files(of: try Self.load(parent.path + "/catalog", trusting: [parent.path + "/corpus"])) == ["a.json"])
        let outcome = try ToolRunner.run(["lint", parent.path + "/catalog"], environment: [CatalogBoundary.environmentVariable: "/nonexistent:" + parent.path + "/corpus"])
        #expect(outcome.standardOutput.contains("\n1 file checked: "), "\(outcome.standardOutput)\(outcome.standardError)")
    }

    /// `..` was applied to the text: through a linked directory it named another layer.
    @Test func dotDotIsResolvedThroughTheFileSystem() throws {
        let scratch = try Scratch("read")
        try scratch.write("deep/builtin/right.json", Self.appType("right"))
        try scratch.write("builtin/wrong.json", Self.appType("wrong"))
        try scratch.write("deep/inner/placeholder.txt", "")
        try scratch.link("nested", to: "deep/inner")
        try scratch.config("  - {name: builtin, path: nested/../builtin}\n")
        #expect(Self.files(of: try Self.load(scratch.path)) == ["right.json"])
        // And the catalog itself reached through a link.
        let elsewhere = try Scratch("read")
        try elsewhere.link("catalog", to: scratch.path)
        #expect(Self.files(of: try Self.load(elsewhere.path + "/catalog")) == ["right.json"])
    }

    @Test func aLayerNamingTheConfigIsRefused() throws {
        let scratch = try Scratch("read")
        try scratch.config("  - {name: self, path: .choosy-data.yml}\n")
        let message = Self.message { () throws(CatalogLoadError) in try Self.load(scratch.path) }
        #expect(message.hasSuffix("layer 'self' names '.choosy-data.yml', which is the config itself (name a directory or a catalog file)"), "\(message)")
    }

    // MARK: Commands

    @Test func fmtNeverRewritesTheConfig() throws {
        let scratch = try Scratch("read")
        try scratch.write("builtin/a.json", Self.appType("a"))
        try scratch.config("  # the built-in layer\n  - {name: builtin, path: builtin}\n")
        let before = try String(contentsOfFile: scratch.path + "/.choosy-data.yml", encoding: .utf8)
        let outcome = try ToolRunner.run(["fmt", "--write", "--drop-comments", scratch.path + "/.choosy-data.yml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(".choosy-data.yml: is a catalog's config; fmt formats catalog files only and never rewrites .choosy-data.yml"),
                "\(outcome.standardError)")
        #expect(try String(contentsOfFile: scratch.path + "/.choosy-data.yml", encoding: .utf8) == before)
    }

    /// A partial list made an Info.plist that breaks canOpenURL for the missing apps.
    @Test func schemesRefusesACatalogWithAFileThatDoesNotLoad() throws {
        let scratch = try Scratch("read")
        try scratch.write("builtin/a.json", Self.appType("a", scheme: "alpha:"))
        try scratch.write("builtin/b.json", "[{\"key\": \"b\",")
        try scratch.config("  - {name: builtin, path: builtin}\n")
        let outcome = try ToolRunner.run(["schemes", "--format", "text"], in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: builtin/b.json:1:"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("so the list of schemes would be incomplete: nothing was printed"), "\(outcome.standardError)")
    }
}

extension ScratchDirectory {
    /// Writes the catalog's config: version 1 with `layers` (YAML list items, one a line).
    func config(_ layers: String) throws {
        try write(".choosy-data.yml", "version: 1\nlayers:\n\(layers)")
    }
}
