import ChoosyCore
import ChoosyCatalog

/// `codegen swift`: a Swift file with a typed API for the merged catalog. Each app type is an
/// enum with a static function per action, whose arguments are the action's parameters, that
/// returns the `ChoosyRequest` (app type, action and parameter strings) the client takes.
/// docs/codegen.md describes the naming and which arguments are optional.
public enum SwiftCodeGenerator {
    public static let fileName = "ChoosyCatalog.swift"
    /// The type every function returns.
    static let requestType = "ChoosyRequest"
    /// The longest line of code (doc comments excepted) before arguments go one a line.
    static let lineWidth = 120

    public static func generate(_ input: CodegenInput) -> GeneratedSource {
        var text = input.header(fileName: fileName) + """

            /// What the Choosy client takes to perform an action: the app type's key, the action's
            /// key and the parameters' values by key.
            public struct \(requestType): Hashable, Sendable {
                public let appType: String
                public let action: String
                public let parameters: [String: String]

                /// A request; parameters whose value is nil are left out.
                public init(appType: String, action: String, parameters: [String: String?]) {
                    self.appType = appType
                    self.action = action
                    self.parameters = parameters.compactMapValues { $0 }
                }
            }

            """
        // The file's own names, and the standard library's types it uses, are never a type's.
        var typeNamer = IdentifierNamer(style: .upper, reserved: [requestType, "String", "Swift", "Any", "Self", "Type", "Protocol", "Sendable", "Hashable"])
        for appType in input.catalog.appTypes {
            text += "\n" + render(appType, named: typeNamer.name(appType.key), signatures: input.signatures(of: appType))
        }
        return GeneratedSource(fileName: fileName, text: text)
    }

    private static func render(_ appType: MergedAppType, named typeName: String, signatures: [ActionSignature]) -> String {
        var parameterNamer = IdentifierNamer(style: .lower, escaped: IdentifierNamer.swiftKeywords)
        let parameterNames = Dictionary(uniqueKeysWithValues: appType.parameters.map { ($0.key, parameterNamer.name($0.key)) })
        // `self` and `Type` are members of every type: an action cannot be named by them.
        var actionNamer = IdentifierNamer(style: .lower, reserved: ["self", "init", "Type", "Protocol"], escaped: IdentifierNamer.swiftKeywords)
        var lines = documentation(appType.name, fallback: appType.key, indent: "")
        lines.append("public enum \(typeName) {")
        for (position, signature) in signatures.enumerated() {
            if position > 0 { lines.append("") }
            lines += render(signature, named: actionNamer.name(signature.action.key), appType: appType.key, parameterNames: parameterNames)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func render(_ signature: ActionSignature, named name: String, appType: String, parameterNames: [String: String]) -> [String] {
        let indent = "    "
        var lines = documentation(signature.action.value(\.name), fallback: signature.action.key, indent: indent)
        lines.append("\(indent)///")
        lines.append(signature.appKeys.isEmpty
            ? "\(indent)/// No app opens a URL for it yet."
            : "\(indent)/// Apps: \(signature.appKeys.map(StringLiteral.commentSafe).joined(separator: ", ")).")
        for (keys, what) in [(signature.crashingAppKeys, "Crashes the host app in"), (signature.appOnlyKeys, "Opens only the app in")] where !keys.isEmpty {
            lines.append("\(indent)/// \(what): \(keys.map(StringLiteral.commentSafe).joined(separator: ", ")).")
        }
        if !signature.arguments.isEmpty {
            lines.append("\(indent)///")
            lines.append("\(indent)/// - Parameters:")
            for argument in signature.arguments {
                let summary = [argument.parameter.value(\.name), argument.parameter.value(\.description)].compactMap { $0 }.joined(separator: ": ")
                let neededBy = argument.neededInPathBy.isEmpty
                    ? "" : " Needed in the URL path by: \(argument.neededInPathBy.joined(separator: ", "))."
                lines.append(
                    "\(indent)///   - \(bare(parameterNames[argument.parameter.key]!)): "
                        + StringLiteral.commentSafe((summary.isEmpty ? argument.parameter.key : summary) + neededBy))
            }
        }
        let arguments = signature.arguments.map { argument in
            let name = parameterNames[argument.parameter.key]!
            return "\(name): String" + (argument.isRequired ? "" : "? = nil")
        }
        let values = signature.arguments.map { "\(literal($0.parameter.key)): \(parameterNames[$0.parameter.key]!)" }
        let declaration = "\(indent)public static func \(name)(\(arguments.joined(separator: ", "))) -> \(requestType) {"
        let call = "\(indent)\(indent)\(requestType)(appType: \(literal(appType)), action: \(literal(signature.action.key)), parameters: [\(values.isEmpty ? ":" : values.joined(separator: ", "))])"
        // Past the width, one argument and one value a line, as swift-format lays them out.
        if declaration.count > lineWidth {
            lines.append("\(indent)public static func \(name)(")
            lines += arguments.enumerated().map { "\(indent)\(indent)\($1)" + ($0 < arguments.count - 1 ? "," : "") }
            lines.append("\(indent)) -> \(requestType) {")
        } else {
            lines.append(declaration)
        }
        if call.count > lineWidth {
            lines.append("\(indent)\(indent)\(requestType)(")
            lines.append("\(indent)\(indent)\(indent)appType: \(literal(appType)), action: \(literal(signature.action.key)),")
            lines.append("\(indent)\(indent)\(indent)parameters: [")
            lines += values.map { "\(indent)\(indent)\(indent)\(indent)\($0)," }
            lines.append("\(indent)\(indent)\(indent)])")
        } else {
            lines.append(call)
        }
        lines.append("\(indent)}")
        return lines
    }

    /// A `///` line of `name` (or `fallback`, the key, when there is none), with the key after it.
    private static func documentation(_ name: String?, fallback key: String, indent: String) -> [String] {
        let title = name.map { "\(StringLiteral.commentSafe($0)) (`\(StringLiteral.commentSafe(key))`)." } ?? "`\(StringLiteral.commentSafe(key))`."
        return ["\(indent)/// \(title)"]
    }

    private static func literal(_ text: String) -> String {
        StringLiteral.quoted(text) { "\\u{\(String($0.value, radix: 16))}" }
    }

    /// An identifier without its backticks, as doc comments name parameters.
    private static func bare(_ identifier: String) -> String {
        identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
    }
}
