import ChoosyCatalog

/// The url_formats of an app type's apps, each cut once with the type's parameters and shared
/// by every page that shows it: the action's formats and "Try it", and the app's page. A class,
/// so the pages' closures share one instead of copying its tables.
final class AppTypeFormats {
    let type: MergedAppType
    /// The page of each parameter, by key: what a placeholder of these formats links to.
    let parameterPages: [String: String]
    /// App key → action key → the cut url_format.
    private let formats: [String: [String: URLFormat]]

    /// The formats of `apps`, all the type's by default.
    init(_ type: MergedAppType, apps: [MergedApp]? = nil) {
        self.type = type
        let parameterKeys = Set(type.parameterKeys)
        parameterPages = Dictionary(type.parameters.map { ($0.key, SitePath.parameter(type.key, $0.key)) }) { first, _ in first }
        formats = Dictionary(uniqueKeysWithValues: (apps ?? type.apps).map { app in
            (app.key, Dictionary(uniqueKeysWithValues: app.actions.compactMap { appAction in
                appAction.value(\.urlFormat).map { (appAction.key, URLFormat($0.text, parameterKeys: parameterKeys)) }
            }))
        })
    }

    /// The url_format of `app` for `action`; nil when the app does not implement it or gives
    /// no url_format.
    package func format(app: String, action: String) -> URLFormat? {
        formats[app]?[action]
    }
}
