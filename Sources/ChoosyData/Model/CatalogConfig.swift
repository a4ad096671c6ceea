import Foundation

/// The `.choosy-data.yml` at a catalog's root: the layers in merge order, the client whose
/// behaviour the commands show, rule severities, and findings deliberately ignored, each with
/// its reason.
///
/// ```yaml
/// version: 1
/// client: shipped
/// minimum_client: "0.6.0"
/// layers:
///   - name: builtin
///     path: builtin
///   - name: server
///     path: app-data
/// rules:
///   empty-description: error
///   unimplemented-action: off
/// ignore:
///   - rule: unused-parameter
///     path: builtin/maps.json
///     at: maps/parameters/map_mode
///     reason: kept for clients that still send it
/// ```
public struct CatalogConfig: Sendable {
    /// One layer's name and where its files are.
    public struct LayerEntry: Sendable, Equatable {
        public let name: String
        public let paths: [String]
        /// Where each path is written, for errors about it.
        public let pathRanges: [SourceRange]
    }

    /// What a rule's findings become: a severity, or nothing.
    public enum RuleSetting: String, Sendable, Equatable {
        case error
        case warning
        case off
    }

    /// Findings of `rule` in files matching `path` (a glob relative to the catalog root), at
    /// `pointer` or below it when given, are not reported.
    public struct IgnoreEntry: Sendable {
        public let rule: String
        public let path: String?
        /// A JSON Pointer into the file, by index (`/0/parameters/3`) or through keys
        /// (`/maps/parameters/map_mode`; `KeyedPointer`); an entry's `at: KEYS` is `/KEYS`.
        public let pointer: String?
        public let reason: String
        /// Where the entry is written, for reporting it when it matches nothing.
        public let range: SourceRange
        public let configPointer: JSONPointer
    }

    public static let fileName = ".choosy-data.yml"
    static let supportedVersion = 1

    public let layers: [LayerEntry]
    /// The client profile the config names; nil for the default.
    public let client: ClientProfile?
    public let ruleSettings: [String: RuleSetting]
    public let ignore: [IgnoreEntry]
    /// The oldest client version a release of the catalog supports, written into its manifest.
    public let minimumClient: SemanticVersion?

    public init(
        layers: [LayerEntry], client: ClientProfile? = nil, ruleSettings: [String: RuleSetting] = [:], ignore: [IgnoreEntry] = [],
        minimumClient: SemanticVersion? = nil
    ) {
        self.layers = layers
        self.client = client
        self.minimumClient = minimumClient
        self.ruleSettings = ruleSettings
        self.ignore = ignore
    }

    /// Reads a config file's tree; every mistake is reported with its position.
    public static func decode(_ document: Document) throws(SyntaxError) -> CatalogConfig {
        let root = document.root
        // A second `layers:` would silently replace the first: the catalog would lose layers.
        if let duplicate = DuplicateKeyRule().check(document).first {
            throw SyntaxError(
                duplicate.message + (duplicate.notes.first.map { " (the first is on line \($0.range.start.line))" } ?? ""), at: duplicate.range,
                hint: duplicate.hint)
        }
        try expectOnlyKeys(["version", "client", "minimum_client", "layers", "rules", "ignore"], in: root, what: "the config")
        if let version = root["version"], version.numberText != String(supportedVersion) {
            throw SyntaxError(
                "unsupported config version", at: version.range,
                hint: "this choosy-data reads 'version: \(supportedVersion)'")
        }
        guard let layersNode = root["layers"] else {
            throw SyntaxError(
                "the config has no 'layers'", at: root.range,
                hint: "list the layers in merge order: layers: [{name: builtin, path: builtin}, …]")
        }
        return CatalogConfig(
            layers: try layers(in: layersNode),
            client: try root["client"].map(client),
            ruleSettings: try root["rules"].map(ruleSettings) ?? [:],
            ignore: try root["ignore"].map(ignoreEntries) ?? [],
            minimumClient: try root["minimum_client"].map(minimumClient))
    }

    private static func minimumClient(in node: Node) throws(SyntaxError) -> SemanticVersion {
        guard let text = node.string ?? node.numberText, let version = SemanticVersion(text) else {
            throw SyntaxError(
                "'minimum_client' must be a client version MAJOR.MINOR.PATCH", at: node.range,
                hint: "write it as a quoted string, e.g. minimum_client: \"0.6.0\"")
        }
        return version
    }

    private static func layers(in node: Node) throws(SyntaxError) -> [LayerEntry] {
        guard let elements = node.elements, !elements.isEmpty else {
            throw SyntaxError("'layers' must be a non-empty list of layers", at: node.range)
        }
        var layers: [LayerEntry] = []
        for element in elements {
            try expectOnlyKeys(["name", "path", "paths"], in: element, what: "a layer")
            guard let name = element["name"]?.string, !name.isEmpty else {
                throw SyntaxError("a layer needs a 'name' (a non-empty string)", at: element.range)
            }
            if layers.contains(where: { $0.name == name }) {
                throw SyntaxError("the layer name '\(name)' is used twice", at: element["name"]!.range)
            }
            let paths = try paths(of: element, layer: name)
            layers.append(LayerEntry(name: name, paths: paths.map(\.text), pathRanges: paths.map(\.range)))
        }
        return layers
    }

    private static func paths(of layer: Node, layer name: String) throws(SyntaxError) -> [(text: String, range: SourceRange)] {
        switch (layer["path"], layer["paths"]) {
        case (let path?, nil):
            guard let text = path.string, !text.isEmpty else {
                throw SyntaxError("'path' of layer '\(name)' must be a non-empty string", at: path.range)
            }
            return [(text, path.range)]
        case (nil, let paths?):
            let texts = (paths.elements ?? []).compactMap { element in element.string.map { ($0, element.range) } }.filter { !$0.0.isEmpty }
            guard let elements = paths.elements, !elements.isEmpty, texts.count == elements.count else {
                throw SyntaxError("'paths' of layer '\(name)' must be a non-empty list of strings", at: paths.range)
            }
            return texts
        case (.some, .some):
            throw SyntaxError("layer '\(name)' has both 'path' and 'paths'", at: layer.range, hint: "keep one of them")
        case (nil, nil):
            throw SyntaxError(
                "layer '\(name)' has no 'path'", at: layer.range,
                hint: "name the directory or file that holds the layer, relative to the config")
        }
    }

    private static func client(in node: Node) throws(SyntaxError) -> ClientProfile {
        guard let profile = node.string.flatMap(ClientProfile.init(rawValue:)) else {
            throw SyntaxError(
                "'client' must be one of: \(ClientProfile.allCases.map(\.rawValue).joined(separator: ", "))", at: node.range,
                hint: node.string.flatMap { Suggestion.closest(to: $0, among: ClientProfile.allCases.map(\.rawValue)) }
                    .map { "did you mean '\($0)'?" }
                    ?? "shipped is the 0.6.x client in apps today; docs/merge.md describes the profiles")
        }
        return profile
    }

    private static func ruleSettings(in node: Node) throws(SyntaxError) -> [String: RuleSetting] {
        guard let members = node.members else {
            throw SyntaxError("'rules' must be a mapping of rule ids to error, warning or off", at: node.range)
        }
        var settings: [String: RuleSetting] = [:]
        for member in members {
            try checkRuleID(member.key, at: member.keyRange)
            guard let text = member.value.string, let setting = RuleSetting(rawValue: text) else {
                throw SyntaxError(
                    "rule '\(member.key)' must be set to error, warning or off", at: member.value.range)
            }
            settings[member.key] = setting
        }
        return settings
    }

    private static func ignoreEntries(in node: Node) throws(SyntaxError) -> [IgnoreEntry] {
        guard let elements = node.elements else {
            throw SyntaxError("'ignore' must be a list of {rule, path, at, reason}", at: node.range)
        }
        var entries: [IgnoreEntry] = []
        for element in elements {
            try expectOnlyKeys(["rule", "path", "at", "pointer", "reason"], in: element, what: "an ignore entry")
            guard let ruleNode = element["rule"], let rule = ruleNode.string else {
                throw SyntaxError("an ignore entry needs a 'rule'", at: element.range)
            }
            try checkRuleID(rule, at: ruleNode.range)
            guard let reason = element["reason"]?.string, !reason.allSatisfy(\.isWhitespace) else {
                throw SyntaxError(
                    "an ignore entry needs a 'reason'", at: element.range,
                    hint: "say why the finding is wrong or accepted, for the next maintainer")
            }
            for field in ["path", "at", "pointer"] {
                if let value = element[field], value.string == nil {
                    throw SyntaxError("'\(field)' of an ignore entry must be a string", at: value.range)
                }
            }
            if let at = element["at"], element["pointer"] != nil {
                throw SyntaxError("an ignore entry has both 'at' and 'pointer'", at: at.range, hint: "keep 'at', which names the value by its keys")
            }
            if let at = element["at"], at.string!.isEmpty || at.string!.hasPrefix("/") {
                throw SyntaxError(
                    "'at' of an ignore entry must name a value by its keys", at: at.range,
                    hint: "write the app type's key, then the keys down to the value, e.g. at: twitter/parameters/text")
            }
            entries.append(IgnoreEntry(
                rule: rule, path: element["path"]?.string, pointer: element["at"]?.string.map { "/" + $0 } ?? element["pointer"]?.string,
                reason: reason, range: element.range, configPointer: element.pointer))
        }
        return entries
    }

    private static func checkRuleID(_ id: String, at range: SourceRange) throws(SyntaxError) {
        let known = Linter.ruleDescriptions.map(\.id)
        guard known.contains(id) else {
            throw SyntaxError(
                "unknown rule '\(id)'", at: range,
                hint: Suggestion.closest(to: id, among: known).map { "did you mean '\($0)'?" }
                    ?? "'choosy-data rules' lists the rules")
        }
    }

    private static func expectOnlyKeys(_ keys: [String], in node: Node, what: String) throws(SyntaxError) {
        guard let members = node.members else {
            throw SyntaxError("\(what) must be a mapping, not \(node.kindName == "array" ? "a list" : "a \(node.kindName)")", at: node.range)
        }
        if let unknown = members.first(where: { !keys.contains($0.key) }) {
            let suggestion = Suggestion.closest(to: unknown.key, among: keys)
            throw SyntaxError(
                "unknown key '\(unknown.key)' in \(what)", at: unknown.keyRange,
                hint: (suggestion.map { "did you mean '\($0)'? " } ?? "") + "the keys allowed here are: \(keys.joined(separator: ", "))")
        }
    }
}
