import AXSnapshot

/// The monospace rendering of a `Wireframe`, for terminals and pull request
/// comments where a picture cannot go: each stop's number placed on a
/// character grid where its frame's leading top corner is, before and after
/// side by side, marked `*` when it moved, `+` when new, `-` when removed
/// and `!` when its label was lost.
public enum WireframeText {
    /// Characters across one panel.
    public static let defaultColumns = 40
    /// The most lines a panel takes; a taller screen is scaled down to it.
    static let maxRows = 120
    /// A character is about twice as tall as it is wide.
    static let cellAspect = 2.0

    /// The rendering, ending with a newline; for a wireframe without frames, its one-line reason.
    ///
    /// - Complexity: O(n + rows × columns), where n is the number of stops.
    public static func render(_ wireframe: Wireframe, columns: Int = defaultColumns) -> String {
        if let reason = wireframe.unavailableReason { return reason + "\n" }
        let columns = max(10, columns)
        let bounds = wireframe.bounds
        let cellWidth = bounds.width / Double(columns)
        let rows = min(maxRows, max(1, Int((bounds.height / (cellWidth * cellAspect)).rounded(.up))))
        let rowHeight = bounds.height / Double(rows)
        var grids: [[[Character]]] = []
        var unplaced = 0
        for panel in wireframe.panels {
            var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
            for i in WireframeSVG.drawn(panel) {
                guard let f = panel.stops[i].frame else { continue }
                let mark = panel.moved.contains(i) ? "*" : panel.added.contains(i) ? "+" : panel.removed.contains(i) ? "-"
                    : panel.lostLabel.contains(i) ? "!" : ""
                let word = Array(mark + String(i + 1))
                let row = min(rows - 1, max(0, Int((f.y - bounds.y) / rowHeight)))
                let leading = wireframe.direction == .rtl ? Int((f.maxX - bounds.x) / cellWidth) - word.count
                    : Int((f.x - bounds.x) / cellWidth)
                if !place(word, row: row, column: min(columns - word.count, max(0, leading)), in: &grid) { unplaced += 1 }
            }
            grids.append(grid)
        }
        var out = "Wireframe of \(wireframe.screen.oneLine) (numbers in spoken order; * moved, + new, - removed, ! label lost)\n"
        out += wireframe.panels.map { pad("\($0.title): \($0.stops.count) \($0.stops.count == 1 ? "stop" : "stops")", columns) }
            .joined(separator: " | ").trimmingTrailingSpaces + "\n"
        for r in 0..<rows {
            out += grids.map { String($0[r]) }.joined(separator: " | ").trimmingTrailingSpaces + "\n"
        }
        if unplaced > 0 { out += "\(unplaced) \(unplaced == 1 ? "number" : "numbers") not placed: no room beside overlapping stops.\n" }
        return out
    }

    /// Writes `word` at the first free run of cells from (row, column), then
    /// further along that row, then on the next two rows.
    private static func place(_ word: [Character], row: Int, column: Int, in grid: inout [[Character]]) -> Bool {
        let columns = grid[0].count
        guard word.count <= columns else { return false }
        for r in row..<min(grid.count, row + 3) {
            var c = r == row ? column : max(0, column - 2)
            while c + word.count <= columns {
                // One blank before and after keeps neighbouring numbers apart.
                let from = max(0, c - 1), to = min(columns, c + word.count + 1)
                if grid[r][from..<to].allSatisfy({ $0 == " " }) {
                    for (k, ch) in word.enumerated() { grid[r][c + k] = ch }
                    return true
                }
                c += 1
            }
        }
        return false
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        let line = s.oneLine
        if line.count >= width { return String(line.prefix(width)) }
        return line + String(repeating: " ", count: width - line.count)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
