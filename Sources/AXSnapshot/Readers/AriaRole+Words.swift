#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AriaRole {
    /// `named` of a role word read from a file (ASCII word bytes), with the
    /// word as a `String`. A known word is found by its bytes, and its
    /// `String` is the table's own, so no text is decoded or hashed for it.
    static func named(_ word: UnsafeBufferPointer<UInt8>) -> (role: AriaRole, word: String) {
        let words = WordIndex.shared
        if let k = words.find(word) { return (words.roles[k], words.words[k]) }
        let text = String(decoding: word, as: UTF8.self)
        // `String.lowercased()` of ASCII is the bytes lowercased; only a word
        // as long as a known one can be one in another case.
        if word.count <= WordIndex.maxLength, word.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            let lower = word.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            if let k = lower.withUnsafeBufferPointer({ words.find($0) }) { return (words.roles[k], text) }
        }
        return (AriaRole(kind: .item, role: .other, platformRole: text), text)
    }

    /// The table's words by length and first letter, their bytes side by side.
    struct WordIndex {
        static let shared = WordIndex()
        /// The longest word a bucket holds.
        static let maxLength = 32

        /// Entries of bucket `b` are `bucketStart[b]..<bucketStart[b + 1]`.
        var bucketStart: [Int]
        /// Entry `k`'s bytes are `text[textStart[k]..<textStart[k + 1]]`.
        var textStart: [Int]
        var text: [UInt8]
        var roles: [AriaRole]
        var words: [String]

        static func bucket(length: Int, first: UInt8) -> Int? {
            guard length >= 1, length <= maxLength, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
            return (length - 1) * 26 + Int(first - UInt8(ascii: "a"))
        }

        init() {
            let known = AriaRole.knownWords.compactMap { word in Self.bucket(length: word.utf8.count, first: word.utf8.first ?? 0).map { (word, $0) } }
                .sorted { $0.1 < $1.1 }
            bucketStart = []
            textStart = [0]
            text = []
            roles = []
            words = []
            var entry = 0
            for b in 0...(Self.maxLength * 26) {
                while entry < known.count, known[entry].1 < b { entry += 1 }
                bucketStart.append(entry)
            }
            for (word, _) in known {
                text.append(contentsOf: word.utf8)
                textStart.append(text.count)
                words.append(word)
                roles.append(AriaRole.named(word))
            }
        }

        /// The entry whose bytes are `word`'s, if any.
        func find(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let first = word.first, let start = word.baseAddress,
                  let b = Self.bucket(length: word.count, first: first) else { return nil }
            // A bucket's words all have `word`'s length; most buckets hold one.
            return text.withUnsafeBufferPointer { text in
                guard let base = text.baseAddress else { return nil }
                for k in bucketStart[b]..<bucketStart[b + 1] where memcmp(base + textStart[k], start, word.count) == 0 {
                    return k
                }
                return nil
            }
        }
    }
}
