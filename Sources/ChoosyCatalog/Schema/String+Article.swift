extension String {
    /// The noun with "a" or "an" before it, chosen by its first letter: "an app type",
    /// "a parameter". Good enough for the schema's titles and JSON type names.
    package var withIndefiniteArticle: String {
        let startsWithVowel = first.map { "aeiouAEIOU".contains($0) } ?? false
        return (startsWithVowel ? "an " : "a ") + self
    }
}
