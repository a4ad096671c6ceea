/// `value` in upper-case hexadecimal with at least `digits` digits: the `000B` of `U+000B`,
/// `\u000B` and `\x0B`.
package func zeroPaddedHex<Value: BinaryInteger>(_ value: Value, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
