import ChoosyCore
import Foundation

extension Catalog {
    /// A folder that a layer reads, which a command's output directory is inside, or a
    /// symbolic link in a layer that leads to, into or above the output directory.
    public struct LayerFolder: Sendable, Equatable {
        public let layer: String
        /// As the config names it, from the current directory; for a link, the link's path.
        public let folder: String
        /// Whether the output is the folder itself rather than a folder below it.
        public let isTheFolder: Bool
        /// Whether `folder` is a symbolic link the layer follows.
        public var isLink = false

        /// Why `output` is refused, and what to do.
        public func refusal(writing output: String) -> String {
            let place = isLink
                ? "layer '\(layer)' reads \(isTheFolder ? "it" : "there") through the symbolic link \(folder)"
                : "it is \(isTheFolder ? "" : "inside ")\(folder), which layer '\(layer)' reads"
            return "cannot write to \(output): \(place), so the next run would read what is written there as the catalog's files; "
                + "choose a directory outside the folders the layers read\(isLink ? ", or remove the link" : "")"
        }
    }

    /// The folder of a layer that would hold `output`, a directory to write that need not exist
    /// yet, or the link of a layer that leads to it, below it or above it; nil when no layer
    /// reads it. A layer reads every catalog file below its folders, except in hidden folders,
    /// so a bundle written there would be linted as the catalog's.
    public func layerFolder(holding output: String) -> LayerFolder? {
        guard let target = Self.realPath(ofPossiblyMissing: output) else { return nil }
        for layer in layers {
            for folder in layer.directories {
                guard let read = CatalogBoundary.resolvedPath(folder), let below = Self.components(of: target, below: read) else { continue }
                if !below.contains(where: { $0.hasPrefix(".") }) { return LayerFolder(layer: layer.name, folder: folder, isTheFolder: below.isEmpty) }
            }
            for link in layer.links {
                guard let read = CatalogBoundary.resolvedPath(link) else { continue }
                // A link into the output reads what the output will replace.
                if Self.components(of: read, below: target) != nil {
                    return LayerFolder(layer: layer.name, folder: link, isTheFolder: read == target, isLink: true)
                }
                if let below = Self.components(of: target, below: read), !below.contains(where: { $0.hasPrefix(".") }) {
                    return LayerFolder(layer: layer.name, folder: link, isTheFolder: false, isLink: true)
                }
            }
        }
        return nil
    }

    /// The components of `path` below `ancestor` (both real paths): empty when they are the
    /// same, nil when `path` is not inside `ancestor`.
    private static func components(of path: String, below ancestor: String) -> [Substring]? {
        let prefix = ancestor.hasSuffix("/") ? ancestor : ancestor + "/"
        guard path == ancestor || path.hasPrefix(prefix) else { return nil }
        return path.dropFirst(min(prefix.count, path.count)).split(separator: "/")
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
