import ChoosyCore
import ChoosySyntax
import Foundation

/// The `.choosy-data.yml` at a catalog's root: the layers in merge order, the client whose
/// behaviour the commands show and the platform it runs on, rule severities, and findings deliberately ignored, each with
/// its reason.
///
/// ```yaml
/// version: 1
/// client: shipped
/// platform: ios17
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
        /// Whether the layer is compiled into apps in the field (the client's built-in layer),
        /// so that no edit to it reaches a phone: nothing rewrites its files.
        public var isFrozen: Bool

        public init(name: String, paths: [String], pathRanges: [SourceRange] = [], isFrozen: Bool = false) {
            self.name = name
            self.paths = paths
            self.pathRanges = pathRanges
            self.isFrozen = isFrozen
        }
    }

    /// What a rule's findings become: a severity, or nothing.
    public enum RuleSetting: String, CaseIterable, Sendable, Equatable {
        case error
        case warning
        case off
    }

    /// Findings of `rule` (of every rule but `config` for `everyRule`) in files matching `path`
    /// (a glob relative to the catalog root), at `pointer` or below it when given, are not
    /// reported.
    public struct IgnoreEntry: Sendable {
        /// The `rule` that names every rule: "everything in this file" in one entry.
        public static let everyRule = "*"

        public let rule: String
        public let path: String?
        /// A JSON Pointer into the file, by index (`/0/parameters/3`) or through keys
        /// (`/maps/parameters/map_mode`; `KeyedPointer`); an entry's `at: KEYS` is `/KEYS`.
        public let pointer: String?
        public let reason: String
        /// Where the entry is written, for reporting it when it matches nothing.
        public let range: SourceRange
        public let configPointer: JSONPointer
        /// Where its `path` and its `at` or `pointer` value are written, for findings about them.
        public var pathRange: SourceRange? = nil
        public var pointerRange: SourceRange? = nil
        /// The key the pointer is written under: `at` or `pointer`.
        public var pointerKey = "at"

        /// Whether `path` is a glob for fnmatch(3); a path without its characters names one file.
        public var pathIsGlob: Bool { path?.contains(where: Self.globCharacters.contains) ?? false }

        /// Whether the entry's path names `relativePath` (a file's path relative to the catalog
        /// root): equal to it, or a glob matching it; an entry without a path names every file.
        public func covers(_ relativePath: String) -> Bool {
            guard let path else { return true }
            return pathIsGlob ? fnmatch(path, relativePath, 0) == 0 : path == relativePath
        }

        private static let globCharacters: Set<Character> = ["*", "?", "[", "\\"]
    }

    public static let fileName = ".choosy-data.yml"
    /// The id of the rule whose findings are the config's own mistakes; the config cannot
    /// turn it off or ignore it.
    public static let mistakesRuleID = "config"
    static let supportedVersion = 1

    public let layers: [LayerEntry]
    /// The client profile the config names; nil for the default.
    public let client: ClientProfile?
    /// The platform the config names; nil for the default.
    public let platform: Platform?
    public let ruleSettings: [String: RuleSetting]
    public let ignore: [IgnoreEntry]
    /// The oldest client version a release of the catalog supports, written into its manifest.
    public let minimumClient: SemanticVersion?
    /// Every rule id the config names (under `rules` and in ignore entries), known or not:
    /// lint, which knows its rules, reports the unknown ones.
    public let namedRules: [NamedRule]

    /// A rule id as the config writes it, and where.
    public struct NamedRule: Sendable, Equatable {
        public let id: String
        public let range: SourceRange
    }

    public init(
        layers: [LayerEntry], client: ClientProfile? = nil, platform: Platform? = nil, ruleSettings: [String: RuleSetting] = [:],
        ignore: [IgnoreEntry] = [], minimumClient: SemanticVersion? = nil, namedRules: [NamedRule] = []
    ) {
        self.layers = layers
        self.client = client
        self.platform = platform
        self.minimumClient = minimumClient
        self.ruleSettings = ruleSettings
        self.ignore = ignore
        self.namedRules = namedRules
    }

    /// Every mistake of a config, each with its position: one run shows them all.
    public struct Problems: Error, Sendable {
        /// In file order.
        public let problems: [SyntaxError]
        /// The layers that read without a mistake, so that their paths can be checked too.
        public let layers: [LayerEntry]
        /// The rule ids the config names, so that lint reports the unknown ones with the rest.
        public let namedRules: [NamedRule]

        /// `problems` in file order; of two at one place, the one found first.
        init(_ problems: [SyntaxError], layers: [LayerEntry] = [], namedRules: [NamedRule] = []) {
            self.problems = problems.enumerated()
                .sorted { ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset) }.map(\.element)
            self.layers = layers
            self.namedRules = namedRules
        }
    }

    /// Reads a config file's tree; every mistake is reported, each with its position.
    public static func decode(_ document: Document) throws(Problems) -> CatalogConfig {
        let root = document.root
        var problems: [SyntaxError] = []
        func attempt<Value>(_ read: () throws(SyntaxError) -> Value) -> Value? {
            do { return try read() } catch {
                problems.append(error)
                return nil
            }
        }
        // A second `layers:` would silently replace the first: the catalog would lose layers.
        for duplicate in document.duplicateKeys() {
            problems.append(SyntaxError(
                duplicate.message + " (the first is on line \(duplicate.firstRange.start.line))", at: duplicate.range, hint: DuplicateKey.hint))
        }
        problems += unknownKeys(in: root, allowed: CatalogConfigKey.names(in: .root), what: "the config")
        guard root.members != nil else { throw Problems(problems) }
        if let version = root["version"], version.numberText != String(supportedVersion) {
            problems.append(SyntaxError(
                "unsupported config version", at: version.range,
                hint: "this choosy-data reads 'version: \(supportedVersion)'"))
        }
        if root["layers"] == nil {
            problems.append(SyntaxError(
                "the config has no 'layers'", at: root.range,
                hint: "list the layers in merge order: layers: [{name: builtin, path: builtin}, …]"))
        }
        let layers = root["layers"].flatMap { node in attempt { () throws(SyntaxError) in try Self.layers(in: node, problems: &problems) } }
        let client = root["client"].flatMap { node in
            attempt { () throws(SyntaxError) in
                try Self.choice(ClientProfile.self, named: "client", in: node, hint: "shipped is the 0.6.x client in apps today; docs/merge.md describes the profiles")
            }
        }
        let platform = root["platform"].flatMap { node in
            attempt { () throws(SyntaxError) in
                try Self.choice(Platform.self, named: "platform", in: node, hint: "ios17 is the apps and phones of today, ios16 older ones; docs/url.md describes both")
            }
        }
        let ruleSettings = root["rules"].flatMap { node in attempt { () throws(SyntaxError) in try Self.ruleSettings(in: node, problems: &problems) } }
        let ignore = root["ignore"].flatMap { node in attempt { () throws(SyntaxError) in try ignoreEntries(in: node, problems: &problems) } }
        let minimumClient = root["minimum_client"].flatMap { node in attempt { () throws(SyntaxError) in try Self.minimumClient(in: node) } }
        guard problems.isEmpty, let layers else { throw Problems(problems, layers: layers ?? [], namedRules: namedRules(in: root)) }
        return CatalogConfig(layers: layers, client: client, platform: platform, ruleSettings: ruleSettings ?? [:], ignore: ignore ?? [], minimumClient: minimumClient,
            namedRules: namedRules(in: root))
    }

    /// The rule ids a config's tree names, in file order: the keys under `rules` and the
    /// `rule` of each ignore entry.
    public static func namedRules(in root: Node) -> [NamedRule] {
        let settings = root["rules"]?.members?.map { NamedRule(id: $0.key, range: $0.keyRange) } ?? []
        let ignored = root["ignore"]?.elements?.compactMap { entry in
            entry["rule"].flatMap { node in node.string.flatMap { $0 == IgnoreEntry.everyRule ? nil : NamedRule(id: $0, range: node.range) } }
        } ?? []
        return (settings + ignored).sorted { $0.range.start.offset < $1.range.start.offset }
    }

    private static func minimumClient(in node: Node) throws(SyntaxError) -> SemanticVersion {
        guard let text = node.string ?? node.numberText, let version = SemanticVersion(text) else {
            throw SyntaxError(
                "'minimum_client' must be a client version MAJOR.MINOR.PATCH", at: node.range,
                hint: "write it as a quoted string, e.g. minimum_client: \"0.6.0\"")
        }
        return version
    }

    /// The layers; a layer with mistakes adds them to `problems` and is left out.
    private static func layers(in node: Node, problems: inout [SyntaxError]) throws(SyntaxError) -> [LayerEntry] {
        guard let elements = node.elements, !elements.isEmpty else {
            throw SyntaxError("'layers' must be a non-empty list of layers", at: node.range)
        }
        var layers: [LayerEntry] = []
        for element in elements {
            do throws(SyntaxError) {
                try expectOnlyKeys(CatalogConfigKey.names(in: .layer), in: element, what: "a layer", problems: &problems)
                guard let name = element["name"]?.string, !name.isEmpty else {
                    throw SyntaxError("a layer needs a 'name' (a non-empty string)", at: element.range)
                }
                if layers.contains(where: { $0.name == name }) {
                    throw SyntaxError("the layer name '\(name)' is used twice", at: element["name"]!.range)
                }
                let paths = try paths(of: element, layer: name)
                var isFrozen = false
                if let frozen = element["frozen"] {
                    guard let value = frozen.bool else {
                        throw SyntaxError("'frozen' of layer '\(name)' must be true or false", at: frozen.range,
                            hint: "frozen: true marks a layer built into apps in the field, which nothing rewrites")
                    }
                    isFrozen = value
                }
                layers.append(LayerEntry(name: name, paths: paths.map(\.text), pathRanges: paths.map(\.range), isFrozen: isFrozen))
            } catch {
                problems.append(error)
            }
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

    /// The value of the key `name` (`client`, `platform`): one of `Choice`'s names.
    private static func choice<Choice: CaseIterable & RawRepresentable>(
        _ type: Choice.Type, named name: String, in node: Node, hint: String
    ) throws(SyntaxError) -> Choice where Choice.RawValue == String {
        guard let value = node.string.flatMap(Choice.init(rawValue:)) else {
            let valid = Choice.allCases.map(\.rawValue)
            throw SyntaxError(
                node.string.map { UnknownKeyError(kind: name, key: $0, validKeys: valid).description }
                    ?? "'\(name)' must be one of: \(valid.joined(separator: ", "))",
                at: node.range, hint: hint)
        }
        return value
    }

    /// The rule settings; a mistaken one adds to `problems` and is left out.
    private static func ruleSettings(in node: Node, problems: inout [SyntaxError]) throws(SyntaxError) -> [String: RuleSetting] {
        guard let members = node.members else {
            throw SyntaxError("'rules' must be a mapping of rule ids to error, warning or off", at: node.range)
        }
        var settings: [String: RuleSetting] = [:]
        // Whether the rule exists is lint's to say (`ConfigRule.findings`), which knows them.
        for member in members {
            do throws(SyntaxError) {
                let setting = try ruleSetting(member.value, of: member.key)
                if member.key == mistakesRuleID, setting == .off { throw configCannotBeSilenced(at: member.value.range) }
                settings[member.key] = setting
            } catch {
                problems.append(error)
            }
        }
        return settings
    }

    /// The mistake of turning off or ignoring `config`, whose findings are the config's own
    /// mistakes: with them, nothing else of the catalog is checked.
    private static func configCannotBeSilenced(at range: SourceRange) -> SyntaxError {
        SyntaxError(
            "the 'config' rule cannot be turned off or ignored", at: range,
            hint: "fix the config's mistakes instead; until then lint checks nothing else of the catalog")
    }

    /// A rule's setting; other tools' spellings (eslint's `warn`, `0`–`2`) get the word meant.
    private static func ruleSetting(_ node: Node, of rule: String) throws(SyntaxError) -> RuleSetting {
        let text = node.string ?? node.numberText ?? node.bool.map { $0 ? "true" : "false" }
        if let text, let setting = RuleSetting(rawValue: text) { return setting }
        let valid = [RuleSetting.error, .warning, .off].map(\.rawValue)
        guard let text else {
            throw SyntaxError("rule '\(rule)' must be set to one of: \(valid.joined(separator: ", "))", at: node.range)
        }
        let meant = settingSpellings[text.lowercased()]
        let unknown = UnknownKeyError(kind: "severity", key: text, validKeys: valid, meant: meant?.rawValue).description
        guard let meant else { throw SyntaxError(unknown, at: node.range) }
        throw SyntaxError(unknown, at: node.range, hint: "write '\(rule): \(meant.rawValue)'")
    }

    /// How other linters write a severity, and the one meant here.
    private static let settingSpellings: [String: RuleSetting] = [
        "warn": .warning, "warnings": .warning, "1": .warning, "info": .warning,
        "err": .error, "errors": .error, "2": .error, "fatal": .error,
        "0": .off, "false": .off, "none": .off, "ignore": .off, "disable": .off, "disabled": .off, "skip": .off,
    ]

    /// The ignore entries; a mistaken one adds to `problems` and is left out.
    private static func ignoreEntries(in node: Node, problems: inout [SyntaxError]) throws(SyntaxError) -> [IgnoreEntry] {
        guard let elements = node.elements else {
            throw SyntaxError("'ignore' must be a list of {rule, path, at, reason}", at: node.range)
        }
        var entries: [IgnoreEntry] = []
        for element in elements {
            if let entry = ignoreEntry(element, problems: &problems) { entries.append(entry) }
        }
        return entries
    }

    /// The entry `element`, or nil when it has mistakes: every one is added to `problems`.
    private static func ignoreEntry(_ element: Node, problems: inout [SyntaxError]) -> IgnoreEntry? {
        let known = problems.count
        problems += unknownKeys(in: element, allowed: CatalogConfigKey.names(in: .ignoreEntry), what: "an ignore entry")
        guard element.members != nil else { return nil }
        if let ruleNode = element["rule"], let rule = ruleNode.string {
            if rule == mistakesRuleID { problems.append(configCannotBeSilenced(at: ruleNode.range)) }
        } else {
            problems.append(SyntaxError("an ignore entry needs a 'rule'", at: element.range))
        }
        if element["reason"]?.string.map({ $0.allSatisfy(\.isWhitespace) }) ?? true {
            problems.append(SyntaxError(
                "an ignore entry needs a 'reason'", at: element.range,
                hint: "say why the finding is wrong or accepted, for the next maintainer"))
        }
        for field in ["path", "at", "pointer"] {
            if let value = element[field], value.string == nil {
                problems.append(SyntaxError("'\(field)' of an ignore entry must be a string", at: value.range))
            }
        }
        if let at = element["at"], element["pointer"] != nil {
            problems.append(SyntaxError("an ignore entry has both 'at' and 'pointer'", at: at.range, hint: "keep 'at', which names the value by its keys"))
        }
        if let at = element["at"]?.string, at.isEmpty || at.hasPrefix("/") {
            problems.append(SyntaxError(
                "'at' of an ignore entry must name a value by its keys", at: element["at"]!.range,
                hint: "write the app type's key, then the keys down to the value, e.g. at: twitter/parameters/text"))
        }
        guard problems.count == known, let rule = element["rule"]?.string, let reason = element["reason"]?.string else { return nil }
        return IgnoreEntry(
            rule: rule, path: element["path"]?.string, pointer: element["at"]?.string.map { "/" + $0 } ?? element["pointer"]?.string,
            reason: reason, range: element.range, configPointer: element.pointer, pathRange: element["path"]?.range,
            pointerRange: (element["at"] ?? element["pointer"])?.range, pointerKey: element["at"] != nil ? "at" : "pointer")
    }

    /// Throws when `node` is not a mapping or has a key not in `keys`, the first of them;
    /// the others are added to `problems`.
    private static func expectOnlyKeys(_ keys: [String], in node: Node, what: String, problems: inout [SyntaxError]) throws(SyntaxError) {
        var unknown = unknownKeys(in: node, allowed: keys, what: what)
        guard unknown.isEmpty else {
            let first = unknown.removeFirst()
            problems += unknown
            throw first
        }
    }

    /// A problem for each key of the mapping `node` not in `allowed` (none when it is not a
    /// mapping), in the one wording of `UnknownKeyError`; a key other linters use gets the
    /// way to say it here.
    private static func unknownKeys(in node: Node, allowed: [String], what: String) -> [SyntaxError] {
        guard let members = node.members else {
            return [SyntaxError("\(what) must be a mapping, not \(node.kindName == "array" ? "a list" : "a \(node.kindName)")", at: node.range)]
        }
        return members.filter { !allowed.contains($0.key) }.map { member in
            let unknown = UnknownKeyError(kind: "key", key: member.key, in: what, validKeys: allowed)
            let hint = Suggestion.closest(to: member.key, among: allowed) == nil && allowed.contains("rules")
                ? otherToolsKeys[member.key.lowercased()] : nil
            return SyntaxError(unknown.description, at: member.keyRange, hint: hint)
        }
    }

    /// Keys of other linters' configs (eslint, ruff, SwiftLint, markdownlint) and how to say
    /// the same here.
    private static let otherToolsKeys: [String: String] = {
        let severity = "a rule's severity goes under 'rules': rules: {empty-description: warning} (error, warning or off)"
        let exclude = "to leave files out, add an ignore entry with a 'path' glob: ignore: [{rule: RULE, path: 'drafts/*', reason: …}]"
        return [
            "extends": "a config here stands alone: copy the 'rules' and 'ignore' entries you want into it",
            "severity": severity, "level": severity, "severities": severity, "rule": severity, "disable": severity,
            "enable": severity, "select": severity, "disabled_rules": severity, "opt_in_rules": severity, "linters": severity,
            "exclude": exclude, "excluded": exclude, "exclude_paths": exclude, "files": exclude, "include": exclude,
            "suppress": "single findings accepted on purpose go under 'ignore': ignore: [{rule: RULE, path: FILE, at: KEYS, reason: …}]",
        ]
    }()
}
