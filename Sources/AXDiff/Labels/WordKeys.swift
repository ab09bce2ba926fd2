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
        _ = scan(text, to: &keys)
    }

    /// What the pass that appends a text's keys (`append`) sees of its bytes
    /// besides: callers that need these facts too read the text once.
    struct Scan {
        /// Every byte is ASCII.
        let isASCII: Bool
        /// ASCII without a carriage return: one `Character` per byte.
        let isPlain: Bool
        let byteCount: Int
    }

    /// `append`, and the `Scan` of `text`. A non-ASCII text's keys are
    /// `split(text)`: the keys of `LabelText.words(text)`, which a caller
    /// scanning many texts may keep for texts that repeat.
    static func scan(_ text: String, to keys: inout [UInt64],
                     split: (String) -> [UInt64] = { LabelText.words($0).map(WordKeys.key) }) -> Scan {
        let start = keys.count
        var words = Splitter()
        var isASCII = true
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // The bytes in place: iterating `String.UTF8View` costs several
            // times more per byte (callgrind).
            let bytes = text.utf8.span
            for i in bytes.indices where !words.add(bytes[i], to: &keys) {
                isASCII = false
                break
            }
        } else {
            for b in text.utf8 where !words.add(b, to: &keys) {
                isASCII = false
                break
            }
        }
        if isASCII {
            words.end(to: &keys)
        } else {
            // Most non-ASCII texts break off before a word ("…"), and have none.
            if keys.count > start { keys.removeSubrange(start...) }
            let words = split(text)
            if !words.isEmpty { keys += words }
        }
        return Scan(isASCII: isASCII, isPlain: isASCII && !words.sawCarriageReturn, byteCount: text.utf8.count)
    }

    /// The state of `scan` between bytes: the hash of the word so far.
    private struct Splitter {
        var hash = WordKeys.seed
        var inWord = false
        var sawCarriageReturn = false

        /// Adds byte `b`, appending the key of a word it ends; false for a
        /// byte of non-ASCII text. One table lookup per byte: testing the
        /// ranges byte by byte cost twice as much (callgrind).
        @inline(__always)
        mutating func add(_ b: UInt8, to keys: inout [UInt64]) -> Bool {
            let f = WordKeys.wordFold[Int(b)]
            if f == 0 {
                sawCarriageReturn = sawCarriageReturn || b == 0x0D
                end(to: &keys)
                return true
            }
            guard f < 0x80 else { return false }
            hash = (hash ^ UInt64(f)) &* WordKeys.prime
            inWord = true
            return true
        }

        @inline(__always)
        mutating func end(to keys: inout [UInt64]) {
            guard inWord else { return }
            keys.append(hash)
            hash = WordKeys.seed
            inWord = false
        }
    }

    /// Each byte as a word holds it: ASCII letters and digits lower-cased
    /// (`LabelText.words` keeps runs of [A-Za-z0-9] for ASCII), 0 for a byte
    /// between words, 0xFF for the bytes of non-ASCII text.
    static let wordFold: [UInt8] = (0..<256).map { (b: Int) -> UInt8 in
        if b >= 0x80 { return 0xFF }
        if (0x41...0x5A).contains(b) { return UInt8(b | 0x20) }
        if (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) { return UInt8(b) }
        return 0
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
