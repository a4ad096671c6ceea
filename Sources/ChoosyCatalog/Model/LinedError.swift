/// An error whose message takes several lines (a config's mistakes, one a line): a caller that
/// shows line breaks in a message as escapes prints each of these lines apart instead.
public protocol LinedError: Error, CustomStringConvertible {
    /// The lines of the message, in order.
    var lines: [String] { get }
}
