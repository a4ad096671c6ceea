import ChoosyCore
import Foundation

/// Something in a `url_format` that is, or was meant to be, a placeholder: a well-formed
/// `{{name}}`, a malformed one (`{x}`, `{{ x }}`, `{{x`) or one in a syntax the catalog used
/// before `{{name}}` (`#{x}`, `<x>`, `|x|`, `(x)`). Ranges count Unicode scalars.
public struct PlaceholderToken: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        /// `{{name}}` with a valid parameter name.
        case valid(name: String)
        /// `{{}}`.
        case empty
        /// `{{ name }}`: a valid name padded with white space.
        case padded(name: String)
        /// `{{…}}` whose inside is not a parameter name.
        case invalidName(String)
        /// `{x}` or `{{{x}}}`: balanced, but not two braces a side.
        case wrongBraceCount(inside: String)
        /// `{{x}`, `{{x`, `x}}`: the braces on the two sides do not match.
        case unbalanced(inside: String)
        /// `#{x}`, `<x>`, `|x|` or `(x)`.
        case legacy(inside: String)
    }

    public let range: Range<Int>
    public let form: Form

    /// The parameter a well-formed `{{name}}` stands for; nil for every other form.
    public var parameterName: String? {
        if case .valid(let name) = form { return name }
        return nil
    }

    /// Every token of `scalars`, in order and without overlap. `(x)` counts only when `x` is one
    /// of `parameterKeys`, since parentheses are legal in URLs (`Swift_(language)`); `<x>` and
    /// `|x|` count when `x` is a parameter name, since those characters are illegal in URLs
    /// anyway; braces always count, since nothing else puts them in a URL.
    public static func scan(_ scalars: ScalarText, parameterKeys: Set<String>) -> [PlaceholderToken] {
        var tokens: [PlaceholderToken] = []
        var opener = Opener(parameterKeys: parameterKeys)
        // Every opener is ASCII, so its bytes are looked for (an ASCII byte is never part of
        // another scalar) and only a byte found is turned into a position: reading every scalar
        // by position was a quarter of the scan.
        scalars.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                guard Opener.mayOpen(bytes[offset]),
                      let token = opener.token(in: scalars, at: scalars.position(ofByte: offset), after: tokens.last?.range.upperBound ?? 0)
                else {
                    offset += 1
                    continue
                }
                // Room for a url_format's usual few at once: growing from one was a sixth of the scan.
                if tokens.isEmpty { tokens.reserveCapacity(4) }
                tokens.append(token)
                offset = scalars.byteOffset(token.range.upperBound)
            }
        }
        return tokens
    }

    /// Reads the token, if any, that a scalar opens.
    struct Opener {
        let parameterKeys: Set<String>
        /// Measured at the first `(` only: counting every key's scalars for every url_format
        /// (most have no `(`) was a third of lint's instructions.
        private var longestKey: Int?

        init(parameterKeys: Set<String>) {
            self.parameterKeys = parameterKeys
        }

        /// Whether `byte` is a scalar that may open a token: no other does.
        static func mayOpen(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "("): true
            default: false
            }
        }

        /// The token that scalar `index` opens; `previousEnd` is where the token before it ends.
        mutating func token(in scalars: ScalarText, at index: Int, after previousEnd: Int) -> PlaceholderToken? {
            switch scalars[index] {
            case "{": return braced(scalars, at: index)
            case "}": return strayClosing(scalars, at: index, after: previousEnd)
            case "<": return delimited(scalars, at: index, closer: ">", grows: { next, _ in canBeInParameterName(next) }) { KeyGrammar.matches($0) }
            case "|": return delimited(scalars, at: index, closer: "|", grows: { next, _ in canBeInParameterName(next) }) { KeyGrammar.matches($0) }
            case "(":
                let longest = longestKey ?? parameterKeys.reduce(0) { max($0, $1.unicodeScalars.count) }
                longestKey = longest
                return delimited(scalars, at: index, closer: ")", grows: { _, length in length < longest }) { parameterKeys.contains($0) }
            default: return nil
            }
        }
    }

    /// The token opened by the run of `{` at `start`: up to the next brace, then its run of `}`.
    /// Braces are ASCII, so the runs and the inside are found in the bytes, and the inside is
    /// checked as a key before it is made a string: walking scalars by position was three
    /// quarters of the 700 instructions a placeholder cost.
    private static func braced(_ scalars: ScalarText, at start: Int) -> PlaceholderToken {
        let (opening, insideBytes, closing, isKey) = scalars.withUTF8 { bytes in
            func run(of brace: UInt8, from offset: Int) -> Int {
                var end = offset
                while end < bytes.count, bytes[end] == brace { end += 1 }
                return end - offset
            }
            let startByte = scalars.byteOffset(start)
            let opening = run(of: UInt8(ascii: "{"), from: startByte)
            var insideEnd = startByte + opening
            while insideEnd < bytes.count, bytes[insideEnd] != UInt8(ascii: "{"), bytes[insideEnd] != UInt8(ascii: "}") { insideEnd += 1 }
            let inside = (startByte + opening)..<insideEnd
            return (opening, inside, run(of: UInt8(ascii: "}"), from: insideEnd), KeyGrammar.matches(utf8: bytes[inside]))
        }
        let insideStart = start + opening
        let insideEnd = scalars.position(ofByte: insideBytes.upperBound)
        let inside = scalars.text(of: insideStart..<insideEnd)
        if closing == 0 {
            // Unclosed: claim only the name-like start, so the rest of the URL is still checked.
            let nameEnd = scalars[insideStart..<insideEnd].firstIndex { !isNameCharacter($0) } ?? insideEnd
            return PlaceholderToken(range: start..<nameEnd, form: .unbalanced(inside: scalars.text(of: insideStart..<nameEnd)))
        }
        let end = insideEnd + closing
        if opening != closing {
            return PlaceholderToken(range: start..<end, form: .unbalanced(inside: inside))
        }
        if opening == 1, start > 0, scalars[start - 1] == "#" {
            return PlaceholderToken(range: (start - 1)..<end, form: .legacy(inside: inside))
        }
        guard opening == 2 else { return PlaceholderToken(range: start..<end, form: .wrongBraceCount(inside: inside)) }
        let form: Form
        if insideBytes.isEmpty {
            form = .empty
        } else if isKey {
            form = .valid(name: inside)
        } else {
            // Trimmed only here: Foundation's trimming was a tenth of lint's time when done for every placeholder.
            let trimmed = inside.trimmingCharacters(in: .whitespaces)
            form = KeyGrammar.matches(trimmed) ? .padded(name: trimmed) : .invalidName(inside)
        }
        return PlaceholderToken(range: start..<end, form: form)
    }

    /// `x}}` with no opening: the run of `}` and the name-like text just before it.
    private static func strayClosing(_ scalars: ScalarText, at index: Int, after previousEnd: Int) -> PlaceholderToken {
        var start = index
        while start > previousEnd, isNameCharacter(scalars[start - 1]) { start -= 1 }
        let end = index + run(of: "}", in: scalars, from: index)
        return PlaceholderToken(range: start..<end, form: .unbalanced(inside: scalars.text(of: start..<index)))
    }

    /// `<x>`, `|x|` or `(x)` at `start` when its inside passes `accepts`. The closer is looked
    /// for only while `grows` lets the inside take its next scalar (given the length so far):
    /// past what `accepts` could take, the search would only make a long run of openers (the
    /// fuzzer's `<<<<…>`) cost quadratic time.
    private static func delimited(
        _ scalars: ScalarText, at start: Int, closer: Unicode.Scalar, grows: (_ next: Unicode.Scalar, _ length: Int) -> Bool,
        accepts: (String) -> Bool
    ) -> PlaceholderToken? {
        var close = start + 1
        while close < scalars.count, scalars[close] != closer {
            guard grows(scalars[close], close - start - 1) else { return nil }
            close += 1
        }
        guard close < scalars.count else { return nil }
        let inside = scalars.text(of: (start + 1)..<close)
        return accepts(inside) ? PlaceholderToken(range: start..<(close + 1), form: .legacy(inside: inside)) : nil
    }

    private static func run(of scalar: Unicode.Scalar, in scalars: ScalarText, from start: Int) -> Int {
        var end = start
        while end < scalars.count, scalars[end] == scalar { end += 1 }
        return end - start
    }

    /// Whether `scalar` may be part of a parameter name (see `KeyGrammar`).
    private static func canBeInParameterName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "_": true
        default: false
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
