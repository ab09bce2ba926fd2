import AXSnapshot

/// `role.changed`: a matched stop is announced as another kind of thing. An
/// interactive role lost (button → text, button → list item) is an error;
/// one operable role for another (button → option, tree item, menu item) is a
/// warning; gaining one, or text becoming a heading, is an improvement. The
/// message names the roles in the platform's words.
enum RoleChanged: ChangeRule {
    static let name = "role.changed"
    static let defaultSeverity = Severity.error
    static let severities: [Severity] = [.error, .warning]
    static let wcag = ["4.1.2"]
    static let summary = "A stop's role changed."
    static let help = "A stop's role changed (e.g. button to text). When an interactive role is lost, VoiceOver no longer says the element can be activated."

    static func changes(in c: DiffContext) -> [Change] {
        c.changedPairs.compactMap { pair in
            // Compared in place: binding the two stops copies every field, for every pair.
            guard c.oldStops[pair.old].role != c.newStops[pair.new].role else { return nil }
            let (o, n) = (c.oldStops[pair.old], c.newStops[pair.new])
            // Heard the same (text that is now a list item: neither says a
            // role word): nothing changed for the user; a new list is
            // `container.changed`'s to say.
            if o.platform.roleWord(o.role, platformRole: o.platformRole) == nil,
               n.platform.roleWord(n.role, platformRole: n.platformRole) == nil,
               o.role.isInteractive == n.role.isInteractive, !Self.saysMore(o.role), !Self.saysMore(n.role) { return nil }
            let lost = o.role.isInteractive && !n.role.isInteractive
            let gained = (!o.role.isInteractive && n.role.isInteractive) || (o.role == .text && n.role == .heading)
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                          before: o.role.rawValue, after: n.role.rawValue,
                          message: "\(ElementRef(n).display) changed from \(words(o)) to \(words(n))"
                            + (lost ? "; it is no longer announced as something to operate" : ""),
                          improvement: gained, severity: lost ? .error : .warning)
        }
    }

    /// Roles heard otherwise than by a word: a heading by heading
    /// navigation, a status by being read out when it changes.
    private static func saysMore(_ role: Role) -> Bool { role == .heading || role == .status }

    /// The stop's role as its platform's screen reader names it (`list
    /// item`, `option`, `combo box`), else the model's name spelt out.
    static func words(_ stop: Stop) -> String {
        stop.platform.roleWord(stop.role, platformRole: stop.platformRole) ?? stop.role.spelled
    }
}

extension ChangeKind {
    public static let roleChanged = RoleChanged.kind
}
