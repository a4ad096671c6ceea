import Foundation

/// A directory of generated files (a bundle, a docs site) written all at once: built in a new
/// directory next to the target, then renamed into place, so no reader ever sees half of it
/// and a failed run leaves the previous one as it was.
public struct GeneratedDirectory: Sendable {
    /// One file, by its path inside the directory (`/`-separated, relative).
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public let files: [File]
    /// A file that every directory of this kind holds: an existing target is replaced only
    /// when it is empty or holds this file, so a mistyped `-o` never deletes unrelated files.
    public let marker: String
    /// What the directory is, for the error about a target holding something else.
    public let kind: String

    public init(files: [File], marker: String, kind: String) {
        self.files = files
        self.marker = marker
        self.kind = kind
    }

    /// Whether `path` stays inside the directory: relative, and no empty, `.` or `..` part.
    /// Every file is checked before anything is written, whatever made its name.
    static func isContained(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") }
    }

    /// Writes every file into a staging directory beside `directory`, then swaps it in.
    public func write(to directory: String) throws(GeneratedDirectoryError) {
        if let outside = files.first(where: { !Self.isContained($0.path) }) {
            throw GeneratedDirectoryError("refusing to write '\(outside.path)': it is not a plain path inside \(directory)")
        }
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw GeneratedDirectoryError("\(directory) exists and is not a directory") }
            let contents = (try? manager.contentsOfDirectory(atPath: target.path)) ?? []
            guard contents.isEmpty || contents.contains(marker) else {
                throw GeneratedDirectoryError("\(directory) holds files that are not \(kind); choose an empty or new directory")
            }
        }
        let suffix = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(suffix)")
        let previous = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(suffix)")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
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
            throw GeneratedDirectoryError("cannot write \(directory): \(error.localizedDescription)")
        }
    }
}

/// Why a generated directory could not be written; the CLI exits 2.
public struct GeneratedDirectoryError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
