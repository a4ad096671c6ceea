import ChoosyCore
import ChoosyCatalog

/// The links an app type's pages repeat, each written once and copied as bytes: to each of its
/// actions and apps, with their names. The parameter pages of the 1 MB bench catalog's site
/// link an action and an app on each of 12 000 rows, and its action pages each app that
/// implements them. A class, so the type's pages share one.
final class AppTypeLinks: Sendable {
    /// A link to each action's page, in the type's order.
    let actions: [HTMLFragment]
    /// A link to each app's page, in the type's order.
    let apps: [HTMLFragment]

    init(_ type: MergedAppType) {
        actions = type.actions.map { action in
            HTMLWriter.inlineFragment { $0.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key) }
        }
        apps = type.apps.map { app in
            HTMLWriter.inlineFragment { $0.link(SitePath.app(app.key), app.name ?? app.key) }
        }
    }
}
