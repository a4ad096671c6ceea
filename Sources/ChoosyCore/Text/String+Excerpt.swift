extension String {
    /// How many characters of the catalog's text a message quotes before it cuts.
    public static let excerptLength = 60

    /// The text as a message quotes it: whole when it is at most `excerptLength` characters,
    /// else its first `excerptLength` and `…`. A finding about a 10 MB key names the key; it
    /// does not repeat it. Every message that quotes a key, a string or a placeholder of the
    /// catalog goes through here, so they all cut at the same length.
    public var excerpt: String {
        // Counting characters walks the string; the UTF-8 count bounds it from above.
        guard utf8.count > Self.excerptLength else { return self }
        guard let end = index(startIndex, offsetBy: Self.excerptLength, limitedBy: endIndex), end < endIndex else { return self }
        return self[..<end] + "…"
    }
}
