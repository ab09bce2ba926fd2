extension AriaRole {
    /// The table's words, with the role and `String` of each, made once.
    /// A reader takes it once and hands it to each line (`AriaLine.parse`):
    /// read here for every line, it cost a call to `swift_once` each time.
    static let known: AriaRoleWords = {
        let words = AriaRole.knownWords
        return AriaRoleWords(words, roles: words.map { AriaRole.named($0) })
    }()

    /// `named(_:)` of the role word at `range` in a line's `bytes`, found by
    /// its first eight bytes at once where the line holds eight from it.
    static func named(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String) {
        if let found = known.named(range, in: bytes) { return found }
        return named(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// `named` of a role word read from a file (ASCII word bytes), with the
    /// word as a `String`. A known word is found by its bytes, and its
    /// `String` is the table's own, so no text is decoded or hashed for it.
    static func named(_ word: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String) {
        if let found = known.named(word.indices, in: word) { return found }
        let text = String(decoding: word, as: UTF8.self)
        // `String.lowercased()` of ASCII is the bytes lowercased; only a word
        // as long as a known one can be one in another case.
        if word.count <= known.longest, word.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            let lower = word.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            if let found = lower.withUnsafeBufferPointer({ known.named($0.indices, in: $0) }) { return (found.role, text) }
        }
        return (AriaRole(kind: .item, role: .other, platformRole: text), text)
    }
}
