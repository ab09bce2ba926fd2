import AXSnapshot

/// `group.control-merged`: a merge folded a control into the combined stop
/// (Over Grouped Control): it can no longer be operated on its own.
enum GroupControlMerged: ChangeRule {
    static let name = "group.control-merged"
    static let defaultSeverity = Severity.error
    static let wcag = ["4.1.2"]
    static let summary = "A control was absorbed into a combined stop (Over Grouped Control)."
    static let help = "A control (button, field, switch, slider, picker) was absorbed into a combined stop (Over Grouped Control): the user can no longer reach it or hear its role. Keep controls as stops of their own, or expose them as custom actions."

    static func changes(in c: DiffContext) -> [Change] {
        c.matching.merges.compactMap { group in
            let parts = group.parts.map { c.oldStops[$0] }
            let n = c.newStops[group.single]
            guard let control = control(in: parts, mergedInto: n) else { return nil }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)] + parts.map(ElementRef.init),
                          before: parts.map(\.displayName).joined(separator: " › "), after: n.spoken,
                          message: "the \(control.role.rawValue) \(ElementRef(control).display) was folded into \"\(n.spoken)\" and can no longer be operated on its own")
        }
    }

    /// The first control among a merge's old stops, which the merge makes this kind. A control
    /// the combined stop continues — the same role, its name still said — is not lost in it:
    /// "Channel 1" that now reads "Channel 1, 3 unread" took in the text beside it.
    static func control(in parts: [Stop], mergedInto single: Stop) -> Stop? {
        parts.first { part in
            part.role.isControl && !(part.role == single.role && !part.label.isEmpty && LabelText.containsWords(single.label, part.label))
        }
    }

    /// Whether a merge that folded in no control (`control(in:mergedInto:)`
    /// is nil) made one better control: text and a button "click to upload"
    /// became one button "Drop a file or click to upload", whose meaningful
    /// label still says the button's words. `group.merged` calls it an
    /// improvement.
    static func isBetterControl(_ merged: Stop, parts: [Stop]) -> Bool {
        merged.role.isControl && parts.contains { $0.role.isControl } && !LabelQuality.isMeaningless(merged)
    }
}

extension ChangeKind {
    public static let groupControlMerged = GroupControlMerged.kind
}
