import AXDiff
import AXSnapshot

/// A screen's geometry as the wireframe renderers draw it: one panel per
/// version (before and after for a diff, one for a screen on its own), each
/// stop with its frame, its place in the spoken order and its marks.
///
/// Both renderers (`svg`, `text`) read this, so the picture and the
/// monospace rendering agree on which stops moved, are new or lost a label.
public struct Wireframe: Sendable {
    /// One version of the screen.
    public struct Panel: Sendable {
        /// "Before" or "After" (or the screen alone: "Now").
        public var title: String
        public var stops: [Stop]
        /// Stops (indices into `stops`) that moved in the reading order: one per move.
        public var moved: Set<Int>
        /// Stops that match nothing in the other version.
        public var added: Set<Int>
        public var removed: Set<Int>
        /// Stops whose label was lost (`label.lost`).
        public var lostLabel: Set<Int>
        /// The platform's minimum target side in its frame unit, nil when none applies.
        public var minimumTarget: Double?
        /// Which side the HTML list ids of this panel use (`old`/`new`).
        public var side: String
        /// The version's semantic containers (lists, dialogs, landmarks, named groups), drawn as light outlines.
        public var containers: [ScreenOutline.Container] = []

        /// Whether stop `i` is a control under the minimum target (as `target.small` judges a control).
        func isSmallTarget(_ i: Int) -> Bool {
            guard let side = minimumTarget, let f = stops[i].frame, f.width > 0, f.height > 0 else { return false }
            let role = stops[i].role
            guard role.isInteractive, role != .textField, role != .secureTextField, role != .searchField else { return false }
            return f.width < side || f.height < side
        }

        /// Whether stop `i` says nothing (no label and no value): drawn hatched.
        func isUnlabelled(_ i: Int) -> Bool { stops[i].label.isEmpty && stops[i].value.isEmpty }

        /// Each stop's marks as bits — 1 moved, 2 added, 4 removed, 8 label lost —
        /// for renderers that look them up once per stop without hashing.
        func markBits() -> [UInt8] {
            var bits = [UInt8](repeating: 0, count: stops.count)
            for (set, bit) in [(moved, UInt8(1)), (added, 2), (removed, 4), (lostLabel, 8)] {
                for i in set where bits.indices.contains(i) { bits[i] |= bit }
            }
            return bits
        }

        func isMarked(_ i: Int) -> Bool {
            moved.contains(i) || added.contains(i) || removed.contains(i) || lostLabel.contains(i)
        }
    }

    public var screen: String
    public var panels: [Panel]
    public var direction: LayoutDirection
    /// Why there is no picture (no stop has a frame), in one line; nil when there is one.
    public var unavailableReason: String?

    /// The wireframe of a diff: before and after side by side (only the
    /// version that exists for an added or removed screen).
    ///
    /// - Complexity: O(n + c), where n is the number of stops and c the number of changes.
    public init(_ diff: ScreenDiff) {
        screen = diff.screen
        direction = diff.layoutDirection
        var before = Panel(title: "Before", stops: diff.stopsBefore, moved: [], added: [], removed: [], lostLabel: [],
                           minimumTarget: Self.minimumTarget(diff.stopsBefore), side: "old", containers: diff.containersBefore)
        var after = Panel(title: "After", stops: diff.stopsAfter, moved: [], added: [], removed: [], lostLabel: [],
                          minimumTarget: Self.minimumTarget(diff.stopsAfter), side: "new", containers: diff.containersAfter)
        for move in diff.moves + diff.visualMoves {
            if before.stops.indices.contains(move.from) { before.moved.insert(move.from) }
            if after.stops.indices.contains(move.to) { after.moved.insert(move.to) }
        }
        if diff.matchedOld.count == diff.stopsAfter.count, !diff.stopsBefore.isEmpty {
            var matched = Set<Int>()
            for (j, old) in diff.matchedOld.enumerated() {
                if let old { matched.insert(old) } else { after.added.insert(j) }
            }
            before.removed = Set(before.stops.indices).subtracting(matched)
        }
        for change in diff.changes where change.kind == .labelLost {
            if let element = change.elements.first, after.stops.indices.contains(element.index) {
                after.lostLabel.insert(element.index)
            }
        }
        panels = [before, after].filter { !$0.stops.isEmpty }
        unavailableReason = Self.reason(screen: diff.screen, panels: panels)
    }

    /// The wireframe of one version of a screen (the screen page's latest picture).
    public init(screen: String, stops: [Stop], containers: [ScreenOutline.Container] = [], direction: LayoutDirection = .ltr,
                title: String = "Now") {
        self.screen = screen
        self.direction = direction
        let panel = Panel(title: title, stops: stops, moved: [], added: [], removed: [], lostLabel: [],
                          minimumTarget: Self.minimumTarget(stops), side: "new", containers: containers)
        panels = stops.isEmpty ? [] : [panel]
        unavailableReason = Self.reason(screen: screen, panels: panels)
    }

    /// The version a diff left, alone: its last panel (the after, or the
    /// before of a removed screen) with its marks, under `title`.
    public func lastPanel(titled title: String) -> Wireframe {
        var copy = self
        if var last = panels.last {
            last.title = title
            copy.panels = [last]
        }
        return copy
    }

    /// The minimum target side of the stops' platform — the sides `target.small`
    /// judges by: 44 pt on iOS, 48 dp on Android, 24 CSS px on the web.
    static func minimumTarget(_ stops: [Stop]) -> Double? {
        switch stops.first?.platform {
        case .ios?: return 44
        case .android?: return 48
        case .web?: return 24
        case .other?, nil: return nil
        }
    }

    static func hasFrame(_ stop: Stop) -> Bool {
        guard let f = stop.frame else { return false }
        return f.width > 0 && f.height > 0 && f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite
    }

    private static func reason(screen: String, panels: [Panel]) -> String? {
        if panels.isEmpty { return "No wireframe for \(screen.oneLine): it has no stops." }
        if panels.contains(where: { $0.stops.contains(where: hasFrame) }) { return nil }
        let web = panels.contains { $0.stops.first?.platform == .web }
        return "No wireframe for \(screen.oneLine): its snapshots have no frames"
            + (web ? " (ARIA snapshots record no geometry; `axdiff record` does)." : ".")
    }

    /// The rectangle every frame of every panel lies in, so that both panels share one scale.
    var bounds: Frame {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for panel in panels {
            for stop in panel.stops where Self.hasFrame(stop) {
                guard let f = stop.frame else { continue }
                minX = min(minX, f.x); minY = min(minY, f.y)
                maxX = max(maxX, f.maxX); maxY = max(maxY, f.maxY)
            }
        }
        guard minX.isFinite, maxX > minX, maxY > minY else { return Frame(x: 0, y: 0, width: 1, height: 1) }
        // Frames near the screen's top-left corner keep their margin; a far-off origin (a scrolled list) does not.
        let x0 = minX >= 0 && minX <= (maxX - minX) / 4 ? 0 : minX
        let y0 = minY >= 0 && minY <= (maxY - minY) / 4 ? 0 : minY
        return Frame(x: x0, y: y0, width: maxX - x0, height: maxY - y0)
    }
}
