import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// Renders a catalog diff for people: changes grouped by class, most serious first, then by
/// app type, one line each, and a summary line; class headings coloured when asked.
public struct DiffTextReporter {
    public let colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// SGR parameters of each class heading.
    private static func style(_ changeClass: ChangeClass) -> String {
        switch changeClass {
        case .breaking: "1;31"
        case .feature: "1;32"
        case .fix: "1;36"
        case .docs: "1"
        }
    }

    public func render(_ diff: CatalogDiff) -> String {
        var output = ""
        for group in DiffGrouping(diff).groups {
            let heading = "\(group.changeClass.rawValue) (\(group.count))"
            output += (colored ? "\u{1B}[\(Self.style(group.changeClass))m\(heading)\u{1B}[0m" : heading) + "\n"
            for (type, changes) in group.types {
                output += "  \(type.withInvisibleCharactersEscaped)\n"
                for change in changes {
                    output += "    \(change.sentence { $0 }.withInvisibleCharactersEscaped)\n"
                }
            }
        }
        return output + DiffGrouping.summary(diff) + "\n"
    }
}
