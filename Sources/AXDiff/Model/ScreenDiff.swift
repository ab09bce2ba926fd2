import AXSnapshot

/// The changes on one screen between two versions, plus what a report needs
/// to show them: the spoken orders before and after.
public struct ScreenDiff: Sendable {
    public var screen: String
    /// The snapshot's path, relative to the compared root or repository.
    public var path: String
    public var changes: [Change]
    public var stopsBefore: [Stop]
    public var stopsAfter: [Stop]
    /// For each new stop index, the old stop index it matched (nil: added).
    public var matchedOld: [Int?]
    /// The fewest stops that moved in the reading order (n − LIS over matched stops).
    public var moves: [Move]
    /// Stops read in the same place whose frame now puts them elsewhere on screen.
    public var visualMoves: [Move]
    /// Which way the new version's lines are read (the old one's when the screen was removed): wireframes place numbers on the leading corner.
    public var layoutDirection: LayoutDirection = .ltr
    /// The semantic containers of each version (`Snapshot.outline`), which the wireframe outlines.
    public var containersBefore: [ScreenOutline.Container] = []
    public var containersAfter: [ScreenOutline.Container] = []

    public init(screen: String, path: String, changes: [Change], stopsBefore: [Stop] = [],
                stopsAfter: [Stop] = [], matchedOld: [Int?] = [], moves: [Move] = [], visualMoves: [Move] = []) {
        self.screen = screen
        self.path = path
        self.changes = changes
        self.stopsBefore = stopsBefore
        self.stopsAfter = stopsAfter
        self.matchedOld = matchedOld
        self.moves = moves
        self.visualMoves = visualMoves
    }

    public func count(_ severity: Severity) -> Int { changes.filter { $0.severity == severity && !$0.accepted }.count }
    public var improvements: Int { changes.filter(\.improvement).count }
}
