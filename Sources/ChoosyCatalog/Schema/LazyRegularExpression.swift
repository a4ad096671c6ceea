import ChoosyCore
import Foundation

/// A schema `pattern` compiled by `NSRegularExpression` only when first needed. Compiling the
/// schema's three patterns was a sixth of a small catalog's lint, and values that `ASCIIPattern`
/// matches never need the full engine.
final class LazyRegularExpression: @unchecked Sendable {
    let source: String
    // Guards `compiled`; the class is shared by every lint that uses the compiled schema.
    private let lock = NSLock()
    private var compiled: NSRegularExpression?

    /// `source` must be known to compile (`ASCIIPattern` parsed it, or it was compiled once).
    init(source: String, compiled: NSRegularExpression? = nil) {
        self.source = source
        self.compiled = compiled
    }

    var expression: NSRegularExpression {
        lock.withLock {
            if let compiled { return compiled }
            // Every pattern ASCIIPattern parses is a valid ICU expression.
            let expression = NSRegularExpression(validPattern: source)
            compiled = expression
            return expression
        }
    }
}
