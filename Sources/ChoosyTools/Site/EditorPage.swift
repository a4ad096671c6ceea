import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// `editor.html`: "Add an app" without writing JSON or YAML. A contributor picks an app type,
/// fills in the app's fields and a url_format for each action, and gets the whole new text of
/// the type's file in the catalog's last layer that is not frozen, written as `fmt` writes it,
/// with lint's findings for the new app as they type (`EditorScript`). Nothing typed leaves the
/// browser: with `--source-url` of a GitHub repository, a link opens the file's edit page.
enum EditorPage {
    /// An app type the page can add an app to: its file in the writable layer, cut where a new
    /// last app goes. The new app's text goes between `before` and `after`; `indent` is the
    /// column its members start at.
    struct Target: Sendable {
        let type: MergedAppType
        /// The file's path as the site names it (`SiteSourcePaths`).
        let path: String
        let language: SourceLanguage
        let before: String
        let after: String
        let indent: Int
    }

    /// The app types of `catalog` that have a file in its last layer that is not frozen, each
    /// with the place in that file where a new app goes; `merged` is the catalog as the site
    /// merges it. A type whose definition there has no `apps` list is left out.
    static func targets(in catalog: Catalog, merged: MergedCatalog, path: (String) -> String) -> [Target] {
        let frozen = Set(catalog.config?.layers.filter(\.isFrozen).map(\.name) ?? [])
        guard let layer = catalog.layers.last(where: { !frozen.contains($0.name) }) else { return [] }
        let mergedTypes = Dictionary(merged.appTypes.map { ($0.key, $0) }) { first, _ in first }
        return layer.files.flatMap { file in
            file.appTypes.compactMap { appType -> Target? in
                guard let key = appType.key, let type = mergedTypes[key], let apps = appType.node.members?.first(where: { $0.key == "apps" }),
                      let (before, after, indent) = insertion(after: apps, in: file.document) else { return nil }
                return Target(type: type, path: path(file.document.file.path), language: file.document.language, before: before, after: after, indent: indent)
            }
        }
    }

    /// Where a new last element of the list `apps` goes: the text before and after it, with the
    /// separators `fmt` writes, and the column of the element's members.
    private static func insertion(after apps: Member, in document: Document) -> (before: String, after: String, indent: Int)? {
        guard let elements = apps.value.elements else { return nil }
        let bytes = document.file.bytes
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        let spaces = { (count: Int) in String(repeating: " ", count: count) }
        // `fmt` indents a list two columns under its key, and an empty one is `[]`.
        let keyColumn = apps.keyRange.start.column - 1
        let list = apps.value.range
        switch (document.language, elements.last) {
        case (.json, let last?):
            let end = last.range.end.offset
            return (text(0..<end) + ",\n" + spaces(keyColumn + 2), text(end..<bytes.count), keyColumn + 4)
        case (.json, nil):
            return (
                text(0..<list.start.offset) + "[\n" + spaces(keyColumn + 2),
                "\n" + spaces(keyColumn) + "]" + text(list.end.offset..<bytes.count), keyColumn + 4)
        case (.yaml, let last?):
            // A block sequence item: after the line its last value ends on, a `- ` at its dash.
            let contentEnd = max(last.contentEnd(in: bytes), last.range.start.offset + 1)
            let lineEnd = bytes[(contentEnd - 1)...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let newline = bytes[lineEnd - 1] == UInt8(ascii: "\n") ? "" : "\n"
            return (text(0..<lineEnd) + newline + spaces(keyColumn + 2) + "- ", text(lineEnd..<bytes.count), keyColumn + 4)
        case (.yaml, nil):
            // `apps: []` becomes a block sequence under the key; the new item ends its line.
            let rest = list.end.offset < bytes.count && bytes[list.end.offset] == UInt8(ascii: "\n") ? list.end.offset + 1 : list.end.offset
            return (
                text(0..<apps.keyRange.end.offset) + ":\n" + spaces(keyColumn + 2) + "- ", text(rest..<bytes.count), keyColumn + 4)
        }
    }

    /// The page: the form, the findings, the new file's text, and the data the script needs.
    static func render(_ targets: [Target], layout: SiteLayout) -> [UInt8] {
        layout.document(title: "Add an app", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Add an app")
            html.paragraph(
                "Choose the app type, fill in the app and a url_format for each action it supports, and copy the new text "
                    + "of the type's file: it is written as choosy-data fmt writes it, and checked as lint checks it while you type. "
                    + "Nothing you type leaves this page unless you follow a link.")
            html.element(.p, [.init(.id, "editor-needs-script")]) { $0.text("The form needs JavaScript, which is off or has not run.") }
            guard !targets.isEmpty else {
                return html.paragraph("No app type has a file in a layer that can be edited.")
            }
            html.element(.form, [.init(.id, "editor-form"), .init(.class, "editor")]) { html in
                html.element(.label, .init(.for, "editor-type")) { $0.text("App type") }
                html.element(.select, [.init(.id, "editor-type"), .init(.name, "type")]) { html in
                    for target in targets {
                        html.element(.option, .init(.value, target.type.key)) { $0.text("\(target.type.name ?? target.type.key) (\(target.path))") }
                    }
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
            html.section("file", "The new file") { html in
                html.element(.p, .init(.id, "editor-file"))
                html.element(.pre, .init(.class, "editor-output")) { html in html.element(.code, .init(.id, "editor-output")) }
                html.element(.p) { html in
                    html.element(.button, [.init(.type, "button"), .init(.id, "editor-copy")]) { $0.text("Copy the file") }
                    html.element(.output, .init(.id, "editor-status"))
                }
            }
            html.scriptData(id: "editor-data", data(targets, sourceURL: layout.options.sourceURL, client: layout.client))
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
    /// rules' words, and the address of GitHub's edit page for the files.
    static func data(_ targets: [Target], sourceURL: String?, client: ClientProfile) -> JSONValue {
        let keys = { (keys: [String]) in JSONValue.array(keys.map { .string($0) }) }
        let named = { (entities: [(key: String, name: String?)]) in
            JSONValue.array(entities.map { .object([("key", .string($0.key)), ("name", .string($0.name ?? $0.key))]) })
        }
        return .object([
            ("types", .array(targets.map { target in
                let type = target.type
                return .object([
                    ("key", .string(type.key)), ("name", .string(type.name ?? type.key)),
                    ("path", .string(target.path)), ("language", .string(target.language.rawValue)),
                    ("before", .string(target.before)), ("after", .string(target.after)), ("indent", .number(String(target.indent))),
                    ("parameters", named(type.parameters.map { ($0.key, $0.value(\.name)) })),
                    ("actions", named(type.actions.map { ($0.key, $0.value(\.name)) })),
                    ("apps", keys(type.apps.map(\.key))),
                    ("platform", .string(type.platform.rawValue)),
                ])
            })),
            ("order", .object([("app", keys(CatalogEntity.app.fieldNames)), ("appAction", keys(CatalogEntity.appAction.fieldNames))])),
            ("keyPattern", .string(KeyGrammar.pattern)),
            ("messages", .object([
                ("keyFormat", .string(KeyFormatRule.message(key: marker))),
                ("keyFormatHint", .string(KeyFormatRule.hint(suggestedKey: marker))),
                ("duplicateApp", .string(DuplicateKeys.message(noun: "app", key: marker, scope: "app type \"\(secondMarker)\""))),
                ("duplicateHint", .string(DuplicateKeys.hint)),
                ("undeclaredParameter", .string(UndeclaredParameterRule.message(placeholder: marker, appType: secondMarker))),
                ("queryCrash", .string(QueryCrashRule.message(component: marker))),
                ("queryCrashHint", .string(QueryCrashRule.hint(example: marker))),
                ("emptyComponent", .string(QueryCrashRule.emptyComponentMessage)),
                ("emptyComponentHint", .string(QueryCrashRule.emptyComponentHint(delimiter: marker))),
                ("schemeMismatch", .string(URLSchemeMismatchRule.message(scheme: marker, appScheme: secondMarker))),
                ("schemeMismatchHint", .string(URLSchemeMismatchRule.hint(appScheme: marker))),
                ("noColon", .string(SchemeFormatRule.Words.noColon(marker))),
                ("addColon", .string(SchemeFormatRule.Words.addColon(marker))),
                ("writeScheme", .string(SchemeFormatRule.Words.writeScheme)),
                ("noScheme", .string(SchemeFormatRule.Words.noScheme(marker))),
                ("slashes", .string(SchemeFormatRule.Words.slashes)),
                ("write", .string(SchemeFormatRule.Words.write(marker))),
                ("webAddress", .string(SchemeFormatRule.Words.webAddress(marker))),
                ("ownScheme", .string(SchemeFormatRule.Words.ownScheme)),
                ("textAfterColon", .string(SchemeFormatRule.Words.textAfterColon(marker))),
                ("onlyWhiteSpace", .string(NameWhitespaceRule.onlyWhiteSpace)),
                ("onlyWhiteSpaceHint", .string(NameWhitespaceRule.onlyWhiteSpaceHint)),
                ("paddedName", .string(NameWhitespaceRule.message(name: marker))),
                ("paddedNameHint", .string(NameWhitespaceRule.hint(trimmed: marker))),
            ])),
            ("required", .object(requiredMessages.map { ($0.property, .object([("message", .string($0.message)), ("hint", $0.hint.map { .string($0) } ?? .null)])) })),
            ("sameAppSchemes", .array(URLSchemeMismatchRule.sameAppSchemes.map { keys($0.sorted()) })),
            ("excerptLength", .number(String(String.excerptLength))),
            ("client", .string(client.rawValue)),
            ("editURL", gitHubEditURL(sourceURL).map { .string($0) } ?? .null),
        ])
    }

    /// The schema rule's finding for each property of an app the form can leave empty, in the
    /// validator's own words: each found by validating an app that lacks that one property
    /// (the editor leaves out empty fields), or, for `actions`, has none.
    static let requiredMessages: [(property: String, message: String, hint: String?)] = {
        let complete = [("name", #""A""#), ("key", #""a""#), ("app_url_scheme", #""a:""#), ("actions", #"[{"key": "k", "url_format": "a:"}]"#)]
        return complete.compactMap { property, _ in
            let members = complete.compactMap { name, value in
                name != property ? "\"\(name)\": \(value)" : name == "actions" ? "\"actions\": []" : nil
            }
            let text = #"[{"name": "T", "key": "t", "parameters": [], "actions": [], "apps": [{"# + members.joined(separator: ", ") + "}]}]"
            guard let document = try? JSONParser.parse(SourceFile(path: "app.json", bytes: Array(text.utf8))),
                  let violation = AppTypeSchema.validator.validate(document.root).first(where: { $0.pointer.description.hasPrefix("/0/apps/0") })
            else { return nil }
            return (property, violation.message, violation.hint)
        }
    }()

    /// Where a message's first and second values go, for the script to fill in.
    static let marker = "\u{1}1"
    static let secondMarker = "\u{1}2"

    /// `https://github.com/OWNER/REPO/edit/BRANCH/` for a `--source-url` of a file tree on
    /// GitHub (`…/blob/BRANCH` or `…/tree/BRANCH`); nil for any other.
    static func gitHubEditURL(_ sourceURL: String?) -> String? {
        guard let sourceURL, sourceURL.hasPrefix("https://github.com/") else { return nil }
        var parts = sourceURL.dropFirst("https://github.com/".count).split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        guard parts.count >= 4, ["blob", "tree"].contains(parts[2]), !parts.contains("") else { return nil }
        parts[2] = "edit"
        return "https://github.com/" + parts.joined(separator: "/") + "/"
    }
}
