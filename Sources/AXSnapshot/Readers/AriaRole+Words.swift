extension AriaRole {
    /// The table's words, found by their bytes with the table the JSON
    /// decoder finds its keys and roles with (`JSONKeys`), and the role and
    /// `String` of each, made once.
    private static let words = AriaRole.knownWords
    private static let wordKeys = JSONKeys(words)
    private static let wordRoles = words.map { AriaRole.named($0) }
    private static let longestWord = words.map(\.utf8.count).max() ?? 0

    /// `named(_:)` of the role word at `range` in a line's `bytes`, found by
    /// its first eight bytes at once where the line holds eight from it.
    static func named(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String) {
        if let k = wordKeys.index(of: range, within: bytes) { return (wordRoles[k], words[k]) }
        return named(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// `named` of a role word read from a file (ASCII word bytes), with the
    /// word as a `String`. A known word is found by its bytes, and its
    /// `String` is the table's own, so no text is decoded or hashed for it.
    static func named(_ word: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String) {
        if let k = wordKeys.index(of: word.indices, in: word) { return (wordRoles[k], words[k]) }
        let text = String(decoding: word, as: UTF8.self)
        // `String.lowercased()` of ASCII is the bytes lowercased; only a word
        // as long as a known one can be one in another case.
        if word.count <= longestWord, word.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            let lower = word.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            if let k = wordKeys.index(of: lower.indices, in: lower) { return (wordRoles[k], text) }
        }
        return (AriaRole(kind: .item, role: .other, platformRole: text), text)
    }
}
