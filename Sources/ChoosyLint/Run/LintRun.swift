import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import Foundation

/// What `choosy-data lint` was asked to check.
public struct LintRequest: Sendable {
    /// Files and directories to report on; empty means the catalog around the current directory.
    public var paths: [String]
    /// A config to use instead of the one found by walking up from each path.
    public var configPath: String?
    /// Text read from standard input, checked as if it were the file `name` (`lint -`).
    public var standardInput: (name: String, bytes: [UInt8])?
    /// Where to look for the catalog when no PATH is given (normally the process's current
    /// directory). Relative PATHs, like every path read, are relative to the process's.
    public var currentDirectory: String
    /// The client to check for; nil for the one each catalog's config names.
    public var client: ClientProfile?
    /// The platform the client runs on; nil for the one each catalog's config names.
    public var platform: Platform?
    /// Directories outside a catalog its layers may still name (`CHOOSY_DATA_LAYER_DIRS`;
    /// `CatalogLoader.trustedDirectories`).
    public var trustedDirectories: [String] = []
    /// How many findings of a rule in a file the report lists (`--max-findings`).
    public var findingCap: FindingCap = .standard
    /// Files to read from memory instead of disk, by standardized absolute path: `lint --fix`
    /// lints its fixed files again before it writes them.
    package var replacements: [String: SourceFile] = [:]
    /// A catalog read already (`lint git:REV`: a revision, read from git in memory): checked
    /// whole, in place of `paths` and `configPath`.
    public var catalog: Catalog?

    public init(
        paths: [String], configPath: String? = nil, standardInput: (name: String, bytes: [UInt8])? = nil, currentDirectory: String,
        client: ClientProfile? = nil
    ) {
        self.client = client
        self.paths = paths
        self.configPath = configPath
        self.standardInput = standardInput
        self.currentDirectory = currentDirectory
    }
}

/// Finds the catalogs a lint request touches, lints each whole, and keeps the findings of the
/// requested files only: a pre-commit hook passes just the changed files, but rules such as
/// `undeclared-action` need the other layers as context.
public enum LintRun {
    /// The report, every source file by path for quoting lines, and the contexts the catalogs
    /// were checked in: a caller that ends the process right after reporting can keep them
    /// alive until it exits, since freeing the trees and the merged catalogs one object at a
    /// time is a tenth of lint's time.
    public static func run(_ request: LintRequest) throws(LintRunError) -> (report: LintReport, sources: [String: SourceFile], contexts: [LintContext]) {
        var loader = CatalogLoader(replacements: request.replacements, trustedDirectories: request.trustedDirectories)
        var paths = request.paths
        if let input = request.standardInput {
            loader.replacements[CatalogLoader.absolutePath(input.name)] = SourceFile(path: input.name, bytes: input.bytes)
            paths = paths.map { $0 == "-" ? input.name : $0 }
        }
        var report = LintReport(findings: [], fileCount: 0)
        var sources: [String: SourceFile] = [:]
        var contexts: [LintContext] = []
        func add(_ catalog: Catalog, reportingOn filter: [String]?) {
            var context = LintContext(catalog: catalog, profile: request.client, platform: request.platform)
            context.findingCap = request.findingCap
            let filtered = Linter.lint(context).filtered(to: filter, among: Array(catalog.sourceFiles.keys).filter { $0 != catalog.configFile?.path })
            report.append(filtered)
            sources.merge(catalog.sourceFiles) { first, _ in first }
            contexts.append(context)
        }
        // A config with mistakes: each is a `config` finding, and nothing else of the catalog is
        // checked, since its layers, severities and ignores are not known.
        func load(configPath: String) throws(CatalogLoadError) -> Catalog? {
            do { return try loader.load(configPath: configPath) } catch {
                guard case .config(let file, let problems, let namedRules) = error else { throw error }
                report.append(LintReport(findings: ConfigRule.findings(for: problems, namedRules: namedRules, in: file), fileCount: 1))
                if let source = try? SourceFile.read(path: file) { sources[file] = source }
                return nil
            }
        }
        if let catalog = request.catalog {
            add(catalog, reportingOn: nil)
            return (report, sources, contexts)
        }
        if request.configPath == nil, paths.isEmpty {
            guard let root = CatalogLoader.findRoot(from: request.currentDirectory) else { throw .noCatalog }
            paths = [CatalogLoader.relativePath(root, from: FileManager.default.currentDirectoryPath)]
        }
        do throws(CatalogLoadError) {
            if let configPath = request.configPath {
                if let catalog = try load(configPath: configPath) { add(catalog, reportingOn: paths.isEmpty ? nil : paths) }
                return (report, sources, contexts)
            }
            for group in groupByCatalogRoot(paths) {
                guard let root = group.root else {
                    for path in group.paths { add(try loader.load(path: path), reportingOn: nil) }
                    continue
                }
                guard let catalog = try load(configPath: CatalogLoader.join(root, CatalogConfig.fileName)) else { continue }
                let coversRoot = group.paths.contains { CatalogLoader.absolutePath($0) == CatalogLoader.absolutePath(root) }
                let catalogFiles = catalog.sourceFiles.keys.map(CatalogLoader.absolutePath)
                // A file below the root that no layer lists is still checked, on its own.
                let outsideLayers = group.paths.filter { path in
                    let absolute = CatalogLoader.absolutePath(path)
                    return !catalogFiles.contains { $0 == absolute || $0.hasPrefix(absolute + "/") }
                }
                add(catalog, reportingOn: coversRoot ? nil : group.paths.filter { !outsideLayers.contains($0) })
                for path in outsideLayers { add(try loader.load(path: path), reportingOn: nil) }
            }
        } catch {
            throw .load(error)
        }
        return (report, sources, contexts)
    }

    /// Paths grouped by the catalog root above them (printed relative to the current
    /// directory), in order of first appearance; paths outside any catalog have no root.
    private static func groupByCatalogRoot(_ paths: [String]) -> [(root: String?, paths: [String])] {
        let currentDirectory = FileManager.default.currentDirectoryPath
        var groups: [(root: String?, paths: [String])] = []
        for path in paths {
            let root = CatalogLoader.findRoot(forPath: path).map { CatalogLoader.relativePath($0, from: currentDirectory) }
            if root != nil, let index = groups.firstIndex(where: { $0.root == root }) {
                groups[index].paths.append(path)
            } else {
                groups.append((root, [path]))
            }
        }
        return groups
    }
}

/// Why `lint` could not run at all; the CLI exits 2.
public enum LintRunError: LinedError, Sendable {
    case noCatalog
    case load(CatalogLoadError)

    public var description: String {
        switch self {
        case .noCatalog:
            "no catalog here: no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory or files, e.g. 'choosy-data lint data/')"
        case .load(let error):
            error.description
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        if case .load(let error) = self { error.lines } else { [description] }
    }
}

extension LintReport {
    /// The findings in files at or below one of `paths`, and the number of such files among
    /// `files`; everything when `paths` is nil.
    func filtered(to paths: [String]?, among files: [String]) -> LintReport {
        guard let paths else { return self }
        let prefixes = paths.map(CatalogLoader.absolutePath)
        func isIncluded(_ file: String) -> Bool {
            let absolute = CatalogLoader.absolutePath(file)
            return prefixes.contains { absolute == $0 || absolute.hasPrefix($0 + "/") }
        }
        return LintReport(findings: findings.filter { isIncluded($0.file) }, fileCount: files.count(where: isIncluded))
    }
}
