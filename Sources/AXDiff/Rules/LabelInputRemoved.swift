import AXSnapshot

/// `label.input-removed`: a control lost Voice Control names (input labels)
/// it had, other than its label, which Voice Control always answers to. A
/// user who said "Tap Reorder" now gets nothing.
enum LabelInputRemoved: ChangeRule {
    static let name = "label.input-removed"
    static let defaultSeverity = Severity.warning
    static let wcag = ["2.5.3"]
    static let summary = "A control lost Voice Control names (input labels) it had."
    static let help = "A control no longer has input labels (accessibilityUserInputLabels / accessibilityInputLabels) it had, and its label is not one of them: what a Voice Control user said to operate it (\"Tap Reorder\") no longer works. Keep the visible text among the input labels, beside the longer name that tells the controls apart (\"Reorder\", \"Reorder order 1042\")."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field.
            guard !c.oldStops[pair.old].inputLabels.isEmpty, c.newStops[pair.new].role.isInteractive,
                  !LabelText.identical(c.oldStops[pair.old].inputLabels, c.newStops[pair.new].inputLabels) else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            let kept = Set(n.inputLabels.map(LabelText.normalized) + [LabelText.normalized(n.label)])
            var seen = Set<String>()
            let gone = o.inputLabels.filter { name in
                let key = LabelText.normalized(name)
                return !key.isEmpty && !kept.contains(key) && seen.insert(key).inserted
            }
            guard !gone.isEmpty else { return nil }
            let names = gone.map { "\"\($0)\"" }.joined(separator: ", ")
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.inputLabels.joined(separator: ", "), after: n.inputLabels.isEmpty ? nil : n.inputLabels.joined(separator: ", "),
                          message: "\(ElementRef(n).display) lost the Voice Control name\(gone.count == 1 ? "" : "s") \(names): saying \"Tap \(gone[0])\" no longer works")
        }
    }
}

extension ChangeKind {
    public static let labelInputRemoved = LabelInputRemoved.kind
}
