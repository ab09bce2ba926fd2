/// Text in which every Unicode scalar is a character of its own, equal to
/// no other: no scalar joins the one before it (a combining mark, a joiner,
/// a variation selector, an emoji modifier) or the one after it (a
/// prepended mark), none pairs with a neighbour (Hangul jamo, regional
/// indicators), and none is canonically equivalent to another (the Kelvin
/// sign and K, the Greek question mark and ";"). There a character's
/// properties are its scalar's, splitting by characters is splitting by
/// scalars, and two runs of characters are equal when their bytes are.
///
/// Told conservatively, by blocks that hold none of those scalars:
/// `ScalarCharactersTests` checks every scalar of them against `Character`.
/// "\r\n" is one character of two scalars; `LabelText` splits at both
/// alike, so it counts as two here, and a normal form holds neither.
enum ScalarCharacters {
    /// Whether every scalar of `s` is in `ownCharacterBlocks`.
    ///
    /// - Complexity: O(n) in the scalars.
    static func hold(_ s: String) -> Bool {
        for scalar in s.unicodeScalars where !isOwnCharacter(scalar.value) { return false }
        return true
    }

    /// Whether scalar `v` is in one of `ownCharacterBlocks`.
    @inline(__always)
    static func isOwnCharacter(_ v: UInt32) -> Bool {
        if v < 0x80 { return true }
        for range in ownCharacterBlocks where range.contains(v) { return true }
        return false
    }

    /// Latin, Greek and Cyrillic letters, general punctuation, currency,
    /// letter-like symbols, number forms, arrows, mathematical and technical
    /// symbols, shapes, dingbats, CJK punctuation, kana and ideographs,
    /// full-width forms; without the combining marks some of those blocks
    /// hold (U+0483–0489, U+302A–302F, U+3099–309A, U+FF9E–FF9F), the joiners
    /// of general punctuation (U+200C–200D), and the scalars equivalent to
    /// another (U+0374, U+037E, U+0387, U+2000–2001, U+2126, U+212A–212B,
    /// U+2329–232A; Greek Extended, U+1F00–1FFF, holds many).
    static let ownCharacterBlocks: [ClosedRange<UInt32>] = [
        0x00A0...0x02FF, 0x0370...0x0373, 0x0375...0x037D, 0x037F...0x0386, 0x0388...0x0482, 0x048A...0x052F,
        0x1E00...0x1EFF, 0x2002...0x200B, 0x200E...0x205E, 0x20A0...0x20C0, 0x2100...0x2125, 0x2127...0x2129,
        0x212C...0x2328, 0x232B...0x23FF, 0x2460...0x27BF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF,
        0x4E00...0x9FFF, 0xFF01...0xFF9D,
    ]
}
