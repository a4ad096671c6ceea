import Testing
@testable import ChoosyEditor
@testable import ChoosySyntax

/// The objects around a cursor, read from text that need not parse: the entities they are,
/// their keys and members, and what the cursor is in.
struct CursorContextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fileName: String
        /// The text, with `‸` at the cursor.
        let text: String
        /// Each object around the cursor as `entity key` (`-` for none), outermost first.
        let objects: [String]
        /// What the cursor is in: `name TEXT` (a member's name so far), `value MEMBER TEXT`, `other`.
        let spot: String
        var testDescription: String { "\(fileName): \(text.debugDescription)" }
    }

    @Test(arguments: [
        Case(
            fileName: "a.json", text: #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "x:{{‸"}]}]}]"#,
            objects: ["appType t", "app a", "appAction p"], spot: "value url_format x:{{"),
        Case(
            fileName: "a.json", text: "[{\"key\": \"t\", \"apps\": [{\"actions\": [{\"url_format\": \"x:{{‸\n}]}]}]",
            objects: ["appType t", "app -", "appAction -"], spot: "value url_format x:{{"),
        Case(fileName: "a.json", text: #"[{"key": "t", "parameters": [{"ke‸"#, objects: ["appType t", "parameter -"], spot: "name ke"),
        Case(fileName: "a.json", text: #"[{"apps": [], ‸ "key": "t"}]"#, objects: ["appType t"], spot: "name "),
        Case(fileName: "a.json", text: #"[{"key": "t", "apps": [‸]}]"#, objects: ["appType t"], spot: "other"),
        Case(
            fileName: "a.yaml", text: "- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: \"x:{{‸\n",
            objects: ["appType t", "app a", "appAction p"], spot: "value url_format x:{{"),
        // Lists written without indentation under their member.
        Case(
            fileName: "a.yaml", text: "- key: t\n  apps:\n  - key: a\n    actions:\n    - url_format: x\n      key: ‸p\n    app_url_scheme: 'a:'\n",
            objects: ["appType t", "app a", "appAction p"], spot: "value key p"),
        Case(
            fileName: "a.yaml", text: "- name: T\n  parameters:\n    - key: x\n  ‸\n  key: t\n",
            objects: ["appType t"], spot: "name "),
        Case(fileName: "a.yaml", text: "- key: t\n  apps:\n    - name: A\n      ap‸\n", objects: ["appType t", "app -"], spot: "name ap"),
        Case(fileName: "a.yaml", text: "rules:\n  a: off\n  b‸\n", objects: ["- -", "- -"], spot: "name b"),
    ])
    func context(_ testCase: Case) throws {
        let cursor = try #require(testCase.text.firstRange(of: "‸"))
        let offset = testCase.text[..<cursor.lowerBound].utf8.count
        let bytes = Array(testCase.text.replacingOccurrences(of: "‸", with: "").utf8)
        let context = CursorContext(of: bytes, language: try #require(SourceLanguage(path: testCase.fileName)), at: offset)
        let objects = zip(context.objects, context.entities).map { "\($1.map(\.rawValue) ?? "-") \($0.key ?? "-")" }
        #expect(objects == testCase.objects)
        let spot = switch context.spot {
        case .memberName(let range, _, _): "name " + String(decoding: bytes[range], as: UTF8.self)
        case .value(let member, let range): "value \(member) " + String(decoding: bytes[range], as: UTF8.self)
        case .other: "other"
        }
        #expect(spot == testCase.spot)
    }

    /// The member at the cursor is being written: it is not among those the object has.
    @Test func theNameBeingWrittenIsNotAMember() {
        let text = "- key: t\n  na\n  apps: []\n"
        let context = CursorContext(of: Array(text.utf8), language: .yaml, at: 13)
        #expect(context.objects.first?.memberNames == ["key", "apps"])
    }
}
