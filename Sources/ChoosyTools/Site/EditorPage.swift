import ChoosyCore
import Foundation
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// `editor.html`: "Add an app" without writing JSON or YAML. A contributor picks an app type
/// (and an app of its file to edit, or none), fills in the app's fields, a url_format and an
/// example for each action, and gets the whole new text of the type's file in the catalog's
/// last layer that is not frozen (or a new file there), written as `fmt` writes it, the change
/// as a diff, and lint's findings as they type (`EditorScript`). Nothing typed leaves the
/// browser: with `--source-url` of a GitHub repository, a link opens GitHub's page for the file.
enum EditorPage {
    /// An app type the page can add an app to, and its file in the writable layer: a new last
    /// app replaces `insertion` of `text` (UTF-16 offsets), between `prefix` and `suffix`, with
    /// its members at column `indent`.
    struct Target: Sendable {
        let type: MergedAppType
        /// The file's path as the site names it (`SiteSourcePaths`).
        let path: String
        let language: SourceLanguage
        /// The file as read (nil for a new one): its text is made only as the page is written.
        let file: SourceFile?
        let insertion: Range<Int>
        let prefix: String
        let suffix: String
        let indent: Int
        /// The apps of the file, in its order, each with where its text is in the file.
        let apps: [FileApp]
        /// The file does not exist yet: the type has none in the layer.
        var isNewFile = false

        /// The file's text; empty for a new file.
        var text: String { file.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "" }
        /// The type's apps that an earlier layer defines first.
        var keptApps: [KeptApp] = []
        /// The type's place in its file (0 in a new one).
        var typeIndex = 0
        /// The config's ignore entries whose path covers the file: rule and pointer (nil: any).
        var ignoreEntries: [(rule: String, pointer: String?)] = []
    }

    /// Where a new app type's file goes: beside the files of the catalog's last layer that is
    /// not frozen, in the language most of them are in (JSON when as many are YAML). The
    /// directory as the site names it, and relative to the catalog root (for the config's
    /// ignore entries, which the page matches once it knows the file's name).
    struct NewFilePlace: Sendable {
        let directory: String
        let relativeDirectory: String
        let language: SourceLanguage
        let ignoreEntries: [CatalogConfig.IgnoreEntry]
        /// The layer's files as the site names them, whose names a new file may not take.
        let files: [String]

        /// The path, as `place` names the directory, of the file named after `key`.
        func path(_ directory: String, key: String) -> String {
            let name = "\(key).\(language.rawValue)"
            return directory.isEmpty || directory == "." ? name : (directory as NSString).appendingPathComponent(name)
        }
    }

    /// An app whose first definition is in a layer before the target's: the shipped client
    /// keeps its values and ignores those of the target's file (`ignored-override`). Values as
    /// the rule shows them (nil: the kept definition has none), for the fields the form shows.
    struct KeptApp: Sendable {
        let key: String
        let layer: String
        let fields: [(name: String, shown: String?)]
        /// Its actions an earlier layer defines first: key, layer, url_format.
        let actions: [(key: String, layer: String, shown: String?)]
    }

    /// An app of a target's file: its text is `text` of the file from `start` to `end` (in
    /// UTF-16 code units, as the script slices the file's text), its value `node` (the parsed
    /// tree's, made into the script's form only as the page is written: a value of its own
    /// for every app of the catalog, held for the whole run, was most of `docs`' memory). The page
    /// edits it only when `isCanonical`: the text is what `fmt` writes for the value at its
    /// place, so writing the edited value instead changes nothing else (no comment or
    /// spelling of the file is lost).
    struct FileApp: Sendable {
        let key: String
        let start: Int
        let end: Int
        let node: Node
        let isCanonical: Bool
    }

    /// Every app type of `catalog` (in the order of `merged`, the catalog as the site merges
    /// it) with its file in the catalog's last layer that is not frozen and the place in it
    /// where a new app goes; a type with no file there gets a new one, named after its key, that
    /// adds apps to it. A type whose definition there has no `apps` list is left out.
    static func targets(in catalog: Catalog, merged: MergedCatalog, path: (String) -> String) -> [Target] {
        guard let layer = writableLayer(of: catalog), let place = newFilePlace(in: catalog, path: path) else { return [] }
        let mergedTypes = Dictionary(merged.appTypes.map { ($0.key, $0) }) { first, _ in first }
        let keptApps = keptApps(in: catalog, merged: merged, before: layer)
        var existing: [String: Target] = [:]
        var definedInLayer: Set<String> = []
        for file in layer.files {
            for (typeIndex, appType) in file.appTypes.enumerated() {
                if let key = appType.key { definedInLayer.insert(key) }
                guard let key = appType.key, existing[key] == nil, let type = mergedTypes[key],
                      let apps = appType.node.members?.first(where: { $0.key == "apps" }),
                      let (bytes, prefix, suffix, indent) = insertion(after: apps, in: file.document) else { continue }
                let fileBytes = file.document.file.bytes
                let utf16Offset = { (byte: Int) in String(decoding: fileBytes[..<byte], as: UTF8.self).utf16.count }
                existing[key] = Target(
                    type: type, path: path(file.document.file.path),
                    language: file.document.language, file: file.document.file,
                    insertion: utf16Offset(bytes.lowerBound)..<utf16Offset(bytes.upperBound),
                    prefix: prefix, suffix: suffix, indent: indent, apps: fileApps(in: apps, of: file.document, indent: indent))
                existing[key]?.typeIndex = typeIndex
                existing[key]?.ignoreEntries = ignoreEntries(place.ignoreEntries, covering: Catalog.relativePath(file.document.file.path, to: catalog.root))
            }
        }
        return merged.appTypes.compactMap { type in
            var target = existing[type.key]
            if target == nil, !definedInLayer.contains(type.key) {
                target = newFile(for: type, path: place.path(place.directory, key: type.key), language: place.language)
                target?.ignoreEntries = ignoreEntries(place.ignoreEntries, covering: place.path(place.relativeDirectory, key: type.key))
            }
            target?.keptApps = keptApps(type)
            return target
        }
    }

    /// The catalog's last layer that is not frozen: the one the page writes to.
    private static func writableLayer(of catalog: Catalog) -> Layer? {
        let frozen = catalog.frozenLayerNames
        return catalog.layers.last { !frozen.contains($0.name) }
    }

    /// Where a file the writable layer does not have yet goes (`NewFilePlace`); nil when every
    /// layer is frozen.
    static func newFilePlace(in catalog: Catalog, path: (String) -> String) -> NewFilePlace? {
        guard let layer = writableLayer(of: catalog) else { return nil }
        let fileDirectory = layer.files.first.map { ($0.document.file.path as NSString).deletingLastPathComponent } ?? layer.directories.first ?? layer.name
        let yamlCount = layer.files.filter { $0.document.language == .yaml }.count
        return NewFilePlace(
            directory: layer.files.first.map { (path($0.document.file.path) as NSString).deletingLastPathComponent } ?? path(layer.directories.first ?? layer.name),
            relativeDirectory: Catalog.relativePath(fileDirectory, to: catalog.root),
            language: yamlCount * 2 > layer.files.count ? .yaml : .json,
            ignoreEntries: catalog.config?.ignore ?? [], files: layer.files.map { path($0.document.file.path) } + layer.unloadableFiles.map { path($0.file.path) })
    }

    /// Of `entries`, those whose path covers `relativePath` (relative to the catalog root, as `IgnoreIndex` matches them).
    private static func ignoreEntries(_ entries: [CatalogConfig.IgnoreEntry], covering relativePath: String) -> [(rule: String, pointer: String?)] {
        entries.filter { $0.covers(relativePath) }.map { ($0.rule, $0.pointer) }
    }

    /// For an app type, its apps that a layer before `layer` defines first, with the values the
    /// shipped client keeps: merged as `ignored-override` merges them (`merged` is the site's).
    private static func keptApps(in catalog: Catalog, merged: MergedCatalog, before layer: Layer) -> (MergedAppType) -> [KeptApp] {
        let layerByFile = catalog.layerOfFile
        let targetIndex = catalog.layers.firstIndex { $0.name == layer.name } ?? catalog.layers.count
        let earlier = { (file: String) in layerByFile[file].flatMap { $0.index < targetIndex ? $0.name : nil } }
        let shipped = merged.profile == .shipped ? merged : MergedCatalog(catalog, profile: .shipped, includingPartialFiles: true)
        let types = Dictionary(shipped.appTypes.map { ($0.key, $0) }) { first, _ in first }
        let formFields = Set(textFields.map(\.name))
        let appFields = IgnoredOverrideRule.clientReadFields(of: .app).filter(formFields.contains)
        return { type in
            (types[type.key]?.apps ?? []).compactMap { app in
                guard let kept = app.definitions.first, let layer = earlier(kept.file) else { return nil }
                return KeptApp(
                    key: app.key, layer: layer, fields: appFields.map { ($0, kept.node[$0].flatMap(IgnoredOverrideRule.shown)) },
                    actions: app.actions.compactMap { action in
                        guard let kept = action.definitions.first, let layer = earlier(kept.file) else { return nil }
                        return (action.key, layer, kept.node["url_format"].flatMap(IgnoredOverrideRule.shown))
                    })
            }
        }
    }

    /// A new file of `language` at `path` that adds apps to `type`: the type's name and key,
    /// no parameter or action of its own, and the new app, written as `fmt` writes it. The text
    /// around the app is the writers' own, cut at a stand-in for it.
    private static func newFile(for type: MergedAppType, path: String, language: SourceLanguage) -> Target? {
        let standIn = "\u{E000}"
        let json = JSONValue.array([.object([
            ("name", .string(type.name ?? type.key)), ("key", .string(type.key)), ("parameters", .array([])), ("actions", .array([])),
            ("apps", .array([.string(standIn)])),
        ])]).rendered()
        let text: String
        switch language {
        case .json:
            text = json.replacingOccurrences(of: "\"\(standIn)\"", with: standIn)
        case .yaml:
            guard let document = try? JSONParser.parse(SourceFile(path: path, bytes: Array(json.utf8))) else { return nil }
            // The stand-in is the last line's value; the app's own text ends its line.
            text = YAMLWriter.render(document.root).replacingOccurrences(of: standIn + "\n", with: standIn)
        }
        guard let cut = text.range(of: standIn) else { return nil }
        let prefix = String(text[..<cut.lowerBound])
        let indent = (prefix.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0) + (language == .yaml ? 0 : 2)
        var target = Target(
            type: type, path: path, language: language, file: nil, insertion: 0..<0, prefix: prefix, suffix: String(text[cut.upperBound...]),
            indent: indent, apps: [])
        target.isNewFile = true
        return target
    }

    /// The apps of the list `apps`, whose members start at column `indent` as `fmt` writes them.
    private static func fileApps(in apps: Member, of document: Document, indent: Int) -> [FileApp] {
        let bytes = document.file.bytes
        // UTF-16 offsets, counted on from the last app: counting from the start for each was
        // quadratic in a file of many apps.
        var counted = (byte: 0, utf16: 0)
        func utf16Offset(_ byte: Int) -> Int {
            counted = (byte, counted.utf16 + String(decoding: bytes[counted.byte..<byte], as: UTF8.self).utf16.count)
            return counted.utf16
        }
        return (apps.value.elements ?? []).compactMap { element in
            guard let key = element["key"]?.string else { return nil }
            let start = element.range.start.offset
            let end: Int
            let canonical: String
            switch document.language {
            case .json:
                end = element.range.end.offset
                canonical = indented(JSONValue(element).rendered(), by: indent - 2)
            case .yaml:
                end = element.endOfLastLine(in: bytes)
                canonical = indented(YAMLWriter.render(element), by: indent)
            }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            return FileApp(
                key: key, start: utf16Offset(start), end: utf16Offset(end), node: element,
                isCanonical: text == canonical || text + "\n" == canonical)
        }
    }

    /// `text` with every line but the first behind `count` more spaces (empty lines stay empty).
    /// Made in its bytes: splitting the string into lines by `Character` and joining them again
    /// was 14 % of `docs`' instructions (bench/README.md).
    private static func indented(_ text: String, by count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterNewline = false
        for byte in text.utf8 {
            if afterNewline, byte != UInt8(ascii: "\n") { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
            afterNewline = byte == UInt8(ascii: "\n")
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where a new last element of the list `apps` goes: the bytes it replaces, the separators
    /// `fmt` writes before and after it, and the column of its members.
    private static func insertion(after apps: Member, in document: Document) -> (Range<Int>, prefix: String, suffix: String, indent: Int)? {
        guard let elements = apps.value.elements else { return nil }
        let bytes = document.file.bytes
        let spaces = { (count: Int) in String(repeating: " ", count: count) }
        // `fmt` indents a list two columns under its key, and an empty one is `[]`.
        let keyColumn = apps.keyRange.start.column - 1
        let list = apps.value.range
        switch (document.language, elements.last) {
        case (.json, let last?):
            let end = last.range.end.offset
            return (end..<end, ",\n" + spaces(keyColumn + 2), "", keyColumn + 4)
        case (.json, nil):
            return (list.start.offset..<list.end.offset, "[\n" + spaces(keyColumn + 2), "\n" + spaces(keyColumn) + "]", keyColumn + 4)
        case (.yaml, let last?):
            // A block sequence item: after the line its last value ends on, a `- ` at its dash.
            let lineEnd = last.endOfLastLine(in: bytes)
            let newline = bytes[lineEnd - 1] == UInt8(ascii: "\n") ? "" : "\n"
            return (lineEnd..<lineEnd, newline + spaces(keyColumn + 2) + "- ", "", keyColumn + 4)
        case (.yaml, nil):
            // `apps: []` becomes a block sequence under the key; the new item ends its line.
            let rest = list.end.offset < bytes.count && bytes[list.end.offset] == UInt8(ascii: "\n") ? list.end.offset + 1 : list.end.offset
            return (apps.keyRange.end.offset..<rest, ":\n" + spaces(keyColumn + 2) + "- ", "", keyColumn + 4)
        }
    }

    /// The page: the form, the findings, the new file's text, and the data the script needs.
    static func render(
        _ targets: [Target], newFilePlace: NewFilePlace?, types: [MergedAppType], lintClient: ClientProfile, platform: Platform,
        ruleSettings: [String: CatalogConfig.RuleSetting], layout: SiteLayout
    ) -> [UInt8] {
        layout.document(title: "Add an app", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Add an app")
            html.paragraph(
                "Choose the app type (or describe a new one), fill in the app and a url_format for each action it supports, and copy the new text "
                    + "of the type's file: it is written as choosy-data fmt writes it, and checked as lint checks it while you type. "
                    + "Nothing you type leaves this page unless you follow a link.")
            html.element(.p, [.init(.id, "editor-needs-script")]) { $0.text("The form needs JavaScript, which is off or has not run.") }
            guard let newFilePlace else {
                return html.paragraph("No app type has a file in a layer that can be edited.")
            }
            html.element(.form, [.init(.id, "editor-form"), .init(.class, "editor")]) { html in
                html.element(.label, .init(.for, "editor-type")) { $0.text("App type") }
                html.element(.select, [.init(.id, "editor-type"), .init(.name, "type")]) { html in
                    for target in targets {
                        html.element(.option, .init(.value, target.type.key)) { $0.text("\(target.type.name ?? target.type.key) (\(target.path))") }
                    }
                    html.element(.option, .init(.value, newTypeValue)) { $0.text("A new app type (a new file in \(newFilePlace.directory))") }
                }
                newTypeFields(&html)
                html.element(.label, .init(.for, "editor-app")) { $0.text("Start from") }
                html.element(.select, [.init(.id, "editor-app"), .init(.name, "app")]) { html in
                    html.element(.option, .init(.value, "")) { $0.text("A new app") }
                }
                for field in textFields {
                    html.element(.label, .init(.for, "editor-\(field.name)")) { $0.text(field.label) }
                    html.element(.input, [
                        .init(.type, "text"), .init(.id, "editor-\(field.name)"), .init(.name, field.name), .init(.placeholder, field.placeholder),
                        .init(.autocomplete, "off"), .init(.autocapitalize, "off"), .init(.spellcheck, "false"),
                    ])
                }
                html.element(.div, .init(.id, "editor-actions"))
            }
            html.section("findings", "What lint says") { html in
                html.element(.ul, [.init(.id, "editor-findings"), .init(.ariaLive, "polite")])
            }
            html.section("change", "The change") { html in
                html.element(.pre, .init(.class, "editor-output")) { html in html.element(.code, .init(.id, "editor-diff")) }
            }
            html.section("file", "The new file") { html in
                html.element(.p, .init(.id, "editor-file"))
                html.element(.pre, .init(.class, "editor-output")) { html in html.element(.code, .init(.id, "editor-output")) }
                html.element(.p) { html in
                    html.element(.button, [.init(.type, "button"), .init(.id, "editor-copy")]) { $0.text("Copy the file") }
                    html.element(.output, .init(.id, "editor-status"))
                }
            }
            html.scriptData(id: "editor-data") { write in
                data(
                    targets, newFilePlace: newFilePlace, types: types, sourceURL: layout.options.sourceURL, client: layout.client,
                    lintClient: lintClient, platform: platform, ruleSettings: ruleSettings, to: write)
            }
        }
    }

    /// The type list's value for "a new app type"; no key is spelt so (keys have no `-`).
    static let newTypeValue = "new-type"

    /// The new app type's name and key, and its parameters and actions (rows the script adds);
    /// the script hides it while an existing type is chosen.
    private static func newTypeFields(_ html: inout HTMLWriter) {
        html.element(.div, [.init(.id, "editor-new-type"), .init(.class, "editor-new-type")]) { html in
            html.heading(.h2, id: "new-type", "The new app type")
            for (name, label, placeholder) in [("type-name", "Name of the app type", "Twitter"), ("type-key", "Key of the app type", "twitter")] {
                html.element(.label, .init(.for, "editor-\(name)")) { $0.text(label) }
                html.element(.input, [
                    .init(.type, "text"), .init(.id, "editor-\(name)"), .init(.name, name), .init(.placeholder, placeholder),
                    .init(.autocomplete, "off"), .init(.autocapitalize, "off"), .init(.spellcheck, "false"),
                ])
            }
            for (list, title, button) in [("parameters", "Parameters", "Add a parameter"), ("type-actions", "Actions", "Add an action")] {
                html.heading(.h3, id: "editor-\(list)-heading", title)
                html.element(.div, [.init(.id, "editor-\(list)"), .init(.class, "editor-rows")])
                html.element(.p) { html in
                    html.element(.button, [.init(.type, "button"), .init(.id, "editor-add-\(list)")]) { $0.text(button) }
                }
            }
        }
    }

    /// The app's text fields: the member each fills, its label and an example.
    static let textFields: [(name: String, label: String, placeholder: String)] = [
        ("name", "Name", "Tweetbot"),
        ("key", "Key", "tweetbot"),
        ("app_url_scheme", "App URL scheme", "tweetbot:"),
        ("source", "Where the app documents its URLs", "https://…"),
    ]

    /// What the script needs: each target, the member order `fmt` writes, the key grammar, the
    /// rules' words and severities (the config's `rules:` applied), and the address of GitHub's
    /// edit page for the files.
    /// Its JSON text in pieces, each made when written: a target holds its whole file and its
    /// apps' values, and the data of every target made as one value at once took three times
    /// the memory of the rest of the site (`HTMLWriter.scriptData(id:pieces:)`).
    static func data(
        _ targets: [Target], newFilePlace: NewFilePlace?, types: [MergedAppType], sourceURL: String?, client: ClientProfile,
        lintClient: ClientProfile, platform: Platform, ruleSettings: [String: CatalogConfig.RuleSetting]
        , to write: (String) -> Void
    ) {
        let positions = Dictionary(types.enumerated().map { ($1.key, $0) }) { first, _ in first }
        write(#"{"types":["#)
        for (index, target) in targets.enumerated() {
            write((index == 0 ? "" : ",") + targetData(target, position: positions[target.type.key] ?? 0).compactText())
        }
        let rest = otherData(
            newFilePlace: newFilePlace, types: types, sourceURL: sourceURL, client: client, lintClient: lintClient, platform: platform,
            ruleSettings: ruleSettings)
        // An object: its members follow the types'.
        write("]," + rest.compactText().dropFirst())
    }

    private static func keys(_ keys: [String]) -> JSONValue { .array(keys.map { .string($0) }) }

    /// A target as the script reads it.
    private static func targetData(_ target: Target, position: Int) -> JSONValue {
        let named = { (entities: [(key: String, name: String?)]) in
            JSONValue.array(entities.map { .object([("key", .string($0.key)), ("name", .string($0.name ?? $0.key))]) })
        }
        let type = target.type
        return .object([
                    ("key", .string(type.key)), ("name", .string(type.name ?? type.key)),
                    ("path", .string(target.path)), ("language", .string(target.language.rawValue)),
                    ("text", .string(target.text)), ("insertion", .array([.integer(target.insertion.lowerBound), .integer(target.insertion.upperBound)])),
                    ("prefix", .string(target.prefix)), ("suffix", .string(target.suffix)), ("indent", .integer(target.indent)),
                    ("parameters", named(type.parameters.map { ($0.key, $0.value(\.name)) })),
                    ("actions", named(type.actions.map { ($0.key, $0.value(\.name)) })),
                    ("apps", keys(type.apps.map(\.key))),
                    ("platform", .string(type.platform.rawValue)),
                    ("isNewFile", .bool(target.isNewFile)),
                    ("position", .integer(position)),
                    ("fillOrder", keys(type.keysInFillOrder)),
                    ("typeIndex", .integer(target.typeIndex)),
                    ("ignoreEntries", .array(target.ignoreEntries.map { .array([.string($0.rule), $0.pointer.map { .string($0) } ?? .null]) })),
                    ("keptApps", .array(target.keptApps.map { app in
                        .object([
                            ("key", .string(app.key)), ("layer", .string(app.layer)),
                            ("fields", .array(app.fields.map { .array([.string($0.name), $0.shown.map { .string($0) } ?? .null]) })),
                            ("actions", .array(app.actions.map { .array([.string($0.key), .string($0.layer), $0.shown.map { .string($0) } ?? .null]) })),
                        ])
                    })),
                    ("fileApps", .array(target.apps.map { app in
                        .object([
                            ("key", .string(app.key)), ("start", .integer(app.start)), ("end", .integer(app.end)),
                            ("canonical", .bool(app.isCanonical)), ("value", transported(JSONValue(app.node))),
                        ])
                    })),
                ])
    }

    /// The rest of the script's data: the member order `fmt` writes, the key grammar, the rules'
    /// words and severities (the config's `rules:` applied), the catalog's apps and schemes, and
    /// the addresses of GitHub's pages.
    private static func otherData(
        newFilePlace: NewFilePlace?, types: [MergedAppType], sourceURL: String?, client: ClientProfile, lintClient: ClientProfile,
        platform: Platform, ruleSettings: [String: CatalogConfig.RuleSetting]
    ) -> JSONValue {
        .object([
            ("order", .object([
                ("app", keys(CatalogEntity.app.fieldNames)), ("appAction", keys(CatalogEntity.appAction.fieldNames)),
                ("example", keys(CatalogEntity.example.fieldNames)),
                ("appType", keys(CatalogEntity.appType.fieldNames)), ("parameter", keys(CatalogEntity.parameter.fieldNames)),
                ("action", keys(CatalogEntity.action.fieldNames)),
            ])),
            ("keyPattern", .string(KeyGrammar.pattern)),
            ("messages", .object([
                ("keyFormat", .string(KeyFormatRule.message(key: marker))),
                ("keyFormatHint", .string(KeyFormatRule.hint(suggestedKey: marker))),
                ("duplicateApp", .string(DuplicateKeys.message(noun: "app", key: marker, scope: "app type \"\(secondMarker)\""))),
                ("duplicateHint", .string(DuplicateKeys.hint)),
                ("undeclaredParameter", .string(UndeclaredParameterRule.message(placeholder: marker, appType: secondMarker))),
                ("undeclaredParameterSuggestion", .string(UndeclaredParameterRule.hint(suggestion: marker))),
                ("undeclaredParameterDeclare", .string(UndeclaredParameterRule.hint(declaring: marker))),
                ("exampleMismatchHint", .string(ExampleMismatchRule.hint)),
                ("afterSecondEquals", .string(QueryTextLostRule.afterSecondEquals(marker))),
                ("afterSecondEqualsHint", .string(QueryTextLostRule.afterSecondEqualsHint)),
                ("afterSecondQuestionMark", .string(QueryTextLostRule.afterSecondQuestionMark(marker))),
                ("afterSecondQuestionMarkHint", .string(QueryTextLostRule.afterSecondQuestionMarkHint)),
                ("appConsistency", .string(AppConsistencyRule.message(
                    app: marker, field: secondMarker, value: thirdMarker, appType: "\u{1}4", firstValue: "\u{1}5", firstAppType: "\u{1}6"))),
                ("appConsistencyHint", .string(AppConsistencyRule.hint(field: marker))),
                ("schemeCollision", .string(SchemeCollisionRule.message(first: marker, second: secondMarker, scheme: thirdMarker))),
                ("schemeCollisionHint", .string(SchemeCollisionRule.hint)),
                ("queryHash", .string(QueryHashRule.message)),
                ("queryHashHint", .string(QueryHashRule.hint)),
                ("queryCrash", .string(QueryCrashRule.message(component: marker))),
                ("queryCrashHint", .string(QueryCrashRule.hint(example: marker))),
                ("emptyComponent", .string(QueryCrashRule.emptyComponentMessage)),
                ("emptyComponentHint", .string(QueryCrashRule.emptyComponentHint(delimiter: marker))),
                ("schemeMismatch", .string(URLSchemeMismatchRule.message(scheme: marker, appScheme: secondMarker))),
                ("schemeMismatchHint", .string(URLSchemeMismatchRule.hint(appScheme: marker))),
                ("placeholderEmpty", .string(PlaceholderSyntaxRule.Words.empty)),
                ("placeholderEmptyHint", .string(PlaceholderSyntaxRule.Words.emptyHint)),
                ("placeholderPadded", .string(PlaceholderSyntaxRule.Words.padded(marker))),
                ("placeholderWrite", .string(PlaceholderSyntaxRule.Words.write(marker))),
                ("placeholderInvalidName", .string(PlaceholderSyntaxRule.Words.invalidName(marker))),
                ("placeholderWrongBraceCount", .string(PlaceholderSyntaxRule.Words.wrongBraceCount(marker))),
                ("placeholderUnbalanced", .string(PlaceholderSyntaxRule.Words.unbalanced(marker))),
                ("placeholderLegacy", .string(PlaceholderSyntaxRule.Words.legacy(marker))),
                ("placeholderNoSuggestion", .string(PlaceholderSyntaxRule.Words.noSuggestion)),
                ("exampleMismatch", .string(ExampleMismatchRule.message(expected: marker, actual: secondMarker, character: thirdMarker))),
                ("noColon", .string(SchemeFormatRule.Words.noColon(marker))),
                ("addColon", .string(SchemeFormatRule.Words.addColon(marker))),
                ("writeScheme", .string(SchemeFormatRule.Words.writeScheme)),
                ("noScheme", .string(SchemeFormatRule.Words.noScheme(marker))),
                ("slashes", .string(SchemeFormatRule.Words.slashes)),
                ("write", .string(SchemeFormatRule.Words.write(marker))),
                ("webAddress", .string(SchemeFormatRule.Words.webAddress(marker))),
                ("ownScheme", .string(SchemeFormatRule.Words.ownScheme)),
                ("textAfterColon", .string(SchemeFormatRule.Words.textAfterColon(marker))),
                ("uriNoScheme", .string(URISyntax.Words.noScheme)),
                ("uriNoSchemeHint", .string(URISyntax.Words.noSchemeHint)),
                ("uriEmptyScheme", .string(URISyntax.Words.emptyScheme)),
                ("uriEmptySchemeHint", .string(URISyntax.Words.emptySchemeHint)),
                ("uriSchemeStart", .string(URISyntax.Words.schemeStart(marker))),
                ("uriSchemeHint", .string(URISyntax.Words.schemeHint)),
                ("uriUnclosedIPLiteral", .string(URISyntax.Words.unclosedIPLiteral)),
                ("uriUnclosedIPLiteralHint", .string(URISyntax.Words.unclosedIPLiteralHint)),
                ("uriStrayPercent", .string(URISyntax.Words.strayPercent(part: marker))),
                ("uriStrayPercentHint", .string(URISyntax.Words.strayPercentHint)),
                ("uriSpace", .string(URISyntax.Words.shown(" "))),
                ("uriShown", .string(URISyntax.Words.shown(marker))),
                ("uriNotAllowed", .string(URISyntax.Words.notAllowed(marker, part: secondMarker))),
                ("uriPercentEncode", .string(URISyntax.Words.percentEncode(as: marker))),
                ("uriPortHint", .string(URISyntax.Words.portHint)),
                ("uriNoURLOnAnyPlatform", .string(URISyntax.Words.noURLOnAnyPlatform)),
                ("uriEncodes", .string(URISyntax.Words.encodes(marker))),
                ("uriNoURL", .string(URISyntax.Words.noURL(marker))),
                ("queryUnnamed", .string(QueryShapeRule.unnamed(component: marker, lacking: secondMarker))),
                ("queryNoName", .string(QueryShapeRule.noName)),
                ("queryPlaceholderName", .string(QueryShapeRule.placeholderName)),
                ("queryUnnamedHint", .string(QueryShapeRule.unnamedHint)),
                ("queryGivenTwice", .string(QueryShapeRule.givenTwice(name: marker))),
                ("queryGivenTwiceHint", .string(QueryShapeRule.givenTwiceHint)),
                ("ignoredOverride", .string(IgnoredOverrideRule.message(field: marker, what: secondMarker, layer: thirdMarker, keeps: "\u{1}4"))),
                ("ignoredKeeps", .string(IgnoredOverrideRule.keeps(field: marker, value: secondMarker))),
                ("ignoredKeepsNone", .string(IgnoredOverrideRule.keeps(field: marker, value: nil))),
                ("ignoredApp", .string(IgnoredOverrideRule.named("app", marker, of: IgnoredOverrideRule.named("app type", secondMarker)))),
                ("ignoredAction", .string(IgnoredOverrideRule.named("action", marker, of: secondMarker))),
                ("ignoredHint", .string(IgnoredOverrideRule.hint)),
                ("onlyWhiteSpace", .string(NameWhitespaceRule.onlyWhiteSpace)),
                ("onlyWhiteSpaceHint", .string(NameWhitespaceRule.onlyWhiteSpaceHint)),
                ("paddedName", .string(NameWhitespaceRule.message(name: marker))),
                ("paddedNameHint", .string(NameWhitespaceRule.hint(trimmed: marker))),
                ("duplicateParameter", .string(DuplicateKeys.message(noun: "parameter", key: marker, scope: "app type \"\(secondMarker)\""))),
                ("duplicateAction", .string(DuplicateKeys.message(noun: "action", key: marker, scope: "app type \"\(secondMarker)\""))),
                ("emptyDescription", .string(EmptyDescriptionRule.message(parameter: marker))),
                ("emptyDescriptionHint", .string(EmptyDescriptionRule.hint)),
                ("unusedParameter", .string(UnusedParameterRule.message(parameter: marker, appType: secondMarker))),
                ("unusedParameterHint", .string(UnusedParameterRule.hint(parameter: marker))),
                ("unimplementedAction", .string(UnimplementedActionRule.message(action: marker, appType: secondMarker))),
                ("unimplementedActionHint", .string(UnimplementedActionRule.hint)),
            ])),
            ("severities", .object(Linter.ruleDescriptions.map { ($0.id, .string($0.severity.rawValue)) })),
            ("ruleSettings", .object(ruleSettings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.rawValue)) })),
            ("webSchemes", keys(SchemeCollisionRule.webSchemes.sorted())),
            // Every app's scheme name in the order the merged catalog lists them, with its
            // type's place there: scheme-collision reports the later of two apps.
            ("schemes", .array(appSchemes(types))),
            ("appsByKey", .object(appsByKey(types))),
            ("required", .object(requiredMessages.map { entity, messages in
                (entity, .object(messages.map { ($0.property, .object([("message", .string($0.message)), ("hint", $0.hint.map { .string($0) } ?? .null)])) }))
            })),
            ("newType", newFilePlace.map { place in
                .object([
                    ("directory", .string(place.directory)), ("relativeDirectory", .string(place.relativeDirectory)),
                    ("language", .string(place.language.rawValue)), ("platform", .string(platform.rawValue)),
                    ("files", keys(place.files)),
                    ("ignoreEntries", .array(place.ignoreEntries.map { entry in
                        .array([.string(entry.rule), entry.pointer.map { .string($0) } ?? .null, entry.path.map { .string($0) } ?? .null, .bool(entry.pathIsGlob)])
                    })),
                ])
            } ?? .null),
            // Every app type of the catalog, which a new one may not take the key of.
            ("allTypes", .array(types.map { .array([.string($0.key), .string($0.name ?? $0.key)]) })),
            ("sameAppSchemes", .array(URLSchemeMismatchRule.sameAppSchemes.map { keys($0.sorted()) })),
            ("excerptLength", .number(String(String.excerptLength))),
            ("client", .string(client.rawValue)),
            ("lintClient", .string(lintClient.rawValue)),
            ("editURL", gitHubURL(sourceURL, page: "edit").map { .string($0) } ?? .null),
            ("newURL", gitHubURL(sourceURL, page: "new").map { .string($0) } ?? .null),
        ])
    }

    /// The schema rule's finding for each property the form can leave empty, in the
    /// validator's own words, by the entity's name in the page's data: each found by
    /// validating a file whose one value lacks that one property (the editor leaves out empty
    /// fields), or, for an app's `actions`, has none.
    static let requiredMessages: [(entity: String, messages: [(property: String, message: String, hint: String?)])] = {
        let type = { (members: String, apps: String) in #"[{"name": "T", "key": "t", "# + members + #", "apps": ["# + apps + "]}]" }
        let entities: [(String, complete: [(String, String)], pointer: String, file: (String) -> String)] = [
            ("app", [("name", #""A""#), ("key", #""a""#), ("app_url_scheme", #""a:""#), ("actions", #"[{"key": "k", "url_format": "a:"}]"#)],
             "/0/apps/0", { type(#""parameters": [], "actions": []"#, "{" + $0 + "}") }),
            ("appType", [("name", #""T""#), ("key", #""t""#)], "/0",
             { "[{" + $0 + #", "parameters": [], "actions": [], "apps": []}]"# }),
            ("parameter", [("name", #""P""#), ("key", #""p""#), ("description", #""D""#)], "/0/parameters/0",
             { type(#""parameters": [{"# + $0 + #"}], "actions": []"#, "") }),
            ("action", [("name", #""A""#), ("key", #""a""#)], "/0/actions/0", { type(#""parameters": [], "actions": [{"# + $0 + "}]", "") }),
        ]
        return entities.map { entity, complete, pointer, file in
            (entity, complete.compactMap { property, _ in
                let members = complete.compactMap { name, value in
                    name != property ? "\"\(name)\": \(value)" : name == "actions" ? "\"actions\": []" : nil
                }
                guard let document = try? JSONParser.parse(SourceFile(path: "app.json", bytes: Array(file(members.joined(separator: ", ")).utf8))),
                      let violation = AppTypeSchema.validator.validate(document.root).first(where: {
                          $0.pointer.description == pointer || $0.pointer.description.hasPrefix(pointer + "/")
                      })
                else { return nil }
                return (property, violation.message, violation.hint)
            })
        }
    }()

    /// `value` as the script reads a value it writes back: an object as `{"o": [[name, value], …]}`
    /// (JavaScript's objects would merge duplicate members and put numeric names first), an
    /// array as `{"a": […]}`, a number as `{"n": literal}`, the rest as they are.
    static func transported(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object([("o", .array(members.map { .array([.string($0.0), transported($0.1)]) }))])
        case .array(let elements): .object([("a", .array(elements.map(transported)))])
        case .integer(let number): .object([("n", .string(String(number)))])
        case .number(let literal): .object([("n", .string(literal))])
        case .string, .bool, .null: value
        }
    }

    /// `[scheme name, app key, type position]` of every app of `types` (the merged catalog's,
    /// in its order) with a scheme, in that order.
    static func appSchemes(_ types: [MergedAppType]) -> [JSONValue] {
        types.enumerated().flatMap { position, type in
            type.apps.compactMap { app -> JSONValue? in
                guard let scheme = app.appURLSchemeDefinition?.schemeName else { return nil }
                return .array([.string(scheme), .string(app.key), .integer(position)])
            }
        }
    }

    /// Each app key's apps in the merged catalog's order: each one's type's place and key, and
    /// the name and app_url_scheme (with its scheme's name) its definitions give, as
    /// app-consistency compares every later app of the key with the first.
    static func appsByKey(_ types: [MergedAppType]) -> [(String, JSONValue)] {
        var order: [String] = []
        var apps: [String: [JSONValue]] = [:]
        for (position, type) in types.enumerated() {
            for app in type.apps {
                let name = app.definitions.definition(providing: \.name)?.node["name"]?.string
                let scheme = app.definitions.definition(providing: \.schemeName)
                if apps[app.key] == nil { order.append(app.key) }
                apps[app.key, default: []].append(.object([
                    ("position", .integer(position)), ("type", .string(type.key)),
                    ("name", name.map { .string($0) } ?? .null),
                    ("scheme", scheme?.node["app_url_scheme"]?.string.map { .string($0) } ?? .null),
                    ("schemeName", scheme?.schemeName.map { .string($0) } ?? .null),
                ]))
            }
        }
        return order.map { ($0, .array(apps[$0] ?? [])) }
    }

    /// Where a message's first and second values go, for the script to fill in.
    static let marker = "\u{1}1"
    static let secondMarker = "\u{1}2"
    static let thirdMarker = "\u{1}3"

    /// `https://github.com/OWNER/REPO/PAGE/BRANCH/` (`edit` or `new`) for a `--source-url` of a
    /// file tree on GitHub (`…/blob/BRANCH` or `…/tree/BRANCH`); nil for any other.
    static func gitHubURL(_ sourceURL: String?, page: String) -> String? {
        guard let sourceURL, sourceURL.hasPrefix("https://github.com/") else { return nil }
        var parts = sourceURL.dropFirst("https://github.com/".count).split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        guard parts.count >= 4, ["blob", "tree"].contains(parts[2]), !parts.contains("") else { return nil }
        parts[2] = Substring(page)
        return "https://github.com/" + parts.joined(separator: "/") + "/"
    }
}
