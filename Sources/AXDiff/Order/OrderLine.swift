import AXSnapshot

/// The spoken order around some stops, for `before:`/`after:` lines:
/// `Payment failed › Card number › Try again › Support`.
enum OrderLine {
    static let window = 10

    /// The stops of `focus`'s containers, in reading order, windowed around `focus` when long.
    ///
    /// - Complexity: O(k log k) for the k stops of those containers (read
    ///   from the tree, not by testing every stop of the screen for each
    ///   order change).
    static func render(_ tree: StopTree, focus: [Int]) -> String {
        let stops = tree.stops
        let containers = Set(focus.compactMap { stops.indices.contains($0) ? tree.container(ofStop: $0) : nil })
        let members = containers.flatMap { tree.memberStops(of: $0) }.sorted()
        guard let lo = focus.min(), let hi = focus.max(), !members.isEmpty else { return "" }
        var shown = members
        var prefix = "", suffix = ""
        if members.count > window {
            shown = members.filter { $0 >= lo - 2 && $0 <= hi + 2 }
            if let first = shown.first, first > (members.first ?? first) { prefix = "… › " }
            if let last = shown.last, last < (members.last ?? last) { suffix = " › …" }
        }
        return prefix + shown.map { stops[$0].displayName }.joined(separator: " › ") + suffix
    }
}
