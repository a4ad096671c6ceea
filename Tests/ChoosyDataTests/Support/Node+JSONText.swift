#if !CHOOSY_FUZZ
@testable import ChoosyData
#endif

extension Node {
    /// The tree as compact JSON text, so that a YAML file can be handed to a JSON-only tool.
    /// Numbers keep their literal text; duplicate keys are written as they are.
    var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch value {
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONOutput.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .string(let text):
            JSONOutput.writeString(text, to: &output)
        case .number(let literal):
            output += literal
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }
}
