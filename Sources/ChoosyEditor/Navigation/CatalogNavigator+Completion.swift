import ChoosySyntax
import ChoosyCatalog
import ChoosyLint
import ChoosyTools

extension CatalogNavigator {
    /// What may be typed at `location` in `file`, the editor's buffer, which need not parse:
    /// parameter keys after `{{` in a url_format, action keys as an app action's key, the
    /// fields an object does not have yet, rule ids in the config's `rules` and `ignore`.
    public func completions(in file: SourceFile, at location: SourceLocation) -> [CompletionItem] {
        let bytes = file.bytes
        let cursor = min(max(location.offset, 0), bytes.count)
        let context = CursorContext(of: bytes, language: file.language ?? .json, at: cursor)
        let lines = SourceLines(of: file, hasByteOrderMark: bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        func range(_ bytes: Range<Int>) -> SourceRange {
            SourceRange(start: lines.location(ofOffset: UInt32(bytes.lowerBound)), end: lines.location(ofOffset: UInt32(bytes.upperBound)))
        }
        if file.path == CatalogConfig.fileName || file.path.hasSuffix("/" + CatalogConfig.fileName) {
            return Self.ruleCompletions(context, range: range)
        }
        let entities = context.entities
        let appType = zip(context.objects, entities).first { $1 == .appType }?.0.key
        switch (context.spot, entities.last ?? nil) {
        case (.value("url_format", let text), .appAction?):
            guard let appType, let (name, insertsBraces) = Self.placeholderName(in: bytes, text: text, cursor: cursor) else { return [] }
            return (mergedAppType(appType)?.parameters ?? []).map { parameter in
                CompletionItem(
                    label: parameter.key, kind: .parameter, detail: parameter.value(\.name), documentation: parameter.value(\.description),
                    insertText: parameter.key + (insertsBraces ? "}}" : ""), replaceRange: range(name))
            }
        case (.value("key", let text), .appAction?):
            guard let appType else { return [] }
            return (mergedAppType(appType)?.actions ?? []).map { action in
                CompletionItem(
                    label: action.key, kind: .action, detail: action.value(\.name), documentation: nil,
                    insertText: action.key, replaceRange: range(text))
            }
        case (.memberName(let name, let quotes, let hasColon), let entity?):
            let present = Set(context.objects.last?.memberNames ?? [])
            return entity.fields.filter { !present.contains($0.name) }.map { field in
                let insertText = switch (file.language, quotes, hasColon) {
                case (_, .closed, _), (_, _, true): field.name
                case (_, .open, _): field.name + "\": "
                case (.yaml, _, _): field.name + ": "
                default: "\"\(field.name)\": "
                }
                return CompletionItem(
                    label: field.name, kind: .field, detail: field.title ?? field.entity.title, documentation: field.description,
                    insertText: insertText, replaceRange: range(name))
            }
        default:
            return []
        }
    }

    /// The name being typed after the last `{{` before the cursor in a string value's `text`,
    /// with any rest of it after the cursor, and whether the closing braces are still to be
    /// written; nil when the cursor is not in an open placeholder.
    private static func placeholderName(in bytes: [UInt8], text: Range<Int>, cursor: Int) -> (Range<Int>, insertsBraces: Bool)? {
        guard text.contains(cursor) || text.upperBound == cursor else { return nil }
        var start = cursor
        while start > text.lowerBound, isNameByte(bytes[start - 1]) { start -= 1 }
        guard start - 2 >= text.lowerBound, bytes[start - 2] == UInt8(ascii: "{"), bytes[start - 1] == UInt8(ascii: "{") else { return nil }
        var end = cursor
        while end < text.upperBound, isNameByte(bytes[end]) { end += 1 }
        let closed = end + 1 < text.upperBound && bytes[end] == UInt8(ascii: "}") && bytes[end + 1] == UInt8(ascii: "}")
        return (start..<end, !closed)
    }

    /// Rule ids, under the config's `rules:` (those not set yet) and as an ignore entry's
    /// `rule:` (with `*`, every rule); a rule's severity as its value under `rules:`; `range`
    /// places bytes of the file.
    private static func ruleCompletions(_ context: CursorContext, range: (Range<Int>) -> SourceRange) -> [CompletionItem] {
        let rules = Linter.ruleDescriptions.filter { $0.id != ConfigRule.description.id }
        let objects = context.objects
        switch context.spot {
        case .memberName(let name, _, let hasColon) where objects.count == 2 && objects[1].via == "rules":
            let present = Set(objects[1].memberNames)
            return rules.filter { !present.contains($0.id) }.map { ruleItem($0, insertText: $0.id + (hasColon ? "" : ": "), range: range(name)) }
        case .value("rule", let text) where objects.count == 2 && objects[1].via == "ignore":
            let everyRule = CompletionItem(
                label: CatalogConfig.IgnoreEntry.everyRule, kind: .rule, detail: nil, documentation: "Every rule but config: all findings of the path.",
                insertText: "\"\(CatalogConfig.IgnoreEntry.everyRule)\"", replaceRange: range(text))
            return rules.map { ruleItem($0, insertText: $0.id, range: range(text)) } + [everyRule]
        case .value(let rule, let text) where objects.count == 2 && objects[1].via == "rules" && rules.contains(where: { $0.id == rule }):
            return CatalogConfig.RuleSetting.allCases.map { setting in
                CompletionItem(
                    label: setting.rawValue, kind: .severity, detail: nil, documentation: nil, insertText: setting.rawValue, replaceRange: range(text))
            }
        default:
            return []
        }
    }

    private static func ruleItem(_ rule: RuleDescription, insertText: String, range: SourceRange) -> CompletionItem {
        CompletionItem(
            label: rule.id, kind: .rule, detail: rule.severity.rawValue, documentation: rule.summary, insertText: insertText, replaceRange: range)
    }
}
