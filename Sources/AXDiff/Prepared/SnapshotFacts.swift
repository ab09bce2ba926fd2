import AXSnapshot

/// What a snapshot says of its screen besides its elements: all that a diff
/// reads of a version once its stop tree is made. A prepared version keeps
/// these rather than the snapshot, so that the node tree (most of a parsed
/// snapshot's memory) can go as soon as the version is prepared.
package struct SnapshotFacts: Sendable, Equatable {
    package let screen: String
    package let platform: Platform
    package let locale: String?
    package let layoutDirection: LayoutDirection
    package let format: SnapshotFormat

    /// Every field of `snapshot` but its elements.
    package init(_ snapshot: Snapshot) {
        screen = snapshot.screen
        platform = snapshot.platform
        locale = snapshot.locale
        layoutDirection = snapshot.layoutDirection
        format = snapshot.format
    }
}
