import ChoosyCatalog

/// The queried schemes as Info.plist text, and the warning about iOS's limit that names the
/// plist key: the catalog layer computes the schemes, the plist is this layer's to write.
extension QueriedSchemes {
    /// The Info.plist fragment, indented with tabs as Xcode writes it.
    public static func fragment(_ schemes: [String]) -> String {
        "<key>\(InfoPlistSchemes.key)</key>\n" + InfoPlistSchemes.array(schemes, indentation: "", step: "\t", newline: "\n") + "\n"
    }

    /// A complete Info.plist holding only the list, as Xcode writes one.
    public static func document(_ schemes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>\(InfoPlistSchemes.key)</key>
        \t\(InfoPlistSchemes.array(schemes, indentation: "\t", step: "\t", newline: "\n"))
        </dict>
        </plist>

        """
    }

    /// A warning when `count` entries exceed `limit`, naming the app types with the most
    /// schemes (at most three, most first); nil within the limit.
    public static func limitWarning(count: Int, types: [MergedAppType]) -> String? {
        guard count > limit else { return nil }
        let costs: [(type: String, count: Int)] = types.map { (type: $0.key, count: schemes(of: [$0]).count) }
        let costliest = costs.filter { $0.count > 0 }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }.prefix(3)
        return "\(count) entries in \(InfoPlistSchemes.key) exceed the \(limit) that an app linked on or after iOS 15 may list "
            + "(canOpenURL cannot be relied on for the others); the app types that cost the most: "
            + costliest.map { "\($0.type) (\($0.count))" }.joined(separator: ", ") + "; list only the app types the app uses (choosy-data schemes TYPE ...)"
    }
}
