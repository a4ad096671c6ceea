import ChoosyCore
import ChoosyCatalog
import Foundation

/// `codegen objc`: a header and an implementation of `NSString *const` constants holding the
/// key of every app type (`ChoosyAppTypeTwitter`), and of every action and parameter of each
/// (`ChoosyTwitterActionShowProfile`, `ChoosyTwitterParameterProfileScreenname`).
public enum ObjCCodeGenerator {
    public static let headerName = "ChoosyCatalog.h"
    public static let implementationName = "ChoosyCatalog.m"
    static let prefix = "Choosy"

    /// The header, then the implementation.
    public static func generate(_ input: CodegenInput) -> [GeneratedSource] {
        let constants = self.constants(of: input.catalog)
        var header = input.header(fileName: headerName) + "\n#import <Foundation/Foundation.h>\n"
        var implementation = input.header(fileName: implementationName) + "\n#import \"\(headerName)\"\n"
        for group in constants {
            header += "\n" + group.map { "/// \(StringLiteral.commentSafe($0.summary))\nFOUNDATION_EXPORT NSString *const \($0.name);\n" }.joined()
            implementation += "\n" + group.map { "NSString *const \($0.name) = @\(literal($0.key));\n" }.joined()
        }
        return [GeneratedSource(fileName: headerName, text: header), GeneratedSource(fileName: implementationName, text: implementation)]
    }

    /// One constant: its name, the key it holds, and its doc line.
    struct Constant {
        let name: String
        let key: String
        let summary: String
    }

    /// The constants of each app type, in catalog order: the type's, its actions', its
    /// parameters'. Every name is unique in the file (`IdentifierNamer`).
    static func constants(of catalog: MergedCatalog) -> [[Constant]] {
        var typeNamer = IdentifierNamer(style: .upper)
        var fileNamer = IdentifierNamer(style: .upper)
        return catalog.appTypes.map { appType in
            let typeName = typeNamer.name(appType.key)
            var actionNamer = IdentifierNamer(style: .upper)
            var parameterNamer = IdentifierNamer(style: .upper)
            var group = [Constant(name: fileNamer.unique(prefix + "AppType" + typeName), key: appType.key, summary: summary(appType.name, "app type", appType.key))]
            for action in appType.actions {
                let name = fileNamer.unique(prefix + typeName + "Action" + actionNamer.name(action.key))
                group.append(Constant(name: name, key: action.key, summary: summary(action.value(\.name), "action", action.key)))
            }
            for parameter in appType.parameters {
                let name = fileNamer.unique(prefix + typeName + "Parameter" + parameterNamer.name(parameter.key))
                group.append(Constant(name: name, key: parameter.key, summary: summary(parameter.value(\.name), "parameter", parameter.key)))
            }
            return group
        }
    }

    private static func summary(_ name: String?, _ kind: String, _ key: String) -> String {
        "The key of the \(kind) \(name.map { "'\($0)'" } ?? key)."
    }

    /// A C string literal: the characters `StringLiteral.isMisreadable` names escaped, ASCII
    /// ones as three-digit octal escapes, which (unlike `\x`) never run on into the digits
    /// after them, C1 controls (which no universal character name may name) as the octal
    /// escapes of their UTF-8 bytes, the rest as `\u` or `\U` names; and every `?` as `\?`,
    /// so that no trigraph (`??/`, `??=`, …) forms, whatever the compiler's settings.
    private static func literal(_ text: String) -> String {
        StringLiteral.quoted(text) { scalar in
            guard scalar.value >= 0xA0 else { return String(scalar).utf8.map(octalEscape).joined() }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return scalar.value > 0xFFFF
                ? "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
                : "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }.replacingOccurrences(of: "?", with: "\\?")
    }

    private static func octalEscape(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
