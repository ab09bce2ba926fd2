import AXDiff
import AXSnapshot

/// How the stops of two versions of a screen correspond, for the two
/// reading-order columns of a commit page: what to mark on each stop and
/// which stops of the other column it links to.
///
/// Built from what the diff engine recorded: `matchedOld` (new → old),
/// `moves` and `visualMoves` (the stops that moved, one order change
/// each), and the elements of `group.*`
/// changes (a merge names the combined new stop, then its old parts; a split
/// names its new parts, and its old stop is the unmatched one whose spoken
/// text the change quotes as `before`). Indices out of range are ignored, so
/// a hand-made `ScreenDiff` cannot make the renderer trap.
struct ReadingOrderLinks {
    enum Mark: String, CaseIterable {
        case moved, changed, merged, split, added, removed
    }

    struct Entry: Equatable {
        var marks: [Mark] = []
        /// Indices of counterparts in the other column, ascending.
        var links: [Int] = []
    }

    private(set) var old: [Entry]
    private(set) var new: [Entry]

    /// - Complexity: O(n + m + c·k), where n and m are the stop counts, c the
    ///   number of changes and k the stops a change names.
    /// - Parameters:
    ///   - spokenBefore: `stopsBefore.map(\.spoken)`, computed once by the caller.
    ///   - spokenAfter: `stopsAfter.map(\.spoken)`.
    init(_ screen: ScreenDiff, spokenBefore: [String], spokenAfter: [String]) {
        let (before, after) = (screen.stopsBefore, screen.stopsAfter)
        func spoken(_ list: [String], _ i: Int) -> String? { i < list.count ? list[i] : nil }
        old = Array(repeating: Entry(), count: before.count)
        new = Array(repeating: Entry(), count: after.count)
        var oldToNew = [Int?](repeating: nil, count: before.count)
        for (j, i) in screen.matchedOld.enumerated() {
            guard j < after.count, let i, i >= 0, i < before.count else { continue }
            oldToNew[i] = j
        }
        var grouped = (old: Set<Int>(), new: Set<Int>())
        var marks = (old: [Int: Set<Mark>](), new: [Int: Set<Mark>]())
        var links = (old: [Int: Set<Int>](), new: [Int: Set<Int>]())
        func connect(old i: Int, new j: Int, _ mark: Mark) {
            marks.old[i, default: []].insert(mark)
            marks.new[j, default: []].insert(mark)
            links.old[i, default: []].insert(j)
            links.new[j, default: []].insert(i)
        }

        for change in screen.changes where change.kind == .groupMerged || change.kind == .groupControlMerged {
            guard let single = change.elements.first?.index, single >= 0, single < after.count else { continue }
            for part in change.elements.dropFirst().map(\.index) where part >= 0 && part < before.count {
                grouped.old.insert(part)
                connect(old: part, new: single, .merged)
            }
            grouped.new.insert(single)
            marks.new[single, default: []].insert(.merged)
        }
        for change in screen.changes where change.kind == .groupSplit {
            let parts = change.elements.map(\.index).filter { $0 >= 0 && $0 < after.count }
            guard !parts.isEmpty else { continue }
            let source = before.indices.first { i in
                oldToNew[i] == nil && !grouped.old.contains(i) && spoken(spokenBefore, i) == change.before
            }
            for j in parts {
                grouped.new.insert(j)
                marks.new[j, default: []].insert(.split)
                if let source { connect(old: source, new: j, .split) }
            }
            if let source { grouped.old.insert(source) }
        }
        for move in screen.moves + screen.visualMoves where move.from >= 0 && move.from < before.count && move.to >= 0 && move.to < after.count {
            connect(old: move.from, new: move.to, .moved)
        }
        for (i, j) in oldToNew.enumerated() {
            guard let j else {
                if !grouped.old.contains(i) { marks.old[i, default: []].insert(.removed) }
                continue
            }
            if spoken(spokenBefore, i) != spoken(spokenAfter, j) { connect(old: i, new: j, .changed) }
        }
        for j in after.indices where !grouped.new.contains(j) {
            let matched = screen.matchedOld.indices.contains(j) && screen.matchedOld[j].map { $0 >= 0 && $0 < before.count } == true
            if !matched { marks.new[j, default: []].insert(.added) }
        }
        for (i, set) in marks.old { old[i].marks = Mark.allCases.filter(set.contains) }
        for (j, set) in marks.new { new[j].marks = Mark.allCases.filter(set.contains) }
        for (i, set) in links.old { old[i].links = set.sorted() }
        for (j, set) in links.new { new[j].links = set.sorted() }
    }
}
