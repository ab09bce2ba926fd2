import AXSnapshot

/// What a new stop is, so that each gets exactly one of `label.missing`,
/// `stop.decorative` or `stop.added`.
enum AddedStopKind {
    case missingLabel, decorative(repeats: String?), plain

    /// - A control with a meaningless label, or an image whose label is an
    ///   asset or symbol name: `label.missing` (it needs a real name).
    /// - An image with no label, or repeating a neighbour's label: `stop.decorative`
    ///   (it should be hidden).
    static func classify(_ j: Int, in stops: [Stop]) -> AddedStopKind {
        let s = stops[j]
        if s.role == .image {
            if s.label.isEmpty { return .decorative(repeats: nil) }
            let neighbours = [j - 1, j + 1].filter { stops.indices.contains($0) }.map { stops[$0] }
            if let twin = neighbours.first(where: { LabelText.normalized($0.label) == LabelText.normalized(s.label) }) {
                return .decorative(repeats: twin.label)
            }
            return LabelQuality.isMeaningless(s) ? .missingLabel : .plain
        }
        if s.role.isInteractive, LabelQuality.isMeaningless(s) { return .missingLabel }
        return .plain
    }
}
