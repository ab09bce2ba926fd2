import AXSnapshot

/// One version of a screen made ready to be compared: its snapshot's facts
/// (`SnapshotFacts`), its stop tree (`Snapshot.stopTree`), and the facts of
/// this version alone that the diff reads — the visual rank of each stop
/// (`VisualOrder`, the 7 pt row rule) and the sorted id fingerprints matching
/// pairs by (`IDPrints`).
///
/// It holds no nodes: once prepared, the diff never reads the snapshot's
/// elements again, so a caller that lets go of the snapshot frees its node
/// tree before the diff runs (on a large screen, the larger part of the
/// memory a diff holds).
///
/// Walking history, a version is the new side of one diff and the old side
/// of the next. A caller that keeps what it prepared (`PreparedVersionCache`)
/// prepares each version once; `ScreenDiffer.diff` gives the same result
/// whether a version was prepared for it or kept from an earlier diff.
package struct PreparedVersion: Sendable {
    package let facts: SnapshotFacts
    package let tree: StopTree
    /// `VisualOrder.ranks` under the snapshot's own layout direction; nil
    /// when no stop has a frame.
    let visualRanks: [Int]?
    /// `IDPrints(tree.stops)`: nil when an id is not ASCII.
    let idPrints: IDPrints?
    /// `Snapshot.outline()`: its semantic containers and headings.
    let outline: ScreenOutline

    /// `expectedStops`: about how many stops the version has (the previous
    /// version's count, when the caller has it), to size the tree.
    ///
    /// - Complexity: O(n · d + n log n) in the nodes n and the depth d of the
    ///   stops (see `Snapshot.stopTree`, `VisualOrder`, `IDPrints`,
    ///   `Snapshot.outline`).
    package init(_ snapshot: Snapshot, expectedStops: Int? = nil) {
        facts = SnapshotFacts(snapshot)
        tree = snapshot.stopTree(expectedStops: expectedStops)
        visualRanks = VisualOrder.ranks(tree: tree, direction: snapshot.layoutDirection)
        idPrints = IDPrints(tree.stops)
        outline = snapshot.outline()
    }

    /// The stops in reading order.
    package var stops: [Stop] { tree.stops }
}
