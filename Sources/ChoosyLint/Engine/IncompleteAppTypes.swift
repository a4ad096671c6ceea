import ChoosyCatalog

/// The app types whose definitions syntax errors may have hidden part of. Rules that look for
/// what a type lacks (an undeclared action or parameter) or what nothing uses leave these types
/// alone: the missing part may be in the file that did not read whole (docs/json.md, "Syntax
/// errors").
public struct IncompleteAppTypes: Sendable {
    /// The keys, as the profile matches keys.
    private let keys: Set<String>
    /// A broken file's app types cannot be told (YAML, or an error outside every app type):
    /// any type may be incomplete.
    private let includesAny: Bool
    private let profile: ClientProfile

    init(_ layers: [Layer], profile: ClientProfile) {
        var keys = Set<String>()
        var includesAny = false
        for layer in layers {
            let damagedKeys = Dictionary(layer.partialFiles.map { ($0.file.document.file.path, $0.damagedAppTypeKeys) }, uniquingKeysWith: { first, _ in first })
            for (file, _) in layer.unloadableFiles {
                guard let fileKeys = damagedKeys[file.path] ?? nil else {
                    includesAny = true
                    continue
                }
                keys.formUnion(fileKeys.map(profile.matchingKey))
            }
        }
        self.keys = keys
        self.includesAny = includesAny
        self.profile = profile
    }

    /// Whether no app type may be missing part of its definition.
    public var isEmpty: Bool { !includesAny && keys.isEmpty }

    /// Whether the app type with `key` may be missing part of its definition.
    public func contains(_ key: String) -> Bool {
        includesAny || keys.contains(profile.matchingKey(key))
    }
}
