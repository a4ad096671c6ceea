import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import Foundation

/// The files the client downloads: `app-data/<type>.json` for every app type of the server
/// layer (the catalog's last), each an array of one app type in canonical compact JSON, and
/// `manifest.json` with every file's size and SHA-256 digest. A release's bundle also holds
/// `RELEASE_NOTES.md`, its version, date, minimum client and source revision in the manifest,
/// and `SHA256SUMS` (every file, the manifest too) for `sha256sum -c`.
public struct CatalogBundle: Sendable {
    /// One file of the bundle, by its path inside the bundle directory.
    public typealias File = GeneratedDirectory.File

    public static let manifestName = "manifest.json"
    public static let releaseNotesName = "RELEASE_NOTES.md"
    public static let checksumsName = "SHA256SUMS"
    static let dataDirectory = "app-data"

    /// The app-type files in key order, then the manifest.
    public let files: [File]

    /// The server layer's own definitions, not merged with earlier layers: the client merges
    /// its built-in layer itself, so shipping merged values would freeze built-in entries.
    /// `release` and `notes` (Markdown) make it a release's bundle.
    public init(_ catalog: Catalog, release: ReleaseStamp? = nil, notes: String? = nil) throws(BundleError) {
        guard let server = catalog.layers.last else { throw BundleError("the catalog has no layers") }
        var byKey: [String: AppType] = [:]
        for type in server.files.flatMap(\.appTypes) {
            guard let key = type.key, KeyGrammar.matches(key) else {
                throw BundleError("\(type.file):\(type.keyRange.start): an app type without a valid key cannot name its file")
            }
            guard byKey[key] == nil else {
                throw BundleError("\(type.file):\(type.keyRange.start): app type '\(key)' is defined twice in layer '\(server.name)'")
            }
            byKey[key] = type
        }
        var files = byKey.keys.sorted().map { key in
            File(path: "\(Self.dataDirectory)/\(key).json", bytes: Array(JSONValue.array([CanonicalJSON.appType(byKey[key]!.node)]).compactText().utf8))
        }
        if let notes { files.append(File(path: Self.releaseNotesName, bytes: Array(notes.utf8))) }
        let stamp: [(String, JSONValue)] = release.map { release in
            [("version", .string(release.version)), ("date", .string(release.date)),
             ("minimum_client", release.minimumClient.map(JSONValue.string) ?? .null), ("source_revision", .string(release.sourceRevision))]
        } ?? []
        let manifest = JSONValue.object(stamp + [
            ("layer", .string(server.name)),
            ("files", .array(files.map { file in
                .object([("path", .string(file.path)), ("size", .integer(file.bytes.count)), ("sha256", .string(SHA256.hexDigest(file.bytes)))])
            })),
        ])
        files.append(File(path: Self.manifestName, bytes: Array(manifest.rendered().utf8)))
        if release != nil {
            let sums = files.map { "\(SHA256.hexDigest($0.bytes))  \($0.path)\n" }.joined()
            files.append(File(path: Self.checksumsName, bytes: Array(sums.utf8)))
        }
        self.files = files
    }

    /// Writes the bundle to `directory` all at once (see `GeneratedDirectory`). An existing
    /// `directory` is replaced only when it is empty or holds exactly an earlier bundle (as its
    /// file list says; a bundle written before file lists is known by its manifest).
    @discardableResult
    public func write(to directory: String) throws(BundleError) -> GeneratedDirectory.Written {
        do {
            return try GeneratedDirectory(files: files, marker: Self.manifestName, kind: "a bundle").write(to: directory)
        } catch {
            throw BundleError(error.message)
        }
    }
}

/// Why a bundle could not be made or written; the CLI exits 2.
public struct BundleError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
