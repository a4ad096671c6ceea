import Foundation

extension Error {
    /// What went wrong as the C library says it, when a Foundation file error wraps a POSIX
    /// one: "No such file or directory" where Foundation on Linux says "The operation could
    /// not be completed. The file doesn’t exist."; the error's own description otherwise.
    package var systemMessage: String {
        let error = self as NSError
        // The underlying error is a `POSIXError` value on Linux, which does not cast to `NSError`.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error,
           case let posix = underlying as NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return error.localizedDescription
    }
}
