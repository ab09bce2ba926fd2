import AXSnapshot

/// `group.merged` and `group.control-merged`: several old stops are read as one.
/// Text and images folded together is the Label Soup fix (an improvement); a
/// control folded in is Over Grouped Control (an error: it can no longer be
/// operated on its own).
enum GroupMerged: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.matching.merges.map { group in
            let n = c.newStops[group.single]
            let parts = group.parts.map { c.oldStops[$0] }
            let before = parts.map(\.displayName).joined(separator: " › ")
            let elements = [ElementRef(n)] + parts.map(ElementRef.init)
            if let control = parts.first(where: { $0.role.isControl }) {
                return Change(kind: .groupControlMerged, screen: c.screen, elements: elements,
                              before: before, after: n.spoken,
                              message: "the \(control.role.rawValue) \(ElementRef(control).display) was folded into \"\(n.spoken)\" and can no longer be operated on its own")
            }
            let soupFixed = parts.allSatisfy { $0.role == .text || $0.role == .image || $0.role == .other }
            return Change(kind: .groupMerged, screen: c.screen, elements: elements, before: before, after: n.spoken,
                          message: "\(parts.count) stops are now read as one: \"\(n.spoken)\"", improvement: soupFixed)
        }
    }
}
