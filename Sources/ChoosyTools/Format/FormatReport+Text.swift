import ChoosyCore

extension FormatReport {
    /// What `fmt` prints: diffs, patches and what was written on standard output; refusals,
    /// failures and the summary on standard error, so that standard output is a patch
    /// `git apply` takes. `quiet` leaves out the summary and the line per file written;
    /// `colored` colours the diffs (for a terminal).
    public func rendered(quiet: Bool, colored: Bool = false) -> (standardOutput: String, standardError: String) {
        var (standardOutput, standardError) = ("", "")
        var (wouldChange, wouldConvert, unwritten) = (0, 0, 0)
        var frozenLayers: [String: Int] = [:]
        for entry in entries {
            switch entry.outcome {
            case .unchanged:
                break
            case .wouldChange(let diff):
                standardOutput += colored ? UnifiedDiff.colored(diff) : diff
                wouldChange += 1
            case .wouldConvert(_, let patch):
                standardOutput += colored ? UnifiedDiff.colored(patch) : patch
                wouldConvert += 1
            case .rewritten:
                if !quiet { standardOutput += "formatted \(entry.path.withInvisibleCharactersEscaped)\n" }
            case .converted(let newPath):
                if !quiet {
                    standardOutput += "converted \(entry.path) to \(newPath) and removed \(entry.path)".withInvisibleCharactersEscaped + "\n"
                }
            case .refused(let refusal):
                standardError += "\(entry.path):\(refusal.location): \(refusal.message)".withInvisibleCharactersEscaped + "\n"
            case .failed(let message):
                standardError += "Error: \(message.withInvisibleCharactersEscaped)\n"
            case .unwritten:
                unwritten += 1
            case .frozen(let layer):
                frozenLayers[layer, default: 0] += 1
            }
        }
        guard !quiet else { return (standardOutput, standardError) }
        for (layer, count) in frozenLayers.sorted(by: { $0.key < $1.key }) {
            standardError += "left \(count) unformatted file\(count == 1 ? "" : "s") of the frozen layer '\(layer)' as \(count == 1 ? "it is" : "they are"): "
                + "the layer is built into apps in the field, so fmt never rewrites it.\n"
        }
        if unwritten > 0 {
            standardError += "\(unwritten) of \(entries.count) files would have been written but were left as they were, since fmt --write "
                + "writes all or none; run it again once the files above can be written.\n"
        }
        if wouldChange > 0 {
            standardError += "\(wouldChange) of \(entries.count) files would be reformatted; run 'choosy-data fmt --write' to rewrite them.\n"
        }
        if wouldConvert > 0 {
            standardError += "\(wouldConvert) of \(entries.count) files would be converted; add --write to convert them "
                + "(fmt writes nothing without it).\n"
        }
        return (standardOutput, standardError)
    }
}
