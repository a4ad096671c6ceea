/// A unified diff of two texts by lines (`--- a/path`, `+++ b/path`, `@@ -l,n +l,n @@` hunks
/// with three lines of context), as `diff -u` and `git apply` read it: a shortest edit script
/// between the common prefix and suffix, or, when the texts are too far apart for that to be
/// cheap, the whole changed middle replaced.
public enum UnifiedDiff {
    static let contextLines = 3

    private enum Edit: Equatable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)

        /// The same edit `lines` further down both texts.
        func shifted(by lines: Int) -> Edit {
            switch self {
            case .keep(let old, let new): .keep(old: old + lines, new: new + lines)
            case .delete(let old): .delete(old: old + lines)
            case .insert(let new): .insert(new: new + lines)
            }
        }
    }

    /// The diff from `old` to `new`, labelled with `path`; empty when the texts are equal.
    public static func render(from old: String, to new: String, path: String) -> String {
        render(from: old, to: new, labels: ("a/\(path)", "b/\(path)"))
    }

    /// The patch that replaces the file at `oldPath` by one at `newPath` (a conversion to the
    /// other format): `oldPath` deleted, `newPath` created, as `git apply` reads it.
    public static func renderReplacement(of oldPath: String, holding old: String, by newPath: String, holding new: String) -> String {
        render(from: old, to: "", labels: ("a/\(oldPath)", "/dev/null")) + render(from: "", to: new, labels: ("/dev/null", "b/\(newPath)"))
    }

    private static func render(from old: String, to new: String, labels: (old: String, new: String)) -> String {
        guard old != new else { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let edits = self.edits(from: oldLines, to: newLines)
        var output = "--- \(labels.old)\n+++ \(labels.new)\n"
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
    private struct Line: Hashable {
        package let text: Substring
        let hasNewline: Bool
    }

    /// Split at each line feed byte: a CRLF file's "\r\n" is one `Character`, which a split by
    /// characters would not break, and its lines keep their "\r", so `git apply` finds them.
    private static func lines(of text: String) -> [Line] {
        var result = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Line(text: Substring($0), hasNewline: true)
        }
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

    /// The most edits the shortest-script search tries before giving up on a minimal diff:
    /// its memory grows with the square of this (about 17 MB here), its time with this times
    /// the lines.
    static let maximumEditDistance = 2048

    /// The edit script: common prefix and suffix kept, the middle by Myers' shortest edit
    /// script; a middle further apart than `maximumEditDistance` edits (a file whose every line
    /// changed, such as a re-indented one) is replaced whole, which is still a correct diff.
    private static func edits(from old: [Line], to new: [Line]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        var edits = (0..<prefix).map { Edit.keep(old: $0, new: $0) }
        let (oldNumbers, newNumbers) = numbered(oldMiddle, newMiddle)
        if let script = shortestEditScript(from: oldNumbers, to: newNumbers) {
            edits += script.map { $0.shifted(by: prefix) }
        } else {
            edits += oldMiddle.indices.map { Edit.delete(old: $0) } + newMiddle.indices.map { Edit.insert(new: $0) }
        }
        edits += (0..<suffix).map { Edit.keep(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return edits
    }

    /// Each distinct line as a number, so that the search compares integers, not strings (which
    /// was half of `fmt --check` on files whose every line changed).
    private static func numbered(_ old: ArraySlice<Line>, _ new: ArraySlice<Line>) -> ([Int32], [Int32]) {
        var numbers: [Line: Int32] = [:]
        func number(_ line: Line) -> Int32 {
            if let number = numbers[line] { return number }
            let number = Int32(numbers.count)
            numbers[line] = number
            return number
        }
        return (old.map(number), new.map(number))
    }

    /// Myers' greedy search (1986) for the fewest deletions and insertions that turn `old` into
    /// `new`; nil beyond `maximumEditDistance` edits.
    private static func shortestEditScript(from old: [Int32], to new: [Int32]) -> [Edit]? {
        let (oldCount, newCount) = (old.count, new.count)
        let limit = min(oldCount + newCount, maximumEditDistance)
        // furthest[k + offset]: how far into `old` the best path on diagonal k (x - y) reaches.
        let offset = limit + 1
        var furthest = [Int32](repeating: 0, count: 2 * limit + 3)
        // Before step d, the reaches of diagonals -d...d, kept to walk the path back.
        var history: [[Int32]] = []
        func followsInsertion(_ k: Int, _ d: Int, _ reach: (Int) -> Int32) -> Bool {
            k == -d || (k != d && reach(k - 1) < reach(k + 1))
        }
        var distance: Int?
        search: for d in 0...limit {
            history.append(Array(furthest[(offset - d)...(offset + d)]))
            var k = -d
            while k <= d {
                var x = followsInsertion(k, d, { furthest[offset + $0] }) ? Int(furthest[offset + k + 1]) : Int(furthest[offset + k - 1]) + 1
                var y = x - k
                while x < oldCount, y < newCount, old[x] == new[y] { (x, y) = (x + 1, y + 1) }
                furthest[offset + k] = Int32(x)
                if x >= oldCount, y >= newCount {
                    distance = d
                    break search
                }
                k += 2
            }
        }
        guard let distance else { return nil }
        var script: [Edit] = []
        var (x, y) = (oldCount, newCount)
        for d in stride(from: distance, through: 0, by: -1) {
            let reaches = history[d]
            let reach = { (k: Int) in reaches[k + d] }
            let k = x - y
            let (previousX, previousY): (Int, Int)
            if d == 0 {
                (previousX, previousY) = (0, 0)
            } else {
                let previousK = followsInsertion(k, d, reach) ? k + 1 : k - 1
                previousX = Int(reach(previousK))
                previousY = previousX - previousK
            }
            while x > previousX, y > previousY {
                (x, y) = (x - 1, y - 1)
                script.append(.keep(old: x, new: y))
            }
            guard d > 0 else { break }
            if x == previousX {
                script.append(.insert(new: previousY))
            } else {
                script.append(.delete(old: previousX))
            }
            (x, y) = (previousX, previousY)
        }
        return script.reversed()
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
