import Foundation

extension NSRegularExpression {
    /// The expression of `pattern`, known to be valid: compiling it fails only for want of
    /// memory, which ends the run as running out of memory does (`OutOfMemoryExit`).
    package convenience init(validPattern pattern: String) {
        do {
            try self.init(pattern: pattern)
        } catch {
            OutOfMemoryExit.endIfNearAddressSpaceLimit()
            fatalError("the regular expression \(pattern) does not compile: \(error)")
        }
    }
}
