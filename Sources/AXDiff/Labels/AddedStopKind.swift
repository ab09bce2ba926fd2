import AXSnapshot

/// What a new stop is, so that each gets exactly one of `label.missing`,
/// `stop.decorative` or `stop.added`.
enum AddedStopKind {
    case missingLabel, decorative(repeats: String?), plain

    /// - A control with a meaningless label, or an image whose label is an
    ///   asset or symbol name: `label.missing` (it needs a real name).
    /// - On the web, an image with no name at all (`- img`, an `<img>`
    ///   without `alt`): `label.missing` — a screen reader reads its file
    ///   name or "unlabelled image" (WCAG 1.1.1); `alt=""` takes a decorative
    ///   one out of the tree. An unnamed icon read right beside a named stop
    ///   of its container (a download arrow before "All-Time: 1,234", a
    ///   licence icon before the link "MIT", pagination arrows either side of
    ///   the list of pages) decorates that content:
    ///   `stop.decorative`, as elsewhere. Playwright prints an inline `<svg>`
    ///   icon as `- img` too, and these are what sit beside their words.
    /// - An image with no label, or repeating a neighbour's label: `stop.decorative`
    ///   (it should be hidden).
    ///
    /// The stops are read in place: binding `stops[j]` and its neighbours
    /// copied every field of three stops per call, and several rules classify
    /// every added stop.
    static func classify(_ j: Int, in stops: [Stop]) -> AddedStopKind {
        if stops[j].role == .image {
            if stops[j].label.isEmpty {
                return stops[j].platform == .web && !besideNamedStop(j, in: stops) ? .missingLabel : .decorative(repeats: nil)
            }
            let own = LabelText.normalized(stops[j].label)
            for k in [j - 1, j + 1] where stops.indices.contains(k) && LabelText.normalized(stops[k].label) == own {
                return .decorative(repeats: stops[k].label)
            }
            return meaningless(j, in: stops) ? .missingLabel : .plain
        }
        if stops[j].role.isInteractive, meaningless(j, in: stops) { return .missingLabel }
        return .plain
    }

    /// Whether the stop before or after `j` is named, not an image, and in
    /// `j`'s container or a container nested in it (the pagination arrows
    /// either side of a list of page links).
    static func besideNamedStop(_ j: Int, in stops: [Stop]) -> Bool {
        [j - 1, j + 1].contains { k in
            stops.indices.contains(k) && stops[k].role != .image && !stops[k].name.isEmpty
                && stops[k].containerPath.starts(with: stops[j].containerPath)
        }
    }

    /// `LabelQuality.isMeaningless(stops[j])`, without copying the stop.
    static func meaningless(_ j: Int, in stops: [Stop]) -> Bool {
        LabelQuality.isMeaningless(stops[j].label, id: stops[j].id, imageNames: stops[j].imageNames, role: stops[j].role,
                                   platform: stops[j].platform)
    }
}
