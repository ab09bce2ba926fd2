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
        guard !stop.label.isEmpty, let table = tables[stop.role] else { return nil }
        // The label's word keys first (no string per word, and equal words
        // have equal keys): a label whose keys hold no role word's keys, as
        // almost every label, holds none of its words, and is not split
        // (splitting was most of this rule's cost, callgrind).
        let keys = WordKeys(stop.label)
        guard table.keys.contains(where: { keys.mayContain($0) }) else { return nil }
        let words = LabelText.words(stop.label)
        guard let found = table.phrases.indices.first(where: { LabelText.containsWords(words, table.words[$0]) }) else { return nil }
        // A meaningless label (`164234main_image_feature_713_ys_full`) is
        // already `label.missing` or `label.lost`: one problem, one change.
        // Checked last, as almost no label holds a role word.
        if LabelQuality.isMeaningless(stop) { return nil }
        return table.phrases[found]
    }

    /// A role's `roleWords`, each also split by `LabelText.words` and as `WordKeys`.
    struct Table {
        let phrases: [String]
        let words: [[Substring]]
        let keys: [WordKeys]
    }

    /// The tables of the roles that have role words.
    static let tables: [Role: Table] = Dictionary(uniqueKeysWithValues: Role.allCases.compactMap { role in
        let phrases = role.roleWords
        guard !phrases.isEmpty else { return nil }
        return (role, Table(phrases: phrases, words: phrases.map { LabelText.words($0) }, keys: phrases.map { WordKeys($0) }))
    })
}
