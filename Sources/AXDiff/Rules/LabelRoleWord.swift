import AXSnapshot

/// `label.role-word`: a label now contains its role word ("Close button"), so
/// VoiceOver says "Close button, button".
enum LabelRoleWord: ChangeRule {
    static let name = "label.role-word"
    static let defaultSeverity = Severity.warning
    static let wcag = ["4.1.2"]
    static let summary = "A label repeats its role word, which VoiceOver already says."
    static let help = "A label contains its role word (\"Close button\"), and VoiceOver adds the role itself, so the user hears \"Close button, button\". Drop the role word from the label."
    static let isSmell = true

    static func changes(in c: DiffContext) -> [Change] {
        var result: [Change] = []
        for pair in c.changedPairs {
            // The word depends only on label and role: an unchanged pair (most
            // of them) cannot have gained one, and is not split into words.
            // Compared in place: binding the two stops copies every field.
            if c.newStops[pair.new].label == c.oldStops[pair.old].label, c.newStops[pair.new].role == c.oldStops[pair.old].role { continue }
            let n = c.newStops[pair.new], o = c.oldStops[pair.old]
            if let word = RoleWord.found(in: n), RoleWord.found(in: o) == nil {
                result.append(make(c, n, word))
            }
        }
        for j in c.addedStops {
            if let word = RoleWord.found(in: c.newStops[j]) { result.append(make(c, c.newStops[j], word)) }
        }
        return result
    }

    static func make(_ c: DiffContext, _ n: Stop, _ word: String) -> Change {
        Change(kind: kind, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
               message: "\"\(n.label)\" repeats the word \"\(word)\"; \(n.screenReader) says \"\(n.spoken)\"")
    }
}

extension ChangeKind {
    public static let labelRoleWord = LabelRoleWord.kind
}
