import CYAML

/// Owns one libyaml event parser and hands out its events as Swift values, so no libyaml memory
/// outlives a call: every event is freed as soon as it is converted, the parser in `deinit`.
final class LibYAMLParser {
    /// Heap-allocated because libyaml keeps a pointer to the parser inside itself.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml reads the input in place, so the parser owns a copy that lives as long as it does.
    private let input: UnsafeMutableBufferPointer<UInt8>

    private init(parser: UnsafeMutablePointer<yaml_parser_t>, input: UnsafeMutableBufferPointer<UInt8>) {
        self.parser = parser
        self.input = input
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        input.deallocate()
    }

    /// A parser over `text`, read as UTF-8 whatever it looks like (a UTF-16 file is an error).
    static func make(text: ArraySlice<UInt8>) throws(LibYAMLProblem) -> LibYAMLParser {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = input.initialize(from: text)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            input.deallocate()
            throw LibYAMLProblem(kind: .memory, problem: "out of memory", context: nil)
        }
        yaml_parser_set_input_string(parser, input.baseAddress, text.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        return LibYAMLParser(parser: parser, input: input)
    }

    /// The next event of the stream; after `streamEnd` libyaml keeps returning empty events.
    func nextEvent() throws(LibYAMLProblem) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw currentProblem() }
        defer { yaml_event_delete(&event) }
        return YAMLEvent(event)
    }

    private func currentProblem() -> LibYAMLProblem {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        let context = state.context.map { (text: String(cString: $0), characterIndex: Int(state.context_mark.index)) }
        switch state.error {
        case YAML_MEMORY_ERROR:
            return LibYAMLProblem(kind: .memory, problem: "out of memory", context: nil)
        case YAML_READER_ERROR:
            return LibYAMLProblem(
                kind: .encoding(byteOffset: Int(state.problem_offset), value: Int(state.problem_value)),
                problem: problem, context: nil)
        default:
            return LibYAMLProblem(kind: .syntax(characterIndex: Int(state.problem_mark.index)), problem: problem, context: context)
        }
    }
}
