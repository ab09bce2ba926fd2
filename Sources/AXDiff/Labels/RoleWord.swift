import AXSnapshot

/// Finds a role word repeated in a label ("Close button"): VoiceOver already
/// says the role, so the user hears it twice.
enum RoleWord {
    static func found(in stop: Stop) -> String? {
        guard !stop.label.isEmpty else { return nil }
        return stop.role.roleWords.first { LabelText.containsWords(stop.label, $0) }
    }
}
