import Foundation

extension String {
    /// The path without its last component, as `NSString.deletingLastPathComponent` gives it:
    /// `a` for `a/b` and `a/b/`, `/` for `/a`, nothing for `a`. Foundation's own traps on a path
    /// whose last component is one UTF-16 unit long with nothing before it (`x`, `x/`, `é`), as
    /// `docs -o s` met in swift-corelibs-foundation 6.3.
    package var pathDeletingLastComponent: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        guard slash != path.startIndex else { return "/" }
        var parent = path[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }
}
