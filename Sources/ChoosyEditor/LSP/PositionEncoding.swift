/// The unit an LSP `Position.character` counts, as negotiated in `initialize`
/// (`general.positionEncodings`); UTF-16 code units unless the client offers another.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use: the first of the client's offers (in its order of preference) that
    /// the server knows, else UTF-16, which every client must support.
    public static func negotiated(offers: [String]?) -> PositionEncoding {
        offers?.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }
}
