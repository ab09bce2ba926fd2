import AXSnapshot

/// `label.missing`: a new control or image has no meaningful name (Mystery
/// Icon): VoiceOver says "button", the asset name or the symbol name.
enum LabelMissing: ChangeRule {
    static let name = "label.missing"
    static let defaultSeverity = Severity.error
    static let wcag = ["4.1.2", "1.1.1"]
    static let summary = "A new control or image has no meaningful label (Mystery Icon)."
    static let help = "A new control or image has no meaningful accessible name (Mystery Icon): VoiceOver says only \"button\" or reads an asset name. Give it a label that says what it does; mark purely decorative images as hidden. On the web an image with no name at all (an `<img>` without `alt`, `- img` in an ARIA snapshot) is reported here unless it sits beside the content it decorates; give it `alt` text, or `alt=\"\"` if it is decorative."
    static let isSmell = true

    static func changes(in c: DiffContext) -> [Change] {
        c.addedStops.compactMap { j in
            guard case .missingLabel = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            let what = n.role == .image ? "image" : n.role.rawValue
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
                          message: "new \(what) has no meaningful label: \(n.screenReader) says \"\(n.spoken)\"")
        }
    }
}

extension ChangeKind {
    public static let labelMissing = LabelMissing.kind
}
