import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// An app as one file defines it, with what rules that check its values need around it: the
/// document to point into, and the app and its type's parameters as merged across layers. A
/// class, like the model: every URL rule is handed each one, and a struct of this size was
/// copied (a retain and release per field) for each.
public final class LoadedApp: Sendable {
    public let document: Document
    public let app: App
    /// The app merged across layers; nil when the app or its type has no key.
    public let merged: MergedApp?
    /// The keys of the parameters of the app type merged across layers.
    public let parameterKeys: Set<String>

    /// The app's `url_format` values with their nodes, each cut with the app type's parameters.
    /// Cut again for each rule that asks: keeping every cut format of a large catalog costs more
    /// memory than cutting costs time.
    public var urlFormats: [(format: URLFormat, node: Node)] {
        app.actions.compactMap { action in
            guard let node = action.node["url_format"], let text = node.string else { return nil }
            return (URLFormat(text, parameterKeys: parameterKeys), node)
        }
    }

    init(document: Document, app: App, merged: MergedApp?, parameterKeys: Set<String>) {
        self.document = document
        self.app = app
        self.merged = merged
        self.parameterKeys = parameterKeys
    }

    /// Every app of every file in `files`, in order, with its merged form from `merged`;
    /// several files at a time.
    static func all(in files: [CatalogFile], merged: MergedCatalog) -> [LoadedApp] {
        files.concurrentMap { file in
            file.appTypes.flatMap { appType in
                let mergedType = appType.key.flatMap(merged.appType)
                let parameterKeys = Set(mergedType?.parameterKeys ?? [])
                return appType.apps.map { app in
                    LoadedApp(document: file.document, app: app, merged: app.key.flatMap { mergedType?.app($0) }, parameterKeys: parameterKeys)
                }
            }
        }.flatMap { $0 }
    }
}

extension Rule {
    /// A finding of this rule about scalars `scalars` of the string value `node` in `app`'s file,
    /// so that it points at the offending part, not the whole string.
    func finding(
        _ message: String, in app: LoadedApp, value node: Node, scalars: Range<Int>,
        severity: Severity? = nil, hint: String? = nil, notes: [Finding.Note] = []
    ) -> Finding {
        finding(
            message, file: app.document.file.path, range: app.document.sourceRange(ofScalars: scalars, in: node),
            pointer: node.pointer, severity: severity, hint: hint, notes: notes)
    }
}
