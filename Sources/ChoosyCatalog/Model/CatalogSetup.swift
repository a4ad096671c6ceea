import ChoosyCore
import ChoosySyntax
import Foundation

/// The `.choosy-data.yml` that `init` writes for a catalog laid out as the upstream repository
/// is: the server layer in `app-data/` and the client's built-in layer in `builtin/` (or where
/// `--server` and `--builtin` say), the built-in one frozen, for the shipped client unless told.
/// `-C` reads a catalog laid out so that has no config yet as if `init` had written it.
public struct CatalogSetup: Sendable, Equatable {
    /// The folder of the server layer when none is named.
    public static let serverDirectory = "app-data"
    /// The folder of the client's built-in layer when none is named.
    public static let builtinDirectory = "builtin"

    /// The built-in layer's path relative to the catalog's root; nil when there is none.
    public let builtin: String?
    /// The server layer's path relative to the catalog's root.
    public let server: String
    public let client: ClientProfile
    /// Written only when chosen: without it the config means the default platform.
    public let platform: Platform?

    public init(builtin: String?, server: String, client: ClientProfile, platform: Platform? = nil) {
        self.builtin = builtin
        self.server = server
        self.client = client
        self.platform = platform
    }

    /// The layers found at `root`: `builtin` and `server` (paths as given, from
    /// `currentDirectory`) when named, else the folders of the conventional layout that exist.
    public static func detect(
        root: String, builtin: String?, server: String?, client: ClientProfile, platform: Platform? = nil, currentDirectory: String
    ) throws(CatalogSetupError) -> CatalogSetup {
        let absoluteRoot = CatalogLoader.absolutePath(root, from: currentDirectory)
        func located(_ given: String?, option: String, defaultName: String) throws(CatalogSetupError) -> String? {
            guard let given else {
                return FileManager.default.fileExists(atPath: CatalogLoader.join(absoluteRoot, defaultName)) ? defaultName : nil
            }
            let absolute = CatalogLoader.absolutePath(given, from: currentDirectory)
            guard FileManager.default.fileExists(atPath: absolute) else { throw .missing(option: option, path: given) }
            return CatalogLoader.relativePath(absolute, from: absoluteRoot)
        }
        guard let serverPath = try located(server, option: "--server", defaultName: serverDirectory) else {
            throw .noServerLayer(root: root)
        }
        let builtinPath = try located(builtin, option: "--builtin", defaultName: builtinDirectory)
        if builtinPath == serverPath { throw .sameLayer(serverPath) }
        return CatalogSetup(builtin: builtinPath, server: serverPath, client: client, platform: platform)
    }

    /// The root of the layout `path` (absolute) is in: `path` itself when it holds an
    /// `app-data/` folder, else the directory above it when `path` is (or is a file in) one of
    /// its top folders; nil otherwise.
    public static func layoutRoot(around path: String) -> String? {
        var isDirectory: ObjCBool = false
        func holdsServerDirectory(_ directory: String) -> Bool {
            FileManager.default.fileExists(atPath: CatalogLoader.join(directory, serverDirectory), isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let directory = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? path : path.pathDeletingLastComponent
        if holdsServerDirectory(directory) { return directory }
        let parent = directory.pathDeletingLastComponent
        return !parent.isEmpty && parent != directory && holdsServerDirectory(parent) ? parent : nil
    }

    /// The config, with a comment on each choice.
    public var configText: String {
        var lines = [
            "# Written by 'choosy-data init'; docs/catalog.md says what each key means.",
            "version: 1",
            "# The client whose behaviour the commands describe: shipped is the Choosy iOS client 0.6.x",
            "# in apps in the field, rfc3986 a client that fixes it.",
            "client: \(client.rawValue)",
        ]
        if let platform {
            lines += ["# The iOS the client runs on, for what the system makes of a URL (docs/url.md).", "platform: \(platform.rawValue)"]
        }
        lines += [
            "# Layers in merge order.",
            "layers:",
        ]
        if let builtin {
            lines += [
                "  # The catalog the client is built with: an edit to it reaches no phone already in the",
                "  # field, so nothing rewrites it (fmt, lint --fix, the editor).",
                "  - name: builtin",
                "    path: \(YAMLWriter.string(builtin))",
                "    frozen: true",
            ]
        } else {
            lines.append("  # No built-in layer was found: add the client's built-in catalog here, first, as frozen.")
        }
        lines += [
            "  # The catalog the server publishes: it adds to the built-in layer.",
            "  - name: server",
            "    path: \(YAMLWriter.string(server))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `configText` to `configPath`, never over an existing file, after reading it back
    /// as every command reads a config: a layer outside the catalog or without catalog files is
    /// refused then, and nothing is written.
    public func write(to configPath: String, trustedDirectories: [String]) throws {
        let text = configText
        let loader = CatalogLoader(
            replacements: [CatalogLoader.absolutePath(configPath): SourceFile(path: configPath, text: text)],
            trustedDirectories: trustedDirectories)
        _ = try loader.load(configPath: configPath)
        try AtomicFileWriter().write(Array(text.utf8), to: configPath, overwriting: false)
    }

    /// What was chosen, a line each, to print after writing.
    public var summary: [String] {
        [
            "  client: \(client.rawValue)" + (platform.map { ", platform: \($0.rawValue)" } ?? ""),
            builtin.map { "  layer builtin: \($0) (frozen: built into apps in the field)" } ?? "  no built-in layer",
            "  layer server: \(server)",
        ]
    }
}

/// Why `init` wrote nothing; the CLI exits 2.
public enum CatalogSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case existingConfig(String)
    case noServerLayer(root: String)
    case missing(option: String, path: String)
    case sameLayer(String)

    public var description: String {
        switch self {
        case .existingConfig(let path):
            "\(path) already exists; init never overwrites a config (edit it, or remove it to start again)"
        case .noServerLayer(let root):
            "found no server layer: '\(root)' has no \(CatalogSetup.serverDirectory)/ folder; name the server layer's folder or file with --server PATH"
        case .missing(let option, let path):
            "\(option) \(path): no such file or directory"
        case .sameLayer(let path):
            "--builtin and --server both name '\(path)'; a layer is one or the other"
        }
    }
}
