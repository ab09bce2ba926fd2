/// What `LabelText.similar` compares of a label: its normal form and that
/// form's words. Made once for each label of a gap that matching compares
/// pair by pair (`NeighbourMatcher`), where comparing the strings made both
/// labels' forms again for every pair.
struct LabelForms {
    /// `LabelText.normalized(label)`.
    let normal: String
    /// The distinct `LabelText.words` of `normal`.
    let words: Set<Substring>
    /// The bytes of `normal` when its characters are its scalars
    /// (`ScalarCharacters`), else nil.
    private let bytes: [UInt8]?

    init(_ label: String) {
        normal = LabelText.normalized(label)
        words = Set(LabelText.words(normal))
        bytes = ScalarCharacters.hold(normal) ? Array(normal.utf8) : nil
    }

    /// `normal.contains(other.normal)`, on the bytes when both forms' characters
    /// are their scalars: a match of UTF-8 bytes starts and ends between
    /// scalars, so between characters, and equal characters there are equal
    /// scalars. `String.contains` compared character by character, a tenth of a
    /// real history's matching (callgrind).
    ///
    /// - Complexity: O(n + m) in the bytes (Knuth–Morris–Pratt).
    func contains(_ other: LabelForms) -> Bool {
        guard let text = bytes, let pattern = other.bytes, !pattern.isEmpty else { return normal.contains(other.normal) }
        guard pattern.count <= text.count else { return false }
        // failure[k]: the length of the longest proper border of pattern[0...k].
        var failure = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for q in 1..<pattern.count {
            while k > 0, pattern[q] != pattern[k] { k = failure[k - 1] }
            if pattern[q] == pattern[k] { k += 1 }
            failure[q] = k
        }
        k = 0
        for byte in text {
            while k > 0, byte != pattern[k] { k = failure[k - 1] }
            if byte == pattern[k] { k += 1 }
            if k == pattern.count { return true }
        }
        return false
    }
}
