import Foundation

/// The files the client downloads: `app-data/<type>.json` for every app type of the server
/// layer (the catalog's last), each an array of one app type in canonical compact JSON, and
/// `manifest.json` with every file's size and SHA-256 digest.
public struct CatalogBundle: Sendable {
    /// One file of the bundle, by its path inside the bundle directory.
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    public static let manifestName = "manifest.json"
    static let dataDirectory = "app-data"

    /// The app-type files in key order, then the manifest.
    public let files: [File]

    /// The server layer's own definitions, not merged with earlier layers: the client merges
    /// its built-in layer itself, so shipping merged values would freeze built-in entries.
    public init(_ catalog: Catalog) throws(BundleError) {
        guard let server = catalog.layers.last else { throw BundleError("the catalog has no layers") }
        var byKey: [String: AppType] = [:]
        for type in server.files.flatMap(\.appTypes) {
            guard let key = type.key, KeyFormatRule.isValid(key) else {
                throw BundleError("\(type.file):\(type.keyRange.start): an app type without a valid key cannot name its file")
            }
            guard byKey[key] == nil else {
                throw BundleError("\(type.file):\(type.keyRange.start): app type '\(key)' is defined twice in layer '\(server.name)'")
            }
            byKey[key] = type
        }
        var files = byKey.keys.sorted().map { key in
            File(path: "\(Self.dataDirectory)/\(key).json", bytes: Array(JSONOutput.array([CanonicalJSON.appType(byKey[key]!.node)]).compactText().utf8))
        }
        let manifest = JSONOutput.object([
            ("layer", .string(server.name)),
            ("files", .array(files.map { file in
                .object([("path", .string(file.path)), ("size", .integer(file.bytes.count)), ("sha256", .string(SHA256.hexDigest(file.bytes)))])
            })),
        ])
        files.append(File(path: Self.manifestName, bytes: Array(manifest.rendered().utf8)))
        self.files = files
    }

    /// Writes the bundle to `directory` all at once: into a new directory next to it, then
    /// renamed into place, so no reader ever sees half a bundle. An existing `directory` is
    /// replaced only when it is empty or holds a bundle (a manifest), never other files.
    public func write(to directory: String) throws(BundleError) {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw BundleError("\(directory) exists and is not a directory") }
            let contents = (try? manager.contentsOfDirectory(atPath: target.path)) ?? []
            guard contents.isEmpty || contents.contains(Self.manifestName) else {
                throw BundleError("\(directory) holds files that are not a bundle; choose an empty or new directory")
            }
        }
        let suffix = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(suffix)")
        let previous = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(suffix)")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
            if exists { try manager.moveItem(at: target, to: previous) }
            do {
                try manager.moveItem(at: staging, to: target)
            } catch {
                if exists { try? manager.moveItem(at: previous, to: target) }
                throw error
            }
            if exists { try? manager.removeItem(at: previous) }
        } catch {
            try? manager.removeItem(at: staging)
            throw BundleError("cannot write \(directory): \(error.localizedDescription)")
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
