import AXDiff
import AXSnapshot

/// Where a SARIF result of one screen goes in the snapshot file: on lines that
/// hold the element and that the compared range added or edited, because code
/// scanning shows a result on a pull request only on such a line.
///
/// - An element of the new version: the first changed line among the lines it
///   holds (from its own line to the next stop's), else the changed line
///   nearest to it.
/// - An element only the old version has: the first line added where it was,
///   else the changed line nearest to that place.
/// - A screen-level result: the first changed line of the file.
///
/// Lines whose text the old version does not have at all are preferred, since
/// every line diff marks them added; the others are added by this diff and
/// almost always by git's. Without both versions of the file (a note, a
/// report without sources) a result keeps the element's line as it is now.
struct SARIFPlacement {
    struct Region: Equatable {
        var startLine: Int
        var startColumn: Int?
        var endLine: Int?
        var endColumn: Int?
    }

    let screen: ReportModel.Screen
    let diff: LineDiff?
    /// The lines of the new version's stops, ascending: where an element's lines end.
    private let stopLines: [Int]
    /// For an old stop's index, the new stop it matched.
    private let newStopOfOld: [Int: Int]

    /// - Complexity: O(n log n + L · min(D, `LineDiff.maxEdits`)), where n is the number of
    ///   stops, L the number of lines and D the line edit distance.
    init(screen: ReportModel.Screen, versions: ReportContext.FileVersions?) {
        self.screen = screen
        if let versions, let new = versions.new {
            diff = LineDiff(old: versions.old, new: new)
        } else {
            diff = nil
        }
        stopLines = Array(Set(screen.stopsAfter.compactMap(\.line))).sorted()
        var newStopOfOld: [Int: Int] = [:]
        for (new, old) in screen.matchedOld.enumerated() {
            if let old, newStopOfOld[old] == nil { newStopOfOld[old] = new }
        }
        self.newStopOfOld = newStopOfOld
    }

    func region(_ change: Change) -> Region {
        let fallback = Region(startLine: Report.sarifLine(change, screen),
                              startColumn: change.elements.isEmpty && change.line != nil ? change.column.flatMap { $0 >= 1 ? $0 : nil } : nil)
        guard let diff, !diff.addedLines.isEmpty else { return fallback }
        guard let element = change.elements.first else {
            if let line = change.line, line >= 1, line <= diff.added.count, diff.added[line - 1] {
                return span(diff, from: line - 1, through: line - 1, column: change.column)
            }
            return run(diff, at: diff.novelLines.first ?? diff.addedLines[0])
        }
        if let newLine = newLine(of: element) {
            let start = newLine - 1
            let end = nextStopLine(after: newLine).map { $0 - 2 } ?? diff.newLines.count - 1
            if start >= 0, start < diff.added.count {
                let lines = start...max(start, min(end, diff.newLines.count - 1))
                if let first = lines.first(where: { diff.added[$0] && diff.novel[$0] }) ?? lines.first(where: { diff.added[$0] }) {
                    return run(diff, at: first, within: lines)
                }
            }
            return run(diff, at: nearest(diff, to: start))
        }
        guard let oldLine = element.line, oldLine >= 1, oldLine <= diff.oldToNew.count else { return fallback }
        let place = diff.oldToNew[oldLine - 1]
        if place < diff.added.count, diff.added[place] { return run(diff, at: place) }
        return run(diff, at: nearest(diff, to: place))
    }

    /// The element's line in the new version: its own, or that of the new stop
    /// it matched; nil for an element only the old version has.
    private func newLine(of element: ElementRef) -> Int? {
        let stops = screen.stopsAfter
        if element.index < stops.count {
            let stop = stops[element.index]
            if stop.label == element.label, stop.id == element.id, stop.role == element.role, stop.line == element.line {
                return stop.line
            }
        }
        if let now = newStopOfOld[element.index], now < stops.count {
            return stops[now].line
        }
        return nil
    }

    /// The first stop line after `line`, or nil.
    /// - Complexity: O(log n), where n is the number of stops.
    private func nextStopLine(after line: Int) -> Int? {
        var low = 0, high = stopLines.count
        while low < high {
            let mid = (low + high) / 2
            if stopLines[mid] <= line { low = mid + 1 } else { high = mid }
        }
        return low < stopLines.count ? stopLines[low] : nil
    }

    /// The added line nearest to `line`, among the novel ones when there are any.
    /// - Complexity: O(log n), where n is the number of added lines.
    private func nearest(_ diff: LineDiff, to line: Int) -> Int {
        let candidates = diff.novelLines.isEmpty ? diff.addedLines : diff.novelLines
        var low = 0, high = candidates.count
        while low < high {
            let mid = (low + high) / 2
            if candidates[mid] < line { low = mid + 1 } else { high = mid }
        }
        let after = low < candidates.count ? candidates[low] : nil
        let before = low > 0 ? candidates[low - 1] : nil
        switch (before, after) {
        case let (b?, a?): return line - b <= a - line ? b : a
        case let (b?, nil): return b
        case let (nil, a?): return a
        case (nil, nil): return 0
        }
    }

    /// From `first` on, the added lines that follow it without a gap (and are
    /// as novel as it is), within `lines` when given.
    private func run(_ diff: LineDiff, at first: Int, within lines: ClosedRange<Int>? = nil) -> Region {
        var last = first
        let limit = min(lines?.upperBound ?? diff.added.count - 1, diff.added.count - 1)
        while last < limit, diff.added[last + 1], !diff.novel[first] || diff.novel[last + 1] { last += 1 }
        return span(diff, from: first, through: last, column: nil)
    }

    /// Lines `first...last` (0-based) from the first non-blank character of the
    /// first to the end of the last, in UTF-16 code units as SARIF counts by default.
    private func span(_ diff: LineDiff, from first: Int, through last: Int, column: Int?) -> Region {
        let startText = diff.newLines[first], endText = diff.newLines[last]
        let indent = startText.prefix { $0 == " " || $0 == "\t" }.utf16.count
        let endColumn = endText.utf16.count + 1
        var startColumn = indent < startText.utf16.count ? indent + 1 : 1
        if let column, column >= 1, column <= endColumn { startColumn = column }
        if first == last, startColumn >= endColumn { return Region(startLine: first + 1, startColumn: nil, endLine: nil, endColumn: nil) }
        return Region(startLine: first + 1, startColumn: startColumn, endLine: last + 1, endColumn: endColumn)
    }
}
