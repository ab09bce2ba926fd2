import AXSnapshot

/// Finds a role word repeated in a label ("Close button"): VoiceOver already
/// says the role, so the user hears it twice.
enum RoleWord {
    static func found(in stop: Stop) -> String? {
        // Most stops are texts and containers, whose roles have no words: the
        // label is not split at all for them. Otherwise it is split once, not
        // once per role word, and the role words were split once at start
        // (this ran for every added stop; callgrind). Same test as
        // `LabelText.containsWords(stop.label, word)` for each word in turn.
        let phrases = stop.role.roleWords
        guard !stop.label.isEmpty, !phrases.isEmpty, let split = roleWordWords[stop.role] else { return nil }
        let words = LabelText.words(stop.label)
        return phrases.indices.first { LabelText.containsWords(words, split[$0]) }.map { phrases[$0] }
    }

    /// Each role's `roleWords`, split by `LabelText.words`.
    static let roleWordWords: [Role: [[Substring]]] = Dictionary(uniqueKeysWithValues: Role.allCases.map { role in
        (role, role.roleWords.map { LabelText.words($0) })
    })
}
