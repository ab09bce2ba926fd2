import AXSnapshot

/// What matching compares a stop by: its role, its id, and its label in
/// normal form — or, for a label that matches a `volatile` glob, the glob's
/// place in the list, so that "Updated 5 minutes ago" and "Updated 1 hour
/// ago" compare equal.
///
/// A label is *weak* when it is volatile or a Playwright pattern (the ARIA
/// reader writes a pattern's varying parts as `…`): it says what kind of text
/// is there, not which text, so it never pairs two stops on its own (DESIGN
/// §4); only its place among its neighbours does.
struct MatchKeys {
    let volatile: [LabelPattern]

    /// The compared form of `label`.
    func label(_ label: String) -> String {
        if !volatile.isEmpty, let k = volatile.firstIndex(where: { $0.matches(label) }) { return "\u{1E}\(k)" }
        return LabelText.normalized(label)
    }

    /// Whether `label` is empty or weak: not evidence of identity.
    func isWeak(_ label: String) -> Bool {
        label.isEmpty || label.contains(AriaPatternMark.gap) || (!volatile.isEmpty && volatile.contains { $0.matches(label) })
    }

    /// The token two stops must share to be aligned as the same stop.
    func token(_ stop: Stop) -> Token {
        Token(role: stop.role, id: stop.id ?? "", label: label(stop.label))
    }

    struct Token: Hashable {
        var role: Role
        var id: String
        var label: String
    }

    /// (role, label) for a strong label, nil for a weak one.
    func roleLabel(_ stop: Stop) -> RoleLabel? {
        isWeak(stop.label) ? nil : RoleLabel(role: stop.role, label: LabelText.normalized(stop.label))
    }

    struct RoleLabel: Hashable {
        var role: Role
        var label: String
    }
}

/// The character the ARIA reader writes for a pattern's varying part.
enum AriaPatternMark {
    static let gap: Character = "…"
}
