/// Decides what a YAML scalar means under the YAML 1.2 core schema, and writes numbers as the
/// JSON literals `Node.Value.number` holds.
enum YAMLScalarResolver {
    /// The value of `scalar`, read at `range`. Plain scalars resolve by the core schema; quoted and
    /// block scalars are strings unless a tag says otherwise.
    static func resolve(_ scalar: YAMLEvent.Scalar, at range: SourceRange) throws(SyntaxError) -> Node.Value {
        let text = scalar.text
        guard let rawTag = scalar.tag else {
            return scalar.isPlain ? try resolveImplicitly(text, at: range) : .string(text)
        }
        let tag = try YAMLTag(rawTag, at: range)
        let value: Node.Value?
        switch tag {
        case .nonSpecific, .string:
            value = .string(text)
        case .integer:
            value = try integer(text, at: range).map { .number($0) }
        case .float:
            try refuseNonFinite(text, at: range)
            value = float(text).map { .number($0) }
        case .boolean:
            value = boolean(text).map { .bool($0) }
        case .null:
            value = isNull(text) ? .null : nil
        case .mapping, .sequence:
            throw SyntaxError("tag \(tag.displayName) cannot be used on a scalar", at: range, hint: "remove the tag")
        }
        guard let value else {
            throw SyntaxError(
                "'\(text)' is not a valid \(tag.displayName) value", at: range,
                hint: "remove the tag, or write the value in the YAML 1.2 core schema form for \(tag.displayName)")
        }
        return value
    }

    private static func resolveImplicitly(_ text: String, at range: SourceRange) throws(SyntaxError) -> Node.Value {
        // Most plain scalars are names and URLs; one whose first byte cannot start a null, a
        // boolean or a number is a string without trying each form in turn.
        if let first = text.utf8.first, !mayStartNonString(first) { return .string(text) }
        if isNull(text) { return .null }
        if let bool = boolean(text) { return .bool(bool) }
        if let number = try integer(text, at: range) ?? float(text) { return .number(number) }
        try refuseNonFinite(text, at: range)
        return .string(text)
    }

    /// The first bytes of `~`, `null`, `true`, `false`, integers, floats, `.inf` and `.nan` in
    /// every spelling the core schema allows.
    private static func mayStartNonString(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"):
            true
        default:
            false
        }
    }

    private static func isNull(_ text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text)
    }

    private static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+` as a JSON integer; nil for anything else.
    private static func integer(_ text: String, at range: SourceRange) throws(SyntaxError) -> String? {
        for (prefix, radix) in [("0o", 8), ("0x", 16)] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.hexDigitValue ?? radix) < radix }) else { return nil }
            guard let value = UInt64(digits, radix: radix) else {
                throw SyntaxError(
                    "the integer \(text) does not fit in 64 bits", at: range,
                    hint: "quote it if you meant a string")
            }
            return String(value)
        }
        var rest = Substring(text)
        let sign = takeSign(&rest)
        guard !rest.isEmpty, rest.allSatisfy(\.isASCIIDigit) else { return nil }
        return sign + withoutLeadingZeros(rest)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` as a JSON number; nil otherwise.
    private static func float(_ text: String) -> String? {
        var rest = Substring(text)
        let sign = takeSign(&rest)
        let integerDigits = takeDigits(&rest)
        var fraction = ""
        if rest.first == "." {
            rest.removeFirst()
            let fractionDigits = takeDigits(&rest)
            guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
            fraction = "." + (fractionDigits.isEmpty ? "0" : fractionDigits)
        } else if integerDigits.isEmpty {
            return nil
        }
        var exponent = ""
        if let marker = rest.first, marker == "e" || marker == "E" {
            rest.removeFirst()
            let exponentSign = rest.first == "-" || rest.first == "+" ? String(rest.removeFirst()) : ""
            let exponentDigits = takeDigits(&rest)
            guard !exponentDigits.isEmpty else { return nil }
            exponent = String(marker) + exponentSign + exponentDigits
        }
        guard rest.isEmpty else { return nil }
        return sign + withoutLeadingZeros(integerDigits) + fraction + exponent
    }

    /// `.inf`, `-.inf`, `.nan` and their spellings are floats JSON has no literal for.
    private static func refuseNonFinite(_ text: String, at range: SourceRange) throws(SyntaxError) {
        var rest = Substring(text)
        _ = takeSign(&rest)
        let isInfinity = [".inf", ".Inf", ".INF"].contains(rest)
        let isNaN = [".nan", ".NaN", ".NAN"].contains(text)
        guard isInfinity || isNaN else { return }
        throw SyntaxError(
            "\(text) is \(isNaN ? "not-a-number" : "infinity"), which JSON cannot represent", at: range,
            hint: "quote it if you meant a string")
    }

    /// Removes a leading `+` or `-`; JSON keeps only the minus.
    private static func takeSign(_ text: inout Substring) -> String {
        guard let first = text.first, first == "-" || first == "+" else { return "" }
        text.removeFirst()
        return first == "-" ? "-" : ""
    }

    private static func takeDigits(_ text: inout Substring) -> String {
        let digits = text.prefix(while: \.isASCIIDigit)
        text = text.dropFirst(digits.count)
        return String(digits)
    }

    /// JSON forbids leading zeros; an empty integer part (`.5`) becomes `0`.
    private static func withoutLeadingZeros(_ digits: some StringProtocol) -> String {
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}

extension Character {
    /// By its ASCII value: `("0"..."9").contains` also holds for a digit with a combining mark
    /// (`0͘`), which is one Character that sorts between the two.
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}
