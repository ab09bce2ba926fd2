import AXSnapshot

/// `label.untranslated`: in a translation of a screen (its `locale` is not
/// the source locale), a stop now reads the same label as the source-locale
/// snapshot's stop with the same id, while the screen is otherwise
/// translated — the English fallback of a Spanish string that went missing.
enum LabelUntranslated: ChangeRule {
    static let name = "label.untranslated"
    static let defaultSeverity = Severity.warning
    static let wcag = ["3.1.2"]
    static let summary = "A translated screen's stop now reads the source locale's label."
    static let help = "In the snapshot of a screen in another locale than the source locale (`sourceLocale`, default `en`), a stop reads the same label as the stop with the same id in the source-locale snapshot beside it, while the rest of the screen is translated: a translation is missing and the user hears the source language (the fallback of a string catalog entry). Add the translation, or, for a word that is the same in both languages, accept the change."
    static let isSmell = true

    /// A stop counts when it has an id the source snapshot also has (without
    /// ids, the same role and place: `keys`), and a label with a letter (prices and counts read the same in every
    /// language). The screen is "otherwise translated" when at least as many
    /// of those stops differ from the source as read like it. A stop that
    /// already read like the source in the old version is not reported
    /// again.
    ///
    /// - Complexity: O(n) expected in the stops of this screen and its source.
    static func changes(in c: DiffContext) -> [Change] {
        guard let source = c.source, let locale = c.new.locale else { return [] }
        let sourceLabels = labelsByID(source.new.stops)
        guard !sourceLabels.isEmpty else { return [] }
        var same: [Int] = []
        var translated = 0
        let newKeys = keys(c.newStops)
        for j in c.newStops.indices {
            guard let key = newKeys[j], let theirs = sourceLabels[key], counts(c.newStops[j].label) else { continue }
            if LabelText.normalized(c.newStops[j].label) == theirs { same.append(j) } else { translated += 1 }
        }
        guard !same.isEmpty, translated > 0, translated >= same.count else { return [] }
        let oldSource = source.old.map { labelsByID($0.stops) } ?? sourceLabels
        let oldKeys = c.isNewScreen ? [] : keys(c.oldStops)
        let sourceLocale = source.new.locale ?? "the source locale"
        return same.compactMap { j in
            let n = c.newStops[j]
            var before: String?
            if !c.isNewScreen, let i = c.matching.newToOld[j] {
                let o = c.oldStops[i]
                if let key = oldKeys[i], let theirs = oldSource[key], LabelText.normalized(o.label) == theirs { return nil }
                before = o.label
            }
            return Change(kind: kind, screen: c.screen, elements: [ElementRef(n)], before: before, after: n.label,
                          message: "\(n.id.map { "#" + $0 } ?? ElementRef(n).display) reads \"\(n.label)\" in \(locale), the same as in \(sourceLocale): its translation is missing")
        }
    }

    /// The normalized label of each key that has one worth comparing (the first stop of a key).
    static func labelsByID(_ stops: [Stop]) -> [String: String] {
        var result: [String: String] = [:]
        for (k, key) in keys(stops).enumerated() {
            guard let key, result[key] == nil, counts(stops[k].label) else { continue }
            result[key] = LabelText.normalized(stops[k].label)
        }
        return result
    }

    /// What pairs a stop with its source-locale counterpart: its id, or, for
    /// a stop without one (an ARIA snapshot has no ids), its role and its
    /// place among the id-less stops of that role — a translation keeps the
    /// screen's structure and changes its words ("the third link").
    ///
    /// - Complexity: O(n) in the number of stops.
    static func keys(_ stops: [Stop]) -> [String?] {
        var ordinals: [Role: Int] = [:]
        return stops.indices.map { k in
            if let id = stops[k].id { return id.isEmpty ? nil : "#" + id }
            let n = ordinals[stops[k].role, default: 0]
            ordinals[stops[k].role] = n + 1
            return "\(stops[k].role.rawValue) \(n)"
        }
    }

    static func counts(_ label: String) -> Bool { label.contains(where: \.isLetter) }
}

extension ChangeKind {
    public static let labelUntranslated = LabelUntranslated.kind
}
