import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// `rules.html`: every lint rule from its description (as docs/rules.md), so contributors
/// read why their entry was flagged next to the catalog it applies to.
enum RulesPage {
    static func render(_ rules: [RuleDescription], layout: SiteLayout) -> [UInt8] {
        layout.document(title: "Lint rules", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Lint rules")
            html.element(.p) { html in
                html.text("What ")
                html.code("choosy-data lint")
                html.text(" checks. Every rule can be set to error, warning or off in .choosy-data.yml, and single findings can be ignored with a reason. In the examples, ↓ marks where a finding lands.")
            }
            html.table(label: "Lint rules", columns: ["Rule", "Default", "Scope", "Summary"], rows: rules) { html, rule in
                html.rowHeader { html in html.element(.a, .init(.href, "#\(rule.id)")) { $0.code(rule.id) } }
                html.cell(rule.severity.rawValue)
                html.cell(rule.scope.rawValue)
                html.cell(rule.summary)
            }
            for rule in rules {
                html.element(.section, .init(.ariaLabelledBy, rule.id)) { html in
                    html.heading(.h2, id: rule.id) { $0.code(rule.id) }
                    html.element(.p) { html in
                        html.text(rule.summary + " Default severity: ")
                        html.element(.strong) { $0.text(rule.severity.rawValue) }
                        html.text("; scope: \(rule.scope.rawValue).")
                    }
                    html.paragraph(rule.rationale)
                    examples("Triggers", id: "\(rule.id)-triggers", rule.triggeringExamples, into: &html)
                    examples("Does not trigger", id: "\(rule.id)-passes", rule.nonTriggeringExamples, into: &html)
                }
            }
        }
    }

    private static func examples(_ title: String, id: String, _ examples: [RuleDescription.Example], into html: inout HTMLWriter) {
        html.element(.div, .init(.class, "examples")) { html in
            html.heading(.h3, id: id, title)
            for example in examples {
                if let builtin = example.builtin {
                    html.paragraph("Merged over an earlier layer holding:")
                    html.element(.pre) { $0.code(builtin) }
                }
                if !example.fileName.hasPrefix("example.") { html.element(.p) { $0.code(example.fileName) } }
                html.element(.pre) { $0.code(example.text) }
            }
        }
    }
}
