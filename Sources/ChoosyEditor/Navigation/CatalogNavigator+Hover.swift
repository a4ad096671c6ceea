import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint
import ChoosyTools

extension CatalogNavigator {
    /// What to show for the value at `location` in file `path`: a placeholder's parameter, an
    /// action's, app's or app type's declaration, a field's description.
    public func hover(in path: String, at location: SourceLocation) -> HoverText? {
        guard let target = target(in: path, at: location) else { return nil }
        let paragraphs: [String]
        switch target {
        case .placeholder(let name, let appType, _), .key(.parameter, let name, let appType, _):
            paragraphs = parameterHover(name, in: appType)
        case .key(.action, let key, let appType, _), .key(.appAction, let key, let appType, _):
            paragraphs = actionHover(key, in: appType)
        case .key(.app, let key, let appType, _):
            paragraphs = appHover(key, in: appType)
        case .key(_, _, let appType, _):
            paragraphs = appTypeHover(appType)
        case .scheme(let app, let appType, let range):
            paragraphs = schemeHover(of: app, in: appType, at: SourceLink(file: path, range: range))
        case .field(let field, _):
            let title = field.title.map { " (\($0))" } ?? ""
            paragraphs = [
                "**\(field.name)**\(title) — \(field.isRequired ? "required" : "optional") field of \(field.entity.title.withIndefiniteArticle)",
                field.description,
            ]
        }
        return HoverText(markdown: paragraphs.joined(separator: "\n\n"), range: target.range)
    }

    /// What to show at `location` in `file`, a `.choosy-data.yml` buffer (which need not
    /// parse): a config key's description, a rule's summary (a key under `rules:`, an ignore
    /// entry's `rule:`), or what a layer's `path:` reads.
    public static func configHover(in file: SourceFile, at location: SourceLocation) -> HoverText? {
        let bytes = file.bytes
        let context = CursorContext(of: bytes, language: .yaml, at: min(max(location.offset, 0), bytes.count))
        let objects = context.objects
        let span: Range<Int>
        let paragraphs: [String]
        switch context.spot {
        case .memberName(let name, _, _) where !name.isEmpty:
            let key = String(decoding: bytes[name], as: UTF8.self)
            let place: CatalogConfigKey.Place? = switch (objects.count, objects.last?.via) {
            case (1, nil): .root
            case (2, "layers"): .layer
            case (2, "ignore"): .ignoreEntry
            default: nil
            }
            if let place, let configKey = CatalogConfigKey.all.first(where: { $0.place == place && $0.name == key }) {
                paragraphs = ["**\(configKey.name)** — \(configKey.isRequired ? "required" : "optional") key of \(place.title)", configKey.description]
            } else if objects.count == 2, objects[1].via == "rules", let rule = Linter.ruleDescriptions.first(where: { $0.id == key }) {
                paragraphs = ruleHover(rule)
            } else {
                return nil
            }
            span = name
        case .value("rule", let text) where objects.count == 2 && objects[1].via == "ignore":
            let id = String(decoding: bytes[text], as: UTF8.self)
            if id == CatalogConfig.IgnoreEntry.everyRule {
                paragraphs = ["`\(id)` — every rule but `config`: the entry accepts all findings of its `path` (and `at`)"]
            } else if let rule = Linter.ruleDescriptions.first(where: { $0.id == id }) {
                paragraphs = ruleHover(rule)
            } else {
                return nil
            }
            span = text
        case .value("path", let text) where objects.count == 2 && objects[1].via == "layers":
            let path = String(decoding: bytes[text], as: UTF8.self)
            paragraphs = layerPathHover(path, from: file.path.pathDeletingLastComponent)
            span = text
        default:
            return nil
        }
        let lines = SourceLines(of: file, hasByteOrderMark: bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let range = SourceRange(start: lines.location(ofOffset: UInt32(span.lowerBound)), end: lines.location(ofOffset: UInt32(span.upperBound)))
        return HoverText(markdown: paragraphs.joined(separator: "\n\n"), range: range)
    }

    private static func ruleHover(_ rule: RuleDescription) -> [String] {
        ["**\(rule.id)** — rule, \(rule.severity.rawValue) by default", rule.summary]
    }

    /// The catalog files a layer's `path` (relative to the config's `directory`) reads.
    private static func layerPathHover(_ path: String, from directory: String) -> [String] {
        let heading = "\(MarkdownEscaping.codeSpan(path.withInvisibleCharactersEscaped)) — a layer's files"
        guard let layer = (try? CatalogLoader().load(path: CatalogLoader.join(directory.isEmpty ? "." : directory, path)))?.layers.first else {
            return [heading, "Nothing there reads as a catalog file: no such file or folder, or no .json, .yaml or .yml file in it."]
        }
        let names = (layer.files.map(\.document.file.path) + layer.unloadableFiles.map(\.file.path)).map { Catalog.relativePath($0, to: directory) }.sorted()
        let shown = names.prefix(10).map { MarkdownEscaping.codeSpan($0.withInvisibleCharactersEscaped) }.joined(separator: ", ")
        return [heading, "Reads \(names.count) catalog file\(names.count == 1 ? "" : "s"): \(shown)\(names.count > 10 ? ", …" : "")."]
    }

    private func parameterHover(_ name: String, in appType: String) -> [String] {
        guard let parameter = mergedAppType(appType)?.parameter(matching(name)) else {
            return ["\(code("{{\(name)}}")) is not a parameter of app type \(code(appType))"]
        }
        let description = parameter.value(\.description).flatMap { $0.isEmpty ? nil : MarkdownEscaping.prose($0) }
        return ["\(heading(parameter.value(\.name), "parameter", parameter.key)) of app type \(code(appType))"]
            + (description.map { [$0] } ?? [])
            + [declaredIn(parameter.definitions)]
    }

    private func actionHover(_ key: String, in appType: String) -> [String] {
        guard let mergedType = mergedAppType(appType), let action = mergedType.action(matching(key)) else {
            return ["\(code(key)) is not an action of app type \(code(appType))"]
        }
        let profile = mergedType.definitions.profile
        let outcomes = mergedType.apps.map { ($0, AppActionOutcome(of: $0, in: mergedType, action: action.key, profile: profile)) }
        func apps(_ state: AppActionOutcome.State) -> [String] {
            outcomes.filter { $0.1.state == state }.map { app, _ in app.name.map { "\(MarkdownEscaping.prose($0)) (\(code(app.key)))" } ?? code(app.key) }
        }
        let opening = apps(.url)
        let failing = [AppActionOutcome.State.crash, .app].compactMap { state -> String? in
            let names = apps(state)
            return names.isEmpty ? nil : "\(state == .crash ? "Crashes the host app" : "Opens only the app") in \(names.joined(separator: ", "))."
        }
        return [
            "\(heading(action.value(\.name), "action", action.key)) of app type \(code(mergedType.key))",
            opening.isEmpty ? "No app opens a URL for it." : "Opens a URL in \(opening.joined(separator: ", ")).",
        ] + failing + [declaredIn(action.definitions)]
    }

    private func appHover(_ key: String, in appType: String) -> [String] {
        guard let mergedType = mergedAppType(appType), let app = mergedType.app(matching(key)) else { return [] }
        let actions = app.actions.map { code($0.key) }
        return [
            "\(heading(app.name, "app", app.key)) of app type \(code(mergedType.key))",
            "URL scheme: " + (app.appURLScheme.map(code) ?? "none"),
            actions.isEmpty ? "Implements no action." : "Implements \(actions.joined(separator: ", ")).",
            declaredIn(app.definitions),
        ]
    }

    /// The scheme the client uses for the app (this value, or the one it keeps instead) and
    /// what the calling app's Info.plist needs for it.
    private func schemeHover(of key: String, in appType: String, at place: SourceLink) -> [String] {
        guard let mergedType = mergedAppType(appType), let app = mergedType.app(matching(key)) else { return [] }
        guard let used = app.appURLSchemeDefinition, let scheme = used.appURLScheme else { return [] }
        var paragraphs = ["\(code(scheme)) — URL scheme of app \(code(app.key)) of app type \(code(mergedType.key))"]
        let usedNode = currentNode(used.node, in: used.file) { $0["key"]?.string == used.key }
        let usedRange = usedNode.map { $0["app_url_scheme"]?.range ?? $0["key"]?.range ?? $0.range }
        if used.file != place.file || usedRange != place.range {
            let declared = usedRange.map { ":\($0.start)" } ?? ""
            paragraphs.append("The \(merged.profile.rawValue) client ignores this value and keeps \(code(scheme)), declared in "
                + code(Catalog.relativePath(used.file, to: catalog.root) + declared) + ".")
        }
        if let name = used.schemeName, QueriedSchemes.webSchemes.contains(name) {
            paragraphs.append("A web address: iOS needs no Info.plist entry for it, and the client always finds it.")
        } else if let name = used.schemeName {
            paragraphs.append("The client asks iOS whether the app is installed (`canOpenURL`), so the calling app lists "
                + "\(code(name)) under `LSApplicationQueriesSchemes` in its Info.plist (`choosy-data schemes --write` keeps it in step).")
        }
        return paragraphs
    }

    private func appTypeHover(_ key: String) -> [String] {
        guard let mergedType = mergedAppType(key) else { return [] }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return [
            heading(mergedType.name, "app type", mergedType.key),
            [count(mergedType.parameters.count, "parameter"), count(mergedType.actions.count, "action"), count(mergedType.apps.count, "app")]
                .joined(separator: ", "),
            declaredIn(mergedType.definitions),
        ]
    }

    /// `**Name** — what `key``, or the key alone when the value has no name.
    private func heading(_ name: String?, _ what: String, _ key: String) -> String {
        (name.map { "**\(MarkdownEscaping.prose($0))** — " } ?? "") + "\(what) \(code(key))"
    }

    /// Catalog text as a code span that no backtick in it can end: hover is Markdown, and a
    /// key or name from a catalog must not become a link, an image or markup there.
    private func code(_ text: String) -> String {
        MarkdownEscaping.codeSpan(text.withInvisibleCharactersEscaped)
    }

    /// Where each definition of a value is, earliest layer first, relative to the catalog's root.
    private func declaredIn<Entity: KeyedEntity>(_ definitions: Definitions<Entity>) -> String {
        "Declared in " + definitions.map { definition in
            code(Catalog.relativePath(definition.file, to: catalog.root) + (link(definition).map { ":\($0.range.start)" } ?? ""))
        }.joined(separator: ", ")
    }
}
