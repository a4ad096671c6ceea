import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// `schema.html`: every object of a catalog file and its fields, from the descriptions in
/// schemas/app-type.schema.json, so the reference cannot drift from the schema lint checks.
enum SchemaPage {
    static func render(_ root: JSONSchema, layout: SiteLayout) -> [UInt8] {
        layout.document(title: "Schema fields", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Schema fields")
            html.paragraph(root.description ?? "")
            schemaFiles(siteURL: layout.options.siteURL, into: &html)
            for name in definitionOrder(root) {
                guard let schema = root.definitions[name] else { continue }
                let title = schema.title ?? name
                html.section("def-\(name)", title.prefix(1).uppercased() + title.dropFirst()) { html in
                    html.paragraph(schema.description ?? "")
                    if !schema.properties.isEmpty {
                        html.table(
                            label: "Fields of \(title.withIndefiniteArticle)", columns: ["Field", "Type", "Required", "Description"],
                            rows: schema.properties
                        ) { html, property in
                            html.rowHeader { $0.code(property.name) }
                            html.cell { typeDescription(property.schema, root: root, into: &$0) }
                            html.cell(schema.required.contains(property.name) ? "yes" : "no")
                            html.cell(property.schema.description ?? "")
                        }
                    }
                    if let pattern = schema.pattern?.pattern {
                        html.element(.p) { html in
                            html.text("Pattern: ")
                            html.code(pattern)
                        }
                    }
                }
            }
        }
    }

    /// Links to the schema files the site serves, for editors (docs/schema.md), with their
    /// addresses when the site's is known.
    private static func schemaFiles(siteURL: String?, into html: inout HTMLWriter) {
        html.section("files", "Schema files") { html in
            html.paragraph("JSON Schemas of catalog files and of .choosy-data.yml for editors; the draft-07 editions are for editors that know draft-07 best.")
            html.element(.ul) { html in
                for schema in PublishedSchema.allCases {
                    html.element(.li) { html in
                        html.link(schema.fileName, schema.fileName)
                        if let id = schema.id(siteURL: siteURL) {
                            html.text(": ")
                            html.code(id)
                        }
                    }
                }
            }
        }
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
    private static func typeDescription(_ schema: JSONSchema, root: JSONSchema, into html: inout HTMLWriter) {
        if let name = schema.reference {
            html.link("#def-\(name)", root.definitions[name]?.title ?? name)
        } else if schema.type == .array, let items = schema.items {
            html.element(.span) { html in
                html.text("array of ")
                typeDescription(items, root: root, into: &html)
            }
        } else if schema.type == .object, schema.propertyNames != nil {
            html.text("object of strings")
        } else {
            html.text(schema.type?.rawValue ?? "any")
        }
    }
}
