import ChoosyCatalog
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import Foundation

/// What a catalog change means for the reviewer of a pull request: the diff's counts, lint
/// findings the change introduces and fixes, the URLs each changed app action opens before and
/// after, support-matrix cells that move, Info.plist schemes to add or drop, and new overrides
/// the shipped client ignores. docs/review.md describes each part.
public struct CatalogReview: Sendable {
    /// The URLs one app action opens before and after, for each set of values tried.
    public struct URLComparison: Sendable {
        /// One set of parameter values and what the client opens with it on each side.
        public struct Row: Sendable {
            /// Where the values come from: `example` (the catalog's) or `standard`.
            public let source: String
            /// The parameter values, sorted by key.
            public let values: [(key: String, value: String)]
            /// nil when the side has no such app.
            public let before: ClientRendering?
            public let after: ClientRendering?
        }

        public let type: String
        public let app: String
        public let action: String
        /// The most serious class of the action's changes.
        public let changeClass: ChangeClass
        /// The change is to frozen layers alone: no phone already in the field sees it.
        public let isInFrozenLayer: Bool
        /// What the client does for the app action whatever the values (`AppActionOutcome`),
        /// before and after; nil on a side without the app.
        public let before: AppActionOutcome?
        public let after: AppActionOutcome?
        public let rows: [Row]
    }

    /// One support-matrix cell that differs: its mark (for a row that opens no URL, the row's:
    /// `crash`, `app-only`, `unsupported`); nil on a side without the app.
    public struct MatrixChange: Sendable {
        public let type: String
        public let action: String
        public let app: String
        public let parameter: String
        public let before: SupportMark?
        public let after: SupportMark?
    }

    public let diff: CatalogDiff
    /// Findings of HEAD that BASE does not have, and of BASE that HEAD no longer has, compared
    /// by rule, file (relative to its catalog), key path and message, never by position;
    /// `ignored-override` findings are in `ignoredOverrides` instead.
    public let introducedFindings: [Finding]
    public let fixedFindings: [Finding]
    /// `ignored-override` findings the change introduces: later definitions the shipped client
    /// ignores.
    public let ignoredOverrides: [Finding]
    public let urlComparisons: [URLComparison]
    public let matrixChanges: [MatrixChange]
    /// Schemes HEAD's apps use that BASE's do not (the client's Info.plist must add them), and
    /// the reverse (it may drop them); bare, lowercased, sorted, web schemes left out.
    public let schemesToAdd: [String]
    public let schemesToDrop: [String]

    /// Reviews the change from `base` to `head`, both merged and rendered as `profile` on
    /// `platform` (nil: HEAD's config's) does.
    public init(base: Catalog, head: Catalog, profile: ClientProfile? = nil, platform: Platform? = nil) {
        let profile = profile ?? head.clientProfile
        let platform = platform ?? head.platform
        let old = MergedCatalog(base, profile: profile, platform: platform)
        let new = MergedCatalog(head, profile: profile, platform: platform)
        diff = CatalogDiff(old: old, new: new)
        let (introduced, fixed) = Self.compareFindings(base: base, head: head)
        introducedFindings = introduced.filter { $0.ruleID != IgnoredOverrideRule.description.id }
        ignoredOverrides = introduced.filter { $0.ruleID == IgnoredOverrideRule.description.id }
        fixedFindings = fixed
        urlComparisons = Self.urlComparisons(diff, old: old, new: new)
        matrixChanges = Self.matrixChanges(old: old, new: new)
        let oldSchemes = Set(QueriedSchemes.schemes(of: old.appTypes))
        let newSchemes = Set(QueriedSchemes.schemes(of: new.appTypes))
        schemesToAdd = newSchemes.subtracting(oldSchemes).sorted()
        schemesToDrop = oldSchemes.subtracting(newSchemes).sorted()
    }

    /// The value every parameter gets when an app action has no examples: its key (to show
    /// where it lands), a space and an `&` (to show how the client escapes them).
    public static func standardValue(for parameter: String) -> String {
        "\(parameter) 1&2"
    }

    // MARK: - Lint

    /// Pairs each finding of HEAD with one of BASE that has its identity (`identifiedFindings`),
    /// in the order lint reports them, so that where an identity repeats (duplicate keys) the
    /// first pairs with the first; what is left over is introduced, or fixed.
    private static func compareFindings(base: Catalog, head: Catalog) -> (introduced: [Finding], fixed: [Finding]) {
        let before = identifiedFindings(of: base)
        var remaining = Dictionary(grouping: before.indices, by: { before[$0].identity })
        var introduced: [Finding] = []
        for (finding, identity) in identifiedFindings(of: head) {
            if var matches = remaining[identity], !matches.isEmpty {
                matches.removeFirst()
                remaining[identity] = matches
            } else {
                introduced.append(finding)
            }
        }
        let fixed = remaining.values.flatMap { $0 }.sorted().map { before[$0].finding }
        return (introduced, fixed)
    }

    /// The lint findings of `catalog`, each with what names it on either side of a change: its
    /// rule, its file relative to the catalog, its key path and its message. The key path is
    /// the pointer through keys, as ignore entries name values (`KeyedPointer`), with the index
    /// of an element that has no key (an example, an entry of the config) written `-`: no
    /// position takes part, so values inserted or reordered above a finding leave it the same
    /// finding.
    private static func identifiedFindings(of catalog: Catalog) -> [(finding: Finding, identity: String)] {
        // Every finding on either side, so that one past the cap is still found new or gone.
        var context = LintContext(catalog: catalog)
        context.findingCap = .none
        let root = root(of: catalog)
        let config = catalog.configFile.flatMap { try? YAMLLoader.load($0) }
        return Linter.lint(context).findings.map { finding in
            let document = context.document(at: finding.file) ?? (config?.file.path == finding.file ? config : nil)
            let keyPath = document.map { KeyedPointer.keyed(finding.pointer, in: $0.root, keylessIndex: "-") }
            let identity = [finding.ruleID, Catalog.relativePath(finding.file, to: root), keyPath ?? finding.pointer, finding.message]
            return (finding, identity.joined(separator: "\u{0}"))
        }
    }

    /// The catalog's root, or for a catalog without a config (a directory, a file) the
    /// directory that holds all its files.
    private static func root(of catalog: Catalog) -> String? {
        if let root = catalog.root { return root }
        let directories = catalog.sourceFiles.keys.map { $0.pathDeletingLastComponent }
        guard var common = directories.first else { return nil }
        for directory in directories.dropFirst() {
            while !(directory == common || directory.hasPrefix(common + "/")) {
                common = common.pathDeletingLastComponent
            }
        }
        return common
    }

    // MARK: - URLs

    private static func urlComparisons(_ diff: CatalogDiff, old: MergedCatalog, new: MergedCatalog) -> [URLComparison] {
        var seen: Set<[String]> = []
        var comparisons: [URLComparison] = []
        for change in diff.changes {
            for (app, action) in appActions(changedBy: change, old: old, new: new) where seen.insert([change.type, app, action]).inserted {
                let before = Side(catalog: old, type: change.type, app: app, action: action)
                let after = Side(catalog: new, type: change.type, app: app, action: action)
                let rows = valueSets(before, after).map { source, values in
                    URLComparison.Row(
                        source: source, values: values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                        before: before.open(with: values), after: after.open(with: values))
                }
                comparisons.append(URLComparison(
                    type: change.type, app: app, action: action, changeClass: change.changeClass,
                    isInFrozenLayer: change.isInFrozenLayer, before: before.outcome, after: after.outcome, rows: rows))
            }
        }
        return comparisons
    }

    /// The app actions (app and action keys) whose URLs `change` changes: the app action of a
    /// change to it that the client reads (not of its examples alone), and every action of an
    /// app, or of every app of an app type, that the change adds or removes. A rename changes
    /// no URL.
    private static func appActions(changedBy change: CatalogChange, old: MergedCatalog, new: MergedCatalog) -> [(app: String, action: String)] {
        let side = change.kind == .added ? new : old
        func actions(of app: MergedApp) -> [(app: String, action: String)] { app.actions.map { (app.key, $0.key) } }
        switch (change.entity, change.kind) {
        case (.appAction, _):
            guard let app = change.app, !change.isIgnoredByClient, change.field != "examples" else { return [] }
            return [(app, change.key)]
        case (.app, .added), (.app, .removed):
            return side.appType(change.type)?.app(change.key).map(actions) ?? []
        case (.appType, .added), (.appType, .removed):
            return side.appType(change.type)?.apps.flatMap(actions) ?? []
        default:
            return []
        }
    }

    /// The catalog's examples of the action (HEAD's, then BASE's that HEAD does not repeat);
    /// without any, every placeholder of either url_format filled with its standard value, then
    /// every one empty (what the client drops); a format without placeholders is tried once.
    private static func valueSets(_ before: Side, _ after: Side) -> [(String, [String: String])] {
        var sets: [[String: String]] = []
        for example in after.examples + before.examples where !sets.contains(example.parameters) {
            sets.append(example.parameters)
        }
        if !sets.isEmpty { return sets.map { ("example", $0) } }
        let placeholders = Set([before, after].flatMap { $0.urlFormat.map(Values.placeholderNames(in:)) ?? [] }).sorted()
        guard !placeholders.isEmpty else { return [("standard", [:])] }
        return [
            ("standard", Dictionary(uniqueKeysWithValues: placeholders.map { ($0, standardValue(for: $0)) })),
            ("standard", Dictionary(uniqueKeysWithValues: placeholders.map { ($0, "") })),
        ]
    }

    /// One catalog's app, found by the keys of a change.
    private struct Side {
        let appType: MergedAppType?
        let app: MergedApp?
        let action: String

        init(catalog: MergedCatalog, type: String, app: String, action: String) {
            appType = catalog.appType(type)
            self.app = appType?.app(app)
            self.action = action
        }

        var urlFormat: String? { app?.action(action)?.value(\.urlFormat)?.text }
        var examples: [AppActionExample] { app?.action(action)?.value { $0.examples.isEmpty ? nil : $0.examples } ?? [] }

        func open(with values: [String: String]) -> ClientRendering? {
            guard let appType, let app else { return nil }
            return appType.definitions.profile.open(app, of: appType, action: action, with: values)
        }

        var outcome: AppActionOutcome? {
            guard let appType, let app else { return nil }
            return AppActionOutcome(of: app, in: appType, action: action, profile: appType.definitions.profile)
        }
    }

    // MARK: - Matrix

    /// Cells of the actions both catalogs have, in HEAD's order of types, actions, apps and
    /// parameters (those only in BASE after them); a whole type or action added or removed is
    /// the diff's to report. Only the parameters the app's url_format names on one side
    /// (`path`, `query` or `lost`): an app that gains or loses the action, or starts or stops
    /// crashing, shows those, not a row of marks.
    private static func matrixChanges(old: MergedCatalog, new: MergedCatalog) -> [MatrixChange] {
        var changes: [MatrixChange] = []
        for newType in new.appTypes {
            guard let oldType = old.appType(newType.key) else { continue }
            for newAction in newType.actions {
                guard let oldAction = oldType.action(newAction.key) else { continue }
                let before = SupportMatrix(appType: oldType, action: oldAction)
                let after = SupportMatrix(appType: newType, action: newAction)
                let apps = union(after.rows.map(\.app), before.rows.map(\.app))
                let parameters = union(after.columns.map(\.key), before.columns.map(\.key))
                for app in apps {
                    for parameter in parameters {
                        let was = mark(before, app: app, parameter: parameter)
                        let now = mark(after, app: app, parameter: parameter)
                        guard was != now, [was, now].contains(where: { $0?.isNamedByFormat == true }) else { continue }
                        changes.append(MatrixChange(
                            type: newType.key, action: newAction.key, app: app, parameter: parameter, before: was, after: now))
                    }
                }
            }
        }
        return changes
    }

    /// A parameter the type does not declare is `none` for an app that opens a URL.
    private static func mark(_ matrix: SupportMatrix, app: String, parameter: String) -> SupportMark? {
        guard let row = matrix.rows.first(where: { $0.app == app }) else { return nil }
        guard let cells = row.cells else { return SupportMark(row.outcome.state) }
        return matrix.columns.firstIndex { $0.key == parameter }.map { SupportMark(cells[$0]) } ?? SupportMark.none
    }

    private static func union(_ first: [String], _ second: [String]) -> [String] {
        let known = Set(first)
        return first + second.filter { !known.contains($0) }
    }
}
