import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import Foundation

/// Builds a catalog from a git revision in memory, as `CatalogLoader` builds one from disk: the
/// revision's `.choosy-data.yml` (or a given layout's) gives the layers. Files are named
/// `REV:path`, as git names them.
struct GitCatalogReader {
    let revision: String
    let currentDirectory: String

    /// `path` (from the top level) names the catalog; without it, the layout's directory or
    /// the catalog around the current directory.
    package func load(path: String?, layout: CatalogLayout? = nil) throws(CatalogSideError) -> Catalog {
        let repository = GitRepository(directory: currentDirectory)
        let topLevel = try repository.topLevel()
        let commit = try repository.commit(revision)
        let catalogPath = if let path {
            try Self.repositoryPath(path)
        } else if let layout {
            try Self.relative(layout.directory, topLevel: topLevel)
        } else {
            try defaultPath(topLevel: topLevel)
        }
        let files = try repository.files(in: commit)
        let links = try repository.symbolicLinks(in: commit)
        /// Where `path` leads through the commit's links, as a checkout would follow them.
        func followed(_ path: String) throws(CatalogSideError) -> String {
            var current = path
            for _ in 0..<Self.maximumLinkHops {
                guard links.contains(current) else { return current }
                let target = String(decoding: try repository.contents(of: current, at: commit), as: UTF8.self)
                guard !target.hasPrefix("/"), let next = Self.normalized(Self.join(current.pathDeletingLastComponent, target)) else {
                    throw .git("\(revision):\(current) is a symbolic link to '\(target)', outside the repository; diff reads only files committed in it")
                }
                current = next
            }
            throw .git("\(revision):\(path): symbolic link loop: its links never reach a file")
        }
        /// Files are named as the commit lists them; a link is read as the file it leads to.
        func read(_ paths: [String]) throws(CatalogSideError) -> [SourceFile] {
            var sources: [SourceFile] = []
            for path in paths {
                let target = try followed(path)
                guard files.contains(target) else {
                    throw .git("\(revision):\(path) is a symbolic link to '\(target)', which is not a file at \(revision)")
                }
                sources.append(SourceFile(path: "\(revision):\(path)", bytes: try repository.contents(of: target, at: commit)))
            }
            return sources
        }
        if layout == nil, files.contains(catalogPath), !links.contains(catalogPath) {
            return Catalog(layers: [Layer(name: "default", sources: try read([catalogPath]))])
        }
        let configPath = Self.join(catalogPath, CatalogConfig.fileName)
        guard layout != nil || files.contains(configPath) else {
            let below = Self.catalogFiles(in: files, below: catalogPath)
            guard !below.isEmpty else {
                throw .git("'\(catalogPath.isEmpty ? "." : catalogPath)' holds no catalog at \(revision) (no \(CatalogConfig.fileName), JSON or YAML file there)")
            }
            return Catalog(layers: [Layer(name: "default", sources: try read(below))])
        }
        let configFile: SourceFile
        let config: CatalogConfig
        if let layout {
            (configFile, config) = (layout.configFile, layout.config)
        } else {
            configFile = try read([configPath])[0]
            do { config = try CatalogLoader.decodeConfig(configFile) } catch { throw .load(.config(file: configFile.path, error.problems)) }
        }
        var layers: [Layer] = []
        for entry in config.layers {
            var layerFiles: [String] = []
            for relativePath in entry.paths {
                let problem = "\(configFile.path): layer '\(entry.name)' names '\(relativePath)', which"
                guard !relativePath.hasPrefix("/"), let named = Self.normalized(Self.join(catalogPath, relativePath)) else {
                    throw .git("\(problem) is outside the repository")
                }
                let layerPath = try followed(named)
                let found = files.contains(layerPath) ? [layerPath] : Self.catalogFiles(in: files, below: layerPath)
                // A link to a directory inside a layer would otherwise leave its files out unseen.
                for link in links.sorted() where link.hasPrefix(layerPath + "/") && SourceLanguage(path: link) == nil {
                    let target = try followed(link) + "/"
                    guard files.contains(where: { $0.hasPrefix(target) }) else { continue }
                    throw .git("\(revision):\(link) is a symbolic link inside layer '\(entry.name)'; diff follows links to files and to a layer itself, "
                        + "not to directories inside a layer (diff the work tree, or commit the files there)")
                }
                guard !found.isEmpty else { throw .git("\(problem) does not exist at \(revision)") }
                layerFiles += found
            }
            layers.append(Layer(name: entry.name, sources: try read(layerFiles)))
        }
        return Catalog(layers: layers, root: "\(revision):\(catalogPath)", config: config, configFile: configFile)
    }

    /// More links in a row than this are a loop, as the kernel's limit makes them.
    private static let maximumLinkHops = 40

    /// The catalog around (or just below) the current directory in the work tree, relative to
    /// the top level.
    private func defaultPath(topLevel: String) throws(CatalogSideError) -> String {
        let root: String
        do {
            root = CatalogLoader.join(currentDirectory, try CatalogSelection.defaultCatalogDirectory(currentDirectory: currentDirectory))
        } catch {
            throw .git("\(error.finding); name the catalog as git:REV:PATH")
        }
        return try Self.relative(root, topLevel: topLevel)
    }

    /// `directory` (in the work tree) from the top level, "" for the top level itself.
    private static func relative(_ directory: String, topLevel: String) throws(CatalogSideError) -> String {
        let relative = CatalogLoader.relativePath(resolved(directory), from: resolved(topLevel))
        guard !relative.hasPrefix("..") else {
            throw .git("the catalog at \(directory) is outside the git repository at \(topLevel)")
        }
        return relative == "." ? "" : relative
    }

    /// The JSON and YAML files at or below `directory` ("" for the top level), sorted, none
    /// hidden below it, as `CatalogLoader` reads a directory.
    private static func catalogFiles(in files: [String], below directory: String) -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        return files.filter { file in
            guard file.hasPrefix(prefix), SourceLanguage(path: file) != nil else { return false }
            return !file.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
    }

    /// `path` without `.` and empty components and with `..` applied; nil when it climbs above
    /// the top level.
    private static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// A PATH of `git:REV:PATH`, relative to the top level, normalized.
    private static func repositoryPath(_ path: String) throws(CatalogSideError) -> String {
        guard let result = normalized(path) else { throw .git("'\(path)' is outside the repository") }
        return result
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory + "/" + name
    }

    /// The path with symbolic links resolved, so that git's top level and ours compare.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
