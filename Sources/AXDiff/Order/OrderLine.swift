import AXSnapshot

/// The spoken order around some stops, for `before:`/`after:` lines:
/// `Payment failed › Card number › Try again › Support`.
enum OrderLine {
    static let window = 10

    /// The stops of `focus`'s containers, in reading order, windowed around `focus` when long.
    static func render(_ stops: [Stop], focus: [Int]) -> String {
        let containers = Set(focus.compactMap { stops.indices.contains($0) ? stops[$0].containerPath : nil })
        // Compared in place: `containerPath` allocates, and this runs over every
        // stop of the screen for each order change.
        let members = stops.filter { stop in
            containers.contains { stop.path.isEmpty ? $0.isEmpty : stop.path.count == $0.count + 1 && stop.path.starts(with: $0) }
        }.map(\.index)
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
