import AXSnapshot

/// `label.role-word`: a label now contains its role word ("Close button"), so
/// VoiceOver says "Close button, button".
enum LabelRoleWord: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        var result: [Change] = []
        for pair in c.matchedPairs {
            let n = c.newStops[pair.new]
            if let word = RoleWord.found(in: n), RoleWord.found(in: c.oldStops[pair.old]) == nil {
                result.append(make(c, n, word))
            }
        }
        for j in c.addedStops {
            if let word = RoleWord.found(in: c.newStops[j]) { result.append(make(c, c.newStops[j], word)) }
        }
        return result
    }

    static func make(_ c: DiffContext, _ n: Stop, _ word: String) -> Change {
        Change(kind: .labelRoleWord, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
               message: "\"\(n.label)\" repeats the word \"\(word)\"; VoiceOver says \"\(n.spoken)\"")
    }
}
