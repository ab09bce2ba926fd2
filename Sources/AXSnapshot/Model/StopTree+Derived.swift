extension StopTree {
    /// What the diff derives from one version alone, computed once when
    /// `Snapshot.stopTree()` builds the tree.
    ///
    /// Walking history, each version's tree is built once and kept (the
    /// snapshot cache) for the path's next change, where it is the old
    /// side: facts that depend on one version only are kept with it rather
    /// than computed again by every diff that reads the version (twice per
    /// version in a backfill). A tree built without them (`derived` nil)
    /// has them computed by the diff, with the same results.
    package struct Derived: Sendable {
        /// The layout direction the ranks were computed for (the snapshot's).
        package let direction: LayoutDirection
        /// `VisualOrder.ranks(tree:direction:)`.
        package let visualRanks: [Int]?
        /// `IDPrints(stops)`: nil when an id is not ASCII.
        package let idPrints: IDPrints?

        /// - Complexity: O(n log n) in the tree's stops and nodes.
        package init(_ tree: StopTree, direction: LayoutDirection) {
            self.direction = direction
            visualRanks = VisualOrder.ranks(tree: tree, direction: direction)
            idPrints = IDPrints(tree.stops)
        }
    }

    /// The visual rank of each stop under `direction`: kept from when the
    /// tree was built when it was built for that direction, else computed.
    ///
    /// - Complexity: O(1) when kept, else as `VisualOrder.ranks`.
    package func visualRanks(direction: LayoutDirection) -> [Int]? {
        if let derived, derived.direction == direction { return derived.visualRanks }
        return VisualOrder.ranks(tree: self, direction: direction)
    }

    /// The id fingerprints of the stops (nil when an id is not ASCII): kept
    /// from when the tree was built, else computed.
    ///
    /// - Complexity: O(1) when kept, else as `IDPrints.init`.
    package var idPrints: IDPrints? {
        if let derived { return derived.idPrints }
        return IDPrints(stops)
    }
}
