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
        // The ellipsis is E2 80 A6 in UTF-8: its last byte first, which most labels lack.
        label.isEmpty || (Self.holds(0xA6, label) && (Self.isGap(label) || Self.holdsGap(label)))
            || (!volatile.isEmpty && volatile.contains { $0.matches(label) })
    }

    /// `label.contains(AriaPatternMark.gap)`: whether one of its characters is
    /// the ellipsis alone. Told by its bytes where they decide it (without
    /// them, no character is the ellipsis; in text whose scalars are its
    /// characters, `ScalarCharacters`, the scalar is the character): walking
    /// the characters of every label of web text that holds an ellipsis, or
    /// a byte A6 (æ, ¦, Ц), was a sixteenth of a real history's backfill
    /// (callgrind).
    static func holdsGap(_ label: String) -> Bool {
        let scalar = AriaPatternMark.gap.unicodeScalars.first?.value ?? 0
        guard label.unicodeScalars.contains(where: { $0.value == scalar }) else { return false }
        return ScalarCharacters.hold(label) || label.contains(AriaPatternMark.gap)
    }

    /// Whether `label` is the pattern mark alone (a pattern's whole text, as
    /// on every row of a list), told by its three bytes: `contains` walks
    /// grapheme clusters, which cost several hundred instructions a label
    /// (callgrind).
    static func isGap(_ label: String) -> Bool {
        // U+2026 in UTF-8.
        label.utf8.count == 3 && label.utf8.withContiguousStorageIfAvailable { bytes in
            bytes[0] == 0xE2 && bytes[1] == 0x80 && bytes[2] == 0xA6
        } == true
    }

    /// Whether `text`'s UTF-8 holds `byte`: over a native string's own bytes,
    /// where `utf8.contains` stepped through the view one index at a time (a
    /// third of pairing unique labels, callgrind).
    static func holds(_ byte: UInt8, _ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where b == byte { return true }
            return false
        } ?? text.utf8.contains(byte)
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
        roleLabel(role: stop.role, label: stop.label)
    }

    /// `roleLabel` of a stop's fields: a caller reading them out of an array
    /// copies two fields, not every field of a `Stop`.
    func roleLabel(role: Role, label: String) -> RoleLabel? {
        isWeak(label) ? nil : RoleLabel(role: role, label: LabelText.normalized(label))
    }

    /// A hash of the label of `roleLabel(role:label:)` (nil where that is nil): equal
    /// for equal labels, so that counting and pairing unique ones hashes a
    /// number instead of a string. Two different labels may share a hash, and
    /// the role is left out: the caller checks `roleLabel` before pairing (a
    /// label that two roles share is then not unique, and is left to the
    /// passes after alignment).
    func labelHash(_ label: String) -> UInt64? {
        guard !isWeak(label) else { return nil }
        return LabelText.normalizedKey(label) ?? UInt64(bitPattern: Int64(LabelText.normalized(label).hashValue))
    }

    /// Whether two labels compare equal: the same bytes, or the same compared form.
    func sameLabel(_ a: String, _ b: String) -> Bool {
        LabelText.identical(a, b) || label(a) == label(b)
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
