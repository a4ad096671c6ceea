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

extension NSRegularExpression {
    /// The expression of `pattern`, known to be valid: compiling it fails only for want of
    /// memory, which ends the run as running out of memory does (`OutOfMemoryExit`).
    convenience init(validPattern pattern: String) {
        do {
            try self.init(pattern: pattern)
        } catch {
            OutOfMemoryExit.endIfNearAddressSpaceLimit()
            fatalError("the regular expression \(pattern) does not compile: \(error)")
        }
    }
}
