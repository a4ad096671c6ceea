import CYAML

/// One libyaml parse event copied into Swift values, positioned by libyaml's character indexes.
struct YAMLEvent {
    /// What happened; collection events carry the node properties written before them.
    enum Kind {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        case alias(anchor: String)
        case scalar(Scalar)
        case collectionStart(isMapping: Bool, anchor: String?, tag: String?)
        case collectionEnd
    }

    /// A scalar's text and the properties that decide how it resolves.
    struct Scalar {
        package let text: String
        /// Only plain scalars go through core-schema resolution; quoted and block ones are strings.
        let isPlain: Bool
        let anchor: String?
        /// The tag as libyaml resolved it (`!!int` arrives as `tag:yaml.org,2002:int`).
        let tag: String?
    }

    let kind: Kind
    /// 0-based character indexes (not bytes) into the stream; `end` is exclusive.
    let start: Int
    let end: Int

    init(_ event: yaml_event_t) {
        start = Int(event.start_mark.index)
        end = Int(event.end_mark.index)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            kind = .scalar(Scalar(
                text: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
                anchor: Self.string(scalar.anchor), tag: Self.string(scalar.tag)))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            kind = .collectionStart(isMapping: false, anchor: Self.string(sequence.anchor), tag: Self.string(sequence.tag))
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            kind = .collectionStart(isMapping: true, anchor: Self.string(mapping.anchor), tag: Self.string(mapping.tag))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            kind = .collectionEnd
        default:
            // YAML_STREAM_END_EVENT, and the empty event libyaml returns once the stream has ended.
            kind = .streamEnd
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
