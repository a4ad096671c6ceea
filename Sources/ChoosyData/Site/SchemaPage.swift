/// `schema.html`: every object of a catalog file and its fields, from the descriptions in
/// schemas/app-type.schema.json, so the reference cannot drift from the schema lint checks.
enum SchemaPage {
    static func render(_ root: JSONSchema, layout: SiteLayout) -> [UInt8] {
        let sections: [HTML] = definitionOrder(root).compactMap { name in
            guard let schema = root.definitions[name] else { return nil }
            let title = schema.title ?? name
            var content: [HTML] = [.tag(.p, [], [.text(schema.description ?? "")])]
            if !schema.properties.isEmpty {
                content.append(SiteLayout.table(
                    label: "Fields of \(title.withIndefiniteArticle)", columns: ["Field", "Type", "Required", "Description"],
                    rows: schema.properties.map { property in
                        [
                            SiteLayout.code(property.name), typeDescription(property.schema, root: root),
                            .text(schema.required.contains(property.name) ? "yes" : "no"),
                            .text(property.schema.description ?? ""),
                        ]
                    }))
            }
            if let pattern = schema.pattern?.pattern { content.append(.tag(.p, [], [.text("Pattern: "), SiteLayout.code(pattern)])) }
            return SiteLayout.section("def-\(name)", title.prefix(1).uppercased() + title.dropFirst(), content)
        }
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", "Schema fields"),
            .tag(.p, [], [.text(root.description ?? "")]),
        ] + sections
        return layout.document(title: "Schema fields", breadcrumbs: [(SiteLayout.siteName, SitePath.index)], content: content)
    }

    /// The definitions in the order a reader meets them from the root: each one's references
    /// in field order, breadth first, then any not reached.
    static func definitionOrder(_ root: JSONSchema) -> [String] {
        var order: [String] = []
        var queue = [root]
        while !queue.isEmpty {
            let schema = queue.removeFirst()
            for next in [schema, schema.items].compactMap({ $0 }) + schema.properties.flatMap({ [$0.schema, $0.schema.items].compactMap { $0 } }) {
                guard let name = next.reference, !order.contains(name), let target = root.definitions[name] else { continue }
                order.append(name)
                queue.append(target)
            }
        }
        return order + root.definitions.keys.filter { !order.contains($0) }.sorted()
    }

    /// `string`, `array of app`, or a link to the definition a field refers to.
    private static func typeDescription(_ schema: JSONSchema, root: JSONSchema) -> HTML {
        if let name = schema.reference {
            return SiteLayout.link("#def-\(name)", root.definitions[name]?.title ?? name)
        }
        if schema.type == .array, let items = schema.items {
            return .tag(.span, [], [.text("array of "), typeDescription(items, root: root)])
        }
        if schema.type == .object, schema.propertyNames != nil {
            return .text("object of strings")
        }
        return .text(schema.type?.rawValue ?? "any")
    }
}
