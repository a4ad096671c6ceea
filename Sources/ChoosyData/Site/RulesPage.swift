/// `rules.html`: every lint rule from its description (as docs/rules.md), so contributors
/// read why their entry was flagged next to the catalog it applies to.
enum RulesPage {
    static func render(_ rules: [RuleDescription], layout: SiteLayout) -> [UInt8] {
        let table = SiteLayout.table(
            label: "Lint rules", columns: ["Rule", "Default", "Scope", "Summary"],
            rows: rules.map { rule in
                [
                    .tag(.a, [.init(.href, "#\(rule.id)")], [SiteLayout.code(rule.id)]),
                    .text(rule.severity.rawValue), .text(rule.scope.rawValue), .text(rule.summary),
                ]
            })
        let sections: [HTML] = rules.map { rule in
            .tag(.section, [.init(.ariaLabelledBy, rule.id)], [
                SiteLayout.heading(.h2, id: rule.id, [SiteLayout.code(rule.id)]),
                .tag(.p, [], [.text(rule.summary + " Default severity: "), .tag(.strong, [], [.text(rule.severity.rawValue)]), .text("; scope: \(rule.scope.rawValue).")]),
                .tag(.p, [], [.text(rule.rationale)]),
                examples("Triggers", id: "\(rule.id)-triggers", rule.triggeringExamples),
                examples("Does not trigger", id: "\(rule.id)-passes", rule.nonTriggeringExamples),
            ])
        }
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", "Lint rules"),
            .tag(.p, [], [
                .text("What "), SiteLayout.code("choosy-data lint"),
                .text(" checks. Every rule can be set to error, warning or off in .choosy-data.yml, and single findings can be ignored with a reason. In the examples, ↓ marks where a finding lands."),
            ]),
            table,
        ] + sections
        return layout.document(title: "Lint rules", breadcrumbs: [(SiteLayout.siteName, SitePath.index)], content: content)
    }

    private static func examples(_ title: String, id: String, _ examples: [RuleDescription.Example]) -> HTML {
        .tag(.div, [.init(.class, "examples")], [SiteLayout.heading(.h3, id: id, title)] + examples.flatMap { example -> [HTML] in
            var blocks: [HTML] = []
            if let builtin = example.builtin {
                blocks += [.tag(.p, [], [.text("Merged over an earlier layer holding:")]), .tag(.pre, [], [SiteLayout.code(builtin)])]
            }
            if !example.fileName.hasPrefix("example.") { blocks.append(.tag(.p, [], [SiteLayout.code(example.fileName)])) }
            return blocks + [.tag(.pre, [], [SiteLayout.code(example.text)])]
        })
    }
}
