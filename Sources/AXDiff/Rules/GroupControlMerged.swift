import AXSnapshot

/// `group.control-merged`: a merge folded a control into the combined stop
/// (Over Grouped Control): it can no longer be operated on its own. A merge
/// into one control of the same role that still says the control's words is
/// a better control, not this (`group.merged`).
enum GroupControlMerged: ChangeRule {
    static let name = "group.control-merged"
    static let defaultSeverity = Severity.error
    static let wcag = ["4.1.2"]
    static let summary = "A control was absorbed into a combined stop (Over Grouped Control)."
    static let help = "A control (button, field, switch, slider, picker) was absorbed into a combined stop (Over Grouped Control): the user can no longer reach it or hear its role. Keep controls as stops of their own, or expose them as custom actions."

    static func changes(in c: DiffContext) -> [Change] {
        c.matching.merges.compactMap { group in
            let parts = group.parts.map { c.oldStops[$0] }
            guard let control = control(in: parts) else { return nil }
            let n = c.newStops[group.single]
            guard !isBetterControl(n, parts: parts) else { return nil }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)] + parts.map(ElementRef.init),
                          before: parts.map(\.displayName).joined(separator: " › "), after: n.spoken,
                          message: "the \(control.role.rawValue) \(ElementRef(control).display) was folded into \"\(n.spoken)\" and can no longer be operated on its own")
        }
    }

    /// The first control among a merge's old stops, which the merge makes this kind.
    static func control(in parts: [Stop]) -> Stop? { parts.first { $0.role.isControl } }

    /// Whether the merge made one better control rather than hiding one: the
    /// parts held a single control, and the combined stop is a control of that
    /// role whose meaningful label still says the control's words (text and a
    /// button "Upload" became one button "Click to upload"). That is
    /// `group.merged`, an improvement.
    static func isBetterControl(_ merged: Stop, parts: [Stop]) -> Bool {
        let controls = parts.filter { $0.role.isControl }
        guard controls.count == 1, let control = controls.first, merged.role == control.role,
              !LabelQuality.isMeaningless(merged) else { return false }
        return Set(words(control.label)).isSubset(of: Set(words(merged.label)))
    }

    /// The lowercased words of a label.
    private static func words(_ label: String) -> [Substring] {
        label.lowercased().split { !$0.isLetter && !$0.isNumber }
    }
}

extension ChangeKind {
    public static let groupControlMerged = GroupControlMerged.kind
}
