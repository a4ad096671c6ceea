import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// `changes.html`: what changed in the catalog since an earlier revision (`SiteChanges`), as
/// `diff` reports it for the site's client: a section per class of change, most serious
/// first, a list per app type, a sentence per change.
enum ChangesPage {
    /// `typeNames`: the name of every app type of the catalog shown, by key; a type that is
    /// gone is named by its key.
    static func render(_ diff: CatalogDiff, since changes: SiteChanges, typeNames: [String: String], layout: SiteLayout) -> [UInt8] {
        layout.document(title: "What changed", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "What changed")
            html.element(.p) { html in
                html.text("Since ")
                html.code(changes.since)
                html.text(" (commit ")
                html.code(String(changes.commit.prefix(12)))
                html.text("), " + summary(diff, client: layout.client))
            }
            for group in DiffGrouping(diff).groups {
                let id = group.changeClass.rawValue
                html.section(id, "\(group.changeClass.title) (\(group.count))") { html in
                    for (type, changes) in group.types {
                        html.element(.h3, .init(.id, "\(id)-\(type)")) { html in
                            if let name = typeNames[type] { html.link(SitePath.appType(type), name) } else { html.code(type) }
                        }
                        html.element(.ul) { html in
                            for change in changes { html.element(.li) { $0.sentence(of: change) } }
                        }
                    }
                }
            }
        }
    }

    /// "nothing changed in the catalog as CLIENT sees it.", or "3 changes to the catalog as
    /// CLIENT sees it: 2 features, 1 fix." with the classes that have changes.
    static func summary(_ diff: CatalogDiff, client: ClientProfile) -> String {
        let total = diff.changes.count
        guard total > 0 else { return "nothing changed in the catalog as \(client.summary) sees it." }
        let counts = ChangeClass.allCases.compactMap { changeClass -> String? in
            let count = diff.count(of: changeClass)
            guard count > 0 else { return nil }
            let noun = switch changeClass {
            case .breaking: "breaking"
            case .feature: count == 1 ? "feature" : "features"
            case .fix: count == 1 ? "fix" : "fixes"
            case .docs: "docs"
            }
            return "\(count) \(noun)"
        }
        return "\(total) change\(total == 1 ? "" : "s") to the catalog as \(client.summary) sees it: \(counts.joined(separator: ", "))."
    }

}

extension HTMLWriter {
    /// `change.sentence` with its keys and values as code: each piece is written as text, so
    /// nothing in the catalog becomes markup. The sentence marks code with control characters,
    /// which a value cannot hold once its invisible characters are escaped.
    fileprivate mutating func sentence(of change: CatalogChange) {
        let (start, end): (Character, Character) = ("\u{1}", "\u{2}")
        let sentence = change.sentence(code: { "\(start)\($0.withInvisibleCharactersEscaped)\(end)" }, text: \.withInvisibleCharactersEscaped)
        let pieces = sentence.split(omittingEmptySubsequences: false, whereSeparator: { $0 == start || $0 == end })
        for (index, piece) in pieces.enumerated() where !piece.isEmpty {
            // As the release notes write it: a sentence starts with a capital.
            if index % 2 == 1 { code(String(piece)) } else { text(index == 0 ? piece.prefix(1).uppercased() + piece.dropFirst() : String(piece)) }
        }
    }
}
