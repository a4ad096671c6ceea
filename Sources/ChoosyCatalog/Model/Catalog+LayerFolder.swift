import ChoosyCore
import Foundation

extension Catalog {
    /// A folder that a layer reads, which a command's output directory is inside.
    public struct LayerFolder: Sendable, Equatable {
        public let layer: String
        /// As the config names it, from the current directory.
        public let folder: String
        /// Whether the output is the folder itself rather than a folder below it.
        public let isTheFolder: Bool

        /// Why `output` is refused, and what to do.
        public func refusal(writing output: String) -> String {
            "cannot write to \(output): it is \(isTheFolder ? "" : "inside ")\(folder), which layer '\(layer)' reads, so the next run would read what is "
                + "written there as the catalog's files; choose a directory outside the folders the layers read"
        }
    }

    /// The folder of a layer that would hold `output`, a directory to write that need not exist
    /// yet; nil when no layer reads it. A layer reads every catalog file below its folders,
    /// except in hidden folders, so a bundle written there would be linted as the catalog's.
    public func layerFolder(holding output: String) -> LayerFolder? {
        guard let target = Self.realPath(ofPossiblyMissing: output) else { return nil }
        for layer in layers {
            for folder in layer.directories {
                guard let read = CatalogBoundary.resolvedPath(folder) else { continue }
                let prefix = read.hasSuffix("/") ? read : read + "/"
                guard target == read || target.hasPrefix(prefix) else { continue }
                let below = target.dropFirst(min(prefix.count, target.count)).split(separator: "/")
                if !below.contains(where: { $0.hasPrefix(".") }) { return LayerFolder(layer: layer.name, folder: folder, isTheFolder: below.isEmpty) }
            }
        }
        return nil
    }

    /// The real path of `path`: that of the part that exists, followed by the rest (`.` and
    /// `..` of the rest applied to the text, as making the folders would). Nil when the part
    /// that exists cannot be resolved.
    static func realPath(ofPossiblyMissing path: String) -> String? {
        var rest: [Substring] = []
        var existing = path.isEmpty ? "." : path
        var resolved = CatalogBoundary.resolvedPath(existing)
        while resolved == nil {
            guard errno == ENOENT else { return nil }
            rest.insert(Substring((existing as NSString).lastPathComponent), at: 0)
            let parent = existing.pathDeletingLastComponent
            existing = parent.isEmpty ? "." : parent
            resolved = CatalogBoundary.resolvedPath(existing)
        }
        var parts = resolved!.split(separator: "/")
        for part in rest {
            if part == ".." { _ = parts.popLast() } else if part != "." && !part.isEmpty { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
