import ChoosyCatalog
import ChoosySyntax
import Foundation

/// `file:` URIs, as LSP names documents, and the paths they stand for.
public enum LSPURI {
    /// The standardized absolute path of a `file:` URI; nil for any other scheme.
    public static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return CatalogLoader.absolutePath(url.path)
    }

    /// The `file:` URI of a path (relative ones from the current directory).
    public static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: CatalogLoader.absolutePath(path)).absoluteString
    }
}
