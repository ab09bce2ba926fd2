import AXSnapshot

/// `label.missing`: a new control or image has no meaningful name (Mystery
/// Icon): VoiceOver says "button", the asset name or the symbol name.
enum LabelMissing: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        c.addedStops.compactMap { j in
            guard case .missingLabel = AddedStopKind.classify(j, in: c.newStops) else { return nil }
            let n = c.newStops[j]
            let what = n.role == .image ? "image" : n.role.rawValue
            return Change(kind: .labelMissing, screen: c.screen, elements: [ElementRef(n)], after: n.spoken,
                          message: "new \(what) has no meaningful label: \(n.screenReader) says \"\(n.spoken)\"")
        }
    }
}
