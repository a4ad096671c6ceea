import ChoosySyntax
import ChoosyCatalog

/// One text edit of a rename: `range` of `file` becomes `newText`.
public struct RenameEdit: Sendable, Equatable {
    public let file: String
    public let range: SourceRange
    public let newText: String
}

/// Why a rename is refused; the editor shows the message.
public enum RenameRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    case notRenamable
    case appType(String)
    case invalidKey(String)
    case taken(entity: String, key: String, appType: String)
    case frozen(file: String, layer: String)
    case multiLine(file: String, location: SourceLocation)

    public var description: String {
        switch self {
        case .notRenamable:
            "only the key of a parameter, action or app, or a {{placeholder}}, can be renamed here"
        case .appType(let key):
            "app type '\(key)' is what client code passes to pick it: renaming it would break every caller; add a new app type instead"
        case .invalidKey(let name):
            "'\(name)' is not a key: keys are lowercase letters, digits and '_', starting with a letter (\(KeyGrammar.pattern))"
        case .taken(let entity, let key, let appType):
            "app type '\(appType)' already has \(entity) '\(key)'; pick another key, or merge the two by hand"
        case .frozen(let file, let layer):
            "the rename would edit \(file), a file of the frozen layer '\(layer)': it is built into apps in the field, so the key there "
                + "cannot change and nothing rewrites the file"
        case .multiLine(let file, let location):
            "\(file):\(location): a url_format written over several lines; write it on one line to rename its placeholders"
        }
    }
}

extension CatalogNavigator {
    /// The range to rename at `location` in file `path` (a key's value or a placeholder), as
    /// `prepareRename` shows it; nil where nothing can be renamed.
    public func renameRange(in path: String, at location: SourceLocation) -> SourceRange? {
        guard let target = target(in: path, at: location) else { return nil }
        switch target {
        case .placeholder, .key(.parameter, _, _, _), .key(.action, _, _, _), .key(.appAction, _, _, _), .key(.app, _, _, _): return target.range
        default: return nil
        }
    }

    /// Every edit that renames the parameter, action or app at `location` in file `path` to
    /// `newName`, in every layer: its declarations, and for a parameter its placeholders and
    /// the example values named after it, for an action the app actions implementing it; and
    /// the ignore entries of the config whose `at:` passes through it. Refused for a name that
    /// is no key or is taken, and when an edit would fall in a frozen layer.
    public func renameEdits(in path: String, at location: SourceLocation, to newName: String) throws(RenameRefusal) -> [RenameEdit] {
        guard let target = target(in: path, at: location) else { throw .notRenamable }
        let entity: CatalogEntity, key: String, appTypeKey: String
        switch target {
        case .placeholder(let name, let appType, _): (entity, key, appTypeKey) = (.parameter, name, appType)
        case .key(.appAction, let name, let appType, _): (entity, key, appTypeKey) = (.action, name, appType)
        case .key(.appType, let name, _, _): throw .appType(name)
        case .key(let kind, let name, let appType, _) where [.parameter, .action, .app].contains(kind): (entity, key, appTypeKey) = (kind, name, appType)
        default: throw .notRenamable
        }
        guard KeyGrammar.matches(newName) else { throw .invalidKey(newName) }
        guard let appType = mergedAppType(appTypeKey), matching(newName) != matching(key) else { return [] }
        var edits: [RenameEdit] = []
        func renameKeys(_ entities: [some KeyedEntity]) {
            for entity in entities { if let node = entity.node["key"] { edits.append(keyEdit(node, to: newName)) } }
        }
        let appActions = Array(appType.definitions).flatMap(\.apps).flatMap(\.actions)
        switch entity {
        case .parameter:
            guard appType.parameter(matching(newName)) == nil else { throw .taken(entity: "parameter", key: newName, appType: appType.key) }
            renameKeys(appType.parameter(matching(key)).map { Array($0.definitions) } ?? [])
            for action in appActions {
                if let node = action.urlFormatNode, let text = node.string, let document = documents[action.file] {
                    for placeholder in URLTemplate(text).placeholders where matching(placeholder.name) == matching(key) {
                        let range = document.sourceRange(ofScalars: placeholder.range, in: node)
                        guard range != node.range else { throw .multiLine(file: Catalog.relativePath(action.file, to: catalog.root), location: node.range.start) }
                        edits.append(RenameEdit(file: action.file, range: range, newText: "{{\(newName)}}"))
                    }
                }
                for example in action.node["examples"]?.elements ?? [] {
                    for member in example["parameters"]?.members ?? [] where matching(member.key) == matching(key) {
                        edits.append(memberKeyEdit(member, in: action.file, to: newName))
                    }
                }
            }
        case .action:
            guard appType.action(matching(newName)) == nil else { throw .taken(entity: "action", key: newName, appType: appType.key) }
            renameKeys(appType.action(matching(key)).map { Array($0.definitions) } ?? [])
            renameKeys(appActions.filter { $0.key.map(matching) == matching(key) })
        default:
            guard appType.app(matching(newName)) == nil else { throw .taken(entity: "app", key: newName, appType: appType.key) }
            renameKeys(appType.app(matching(key)).map { Array($0.definitions) } ?? [])
        }
        edits += ignoreEntryEdits(renaming: key, of: entity, in: appType.key, to: newName)
        let frozen = catalog.frozenFiles
        if let edit = edits.first(where: { frozen[$0.file] != nil }) { throw .frozen(file: Catalog.relativePath(edit.file, to: catalog.root), layer: frozen[edit.file]!) }
        var seen: Set<String> = []
        return edits.filter { seen.insert("\($0.file):\($0.range.start.offset)").inserted }
    }

    /// The key's value written as `newName` in the file's own way: JSON quotes, the YAML
    /// scalar's quotes when it had them, else plain when YAML reads that back as the name.
    private func keyEdit(_ node: Node, to newName: String) -> RenameEdit {
        RenameEdit(file: node.file, range: node.range, newText: written(newName, at: node.range, in: node.file))
    }

    private func memberKeyEdit(_ member: Member, in file: String, to newName: String) -> RenameEdit {
        RenameEdit(file: file, range: member.keyRange, newText: written(newName, at: member.keyRange, in: file))
    }

    private func written(_ name: String, at range: SourceRange, in file: String) -> String {
        let bytes = documents[file]?.file.bytes ?? []
        let first = range.start.offset < bytes.count ? bytes[range.start.offset] : 0
        switch first {
        case UInt8(ascii: "\""): return "\"\(name)\""
        case UInt8(ascii: "'"): return "'\(name)'"
        default: return documents[file]?.language == .json ? "\"\(name)\"" : YAMLWriter.string(name)
        }
    }

    /// The `at:` of the config's ignore entries that pass through the renamed key
    /// (`maps/parameters/map_mode`, `twitter/apps/tweetbot/actions/post`), with that segment renamed.
    private func ignoreEntryEdits(renaming key: String, of entity: CatalogEntity, in appType: String, to newName: String) -> [RenameEdit] {
        guard let configFile = catalog.configFile, let config = try? YAMLLoader.load(configFile) else { return [] }
        var edits: [RenameEdit] = []
        for entry in config.root["ignore"]?.elements ?? [] {
            guard let at = entry["at"], let text = at.string else { continue }
            let segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard segments.first.map(matching) == matching(appType) else { continue }
            let renamed: [Int] = switch entity {
            case .parameter: segments.count > 2 && segments[1] == "parameters" && matching(segments[2]) == matching(key) ? [2] : []
            case .app: segments.count > 2 && segments[1] == "apps" && matching(segments[2]) == matching(key) ? [2] : []
            default:
                segments.count > 2 && segments[1] == "actions" && matching(segments[2]) == matching(key) ? [2]
                    : segments.count > 4 && segments[1] == "apps" && segments[3] == "actions" && matching(segments[4]) == matching(key) ? [4] : []
            }
            for index in renamed {
                let start = segments[..<index].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
                let range = config.sourceRange(ofScalars: start..<start + segments[index].unicodeScalars.count, in: at)
                guard range != at.range || segments.count == 1 else { continue }
                edits.append(RenameEdit(file: configFile.path, range: range, newText: newName))
            }
        }
        return edits
    }
}
