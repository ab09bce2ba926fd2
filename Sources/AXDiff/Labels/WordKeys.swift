/// The words of a text (as `LabelText.words` splits them) reduced to 64-bit
/// keys: a cheap filter for "do these words occur in that text".
///
/// Order references test every pair of stops in a container, on both
/// versions of the screen; splitting each label into `Substring` words was
/// the largest cost of a large diff (callgrind). Keys are computed once per
/// stop without allocating a string per word, and pairs are compared as
/// integers. Equal words give equal keys, so unequal keys rule a match out
/// exactly; equal keys are only a candidate, and callers confirm it on the
/// real words, so results are the same as comparing words.
struct WordKeys: Equatable {
    let keys: [UInt64]

    init(_ text: String) {
        var keys: [UInt64] = []
        keys.reserveCapacity(8)
        Self.append(text, to: &keys)
        self.keys = keys
    }

    /// Appends the keys of `text`'s words to `keys`: an index of many labels
    /// keeps them all in one array rather than one array per label.
    static func append(_ text: String, to keys: inout [UInt64]) {
        let start = keys.count
        var text = text
        // The bytes in one buffer, in one pass: iterating `String.UTF8View`
        // costs several times more per byte.
        let isASCII: Bool = text.withUTF8 { bytes in
            // For ASCII, `words` keeps runs of [A-Za-z0-9], lower-cased.
            var hash = Self.seed
            var inWord = false
            for b in bytes {
                guard b < 0x80 else { return false }
                let c = b &- 0x41 < 26 ? b | 0x20 : b
                if c &- 0x61 < 26 || c &- 0x30 < 10 {
                    hash = (hash ^ UInt64(c)) &* Self.prime
                    inWord = true
                } else if inWord {
                    keys.append(hash)
                    hash = Self.seed
                    inWord = false
                }
            }
            if inWord { keys.append(hash) }
            return true
        }
        if !isASCII {
            keys.removeSubrange(start...)
            keys += LabelText.words(text).map(Self.key)
        }
    }

    init(keys: [UInt64]) {
        self.keys = keys
    }

    /// The keys of `a`, then those of `b`: the keys of `a + ", " + b`, since
    /// ", " only separates words.
    static func + (a: WordKeys, b: WordKeys) -> WordKeys {
        WordKeys(keys: a.keys + b.keys)
    }

    /// True for text that `WordKeys` splits byte by byte.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { !$0.contains(where: { $0 >= 0x80 }) }
    }

    /// FNV-1a over the word's UTF-8 bytes (the ASCII path hashes the same bytes).
    static func key(_ word: Substring) -> UInt64 {
        var hash = seed
        for c in word.utf8 { hash = (hash ^ UInt64(c)) &* prime }
        return hash
    }

    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    var count: Int { keys.count }

    /// Whether `phrase`'s keys occur, adjacent and in order, among these —
    /// `LabelText.containsWords` on keys. `strictlyLonger` asks for more words
    /// here than in the phrase.
    func mayContain(_ phrase: WordKeys, strictlyLonger: Bool = false) -> Bool {
        Self.contains(keys[...], phrase.keys[...], strictlyLonger: strictlyLonger)
    }

    /// `mayContain` on runs of keys held elsewhere (a `ContainerIndex`).
    static func contains(_ t: ArraySlice<UInt64>, _ p: ArraySlice<UInt64>, strictlyLonger: Bool = false) -> Bool {
        guard let first = p.first, strictlyLonger ? p.count < t.count : p.count <= t.count else { return false }
        for start in t.startIndex...(t.endIndex - p.count) where t[start] == first {
            if t[start..<start + p.count].elementsEqual(p) { return true }
        }
        return false
    }
}
