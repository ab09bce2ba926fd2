/// The row rule a screen reader reads a screen by: two items whose top edges
/// differ by at most `tolerance` share a row, and a row is read leading to
/// trailing. One constant for every reader of rows — the visual order
/// (`AXDiff.VisualOrder`, its fast path and its sort) and the layout direction
/// inferred from mirrored rows — so they cannot drift apart.
package enum RowRule {
    /// In the snapshot's frame unit (`Platform.frameUnit`): 7 pt on iOS, as
    /// VoiceOver compares tops; the same number of dp and CSS px elsewhere.
    /// Pinned at 7 and 7.01 by `RowRuleTests`.
    package static let tolerance = 7.0
}
