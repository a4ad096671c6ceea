import ChoosySyntax
import Synchronization

/// The files of earlier loads, parsed: a load that is given one (`CatalogLoader.parsedFiles`)
/// parses only the files whose path or bytes changed since, and reuses the others' trees. The
/// language server keeps one for its session, so an edit re-parses the edited document alone.
/// Two texts of each path are kept, newest first: an editor's buffer that does not parse is
/// read both as it is now and as its last text that did.
public final class ParsedFileCache: Sendable {
    private struct State {
        var files: [String: [(bytes: [UInt8], parsed: PartialDocument)]] = [:]
        var parseCount = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// How many files were parsed rather than reused, since the cache was made.
    public var parseCount: Int { state.withLock { $0.parseCount } }

    /// `source` parsed: the tree of the same path and bytes when there is one, else a new one,
    /// kept in place of the older of the two.
    public func parsed(_ source: SourceFile) -> PartialDocument {
        let kept = state.withLock { $0.files[source.path] ?? [] }
        if let same = kept.first(where: { $0.bytes == source.bytes }) { return same.parsed }
        let parsed = PartialDocument(loading: source)
        state.withLock { state in
            state.files[source.path] = [(source.bytes, parsed)] + (state.files[source.path]?.prefix(1) ?? [])
            state.parseCount += 1
        }
        return parsed
    }
}
