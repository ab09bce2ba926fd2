import AXSnapshot

/// `group.merged`: several old stops are read as one, no control lost in
/// them. Text and images folded together is the Label Soup fix (an
/// improvement), and so is text folded into the one control it describes
/// (`GroupControlMerged.isBetterControl`). A merge that folds in a control
/// is `group.control-merged`.
enum GroupMerged: ChangeRule {
    static let name = "group.merged"
    static let defaultSeverity = Severity.note
    static let wcag = ["1.3.1"]
    static let summary = "Several stops became one."
    static let help = "Several stops became one combined stop. For text and images that belong together this is the fix for Label Soup."

    static func changes(in c: DiffContext) -> [Change] {
        c.matching.merges.compactMap { group in
            let parts = group.parts.map { c.oldStops[$0] }
            let n = c.newStops[group.single]
            guard GroupControlMerged.control(in: parts, mergedInto: n) == nil else { return nil }
            let better = GroupControlMerged.isBetterControl(n, parts: parts)
            let soupFixed = parts.allSatisfy { $0.role == .text || $0.role == .image || $0.role == .other }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)] + parts.map(ElementRef.init),
                          before: parts.map(\.displayName).joined(separator: " › "), after: n.spoken,
                          message: "\(parts.count) stops are now read as one: \"\(n.spoken)\""
                            + (better ? ", one control that says what it does" : ""),
                          improvement: soupFixed || better)
        }
    }
}

extension ChangeKind {
    public static let groupMerged = GroupMerged.kind
}
