/// A unified diff of two texts by lines (`--- a/path`, `+++ b/path`, `@@ -l,n +l,n @@` hunks
/// with three lines of context), as `diff -u` and `git apply` read it. Lines are matched by a
/// longest common subsequence of the part between the common prefix and suffix; catalog files
/// are small, so its quadratic table is cheap.
public enum UnifiedDiff {
    static let contextLines = 3

    private enum Edit: Equatable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The diff from `old` to `new`, labelled with `path`; empty when the texts are equal.
    public static func render(from old: String, to new: String, path: String) -> String {
        guard old != new else { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let edits = self.edits(from: oldLines, to: newLines)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(of: edits) {
            output += header(for: hunk)
            for edit in hunk {
                switch edit {
                case .keep(let index, _): output += line(" ", oldLines[index])
                case .delete(let index): output += line("-", oldLines[index])
                case .insert(let index): output += line("+", newLines[index])
                }
            }
        }
        return output
    }

    /// A line's text and whether a newline ends it (the last line of a file may lack one, and
    /// then differs from the same text with one).
    private struct Line: Equatable {
        let text: Substring
        let hasNewline: Bool
    }

    private static func lines(of text: String) -> [Line] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: $0, hasNewline: true) }
        if result.last?.text.isEmpty == true {
            result.removeLast()
        } else if let last = result.popLast() {
            result.append(Line(text: last.text, hasNewline: false))
        }
        return result
    }

    private static func line(_ marker: String, _ line: Line) -> String {
        marker + line.text + (line.hasNewline ? "\n" : "\n\\ No newline at end of file\n")
    }

    /// The edit script: common prefix and suffix kept, the middle by longest common subsequence.
    private static func edits(from old: [Line], to new: [Line]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        // lengths[i][j]: the longest common subsequence of oldMiddle[i...] and newMiddle[j...].
        let width = newMiddle.count + 1
        var lengths = [Int32](repeating: 0, count: (oldMiddle.count + 1) * width)
        for i in stride(from: oldMiddle.count - 1, through: 0, by: -1) {
            for j in stride(from: newMiddle.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = oldMiddle[i] == newMiddle[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits = (0..<prefix).map { Edit.keep(old: $0, new: $0) }
        var (i, j) = (0, 0)
        while i < oldMiddle.count || j < newMiddle.count {
            if i < oldMiddle.count, j < newMiddle.count, oldMiddle[i] == newMiddle[j] {
                edits.append(.keep(old: prefix + i, new: prefix + j))
                (i, j) = (i + 1, j + 1)
            } else if j == newMiddle.count || (i < oldMiddle.count && lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
                edits.append(.delete(old: prefix + i))
                i += 1
            } else {
                edits.append(.insert(new: prefix + j))
                j += 1
            }
        }
        edits += (0..<suffix).map { Edit.keep(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return edits
    }

    /// Runs of changes with up to three kept lines around them; changes closer than twice the
    /// context share a hunk.
    private static func hunks(of edits: [Edit]) -> [ArraySlice<Edit>] {
        let changes = edits.indices.filter { if case .keep = edits[$0] { false } else { true } }
        var hunks: [ArraySlice<Edit>] = []
        var start: Int?
        var end = 0
        for change in changes {
            if let current = start, change - end <= contextLines {
                start = current
            } else {
                if let current = start { hunks.append(edits[current..<end]) }
                start = max(0, change - contextLines)
            }
            end = min(edits.count, change + 1 + contextLines)
        }
        if let current = start { hunks.append(edits[current..<end]) }
        return hunks
    }

    private static func header(for hunk: ArraySlice<Edit>) -> String {
        var (oldStart, newStart, oldCount, newCount) = (0, 0, 0, 0)
        var (oldNext, newNext) = (0, 0)
        for (offset, edit) in hunk.enumerated() {
            switch edit {
            case .keep(let old, let new):
                if offset == 0 { (oldStart, newStart) = (old + 1, new + 1) }
                oldCount += 1
                newCount += 1
                (oldNext, newNext) = (old + 1, new + 1)
            case .delete(let old):
                if offset == 0 { (oldStart, newStart) = (old + 1, newNext + 1) }
                oldCount += 1
                oldNext = old + 1
            case .insert(let new):
                if offset == 0 { (oldStart, newStart) = (oldNext + 1, new + 1) }
                newCount += 1
                newNext = new + 1
            }
        }
        return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
    }

    /// `start,count`; an empty side names the line before it, as `diff -u` does.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start - 1),0" : "\(start),\(count)"
    }
}
