#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// Small text helpers shared by the label rules and matching.
enum LabelText {
    /// Lower-cased, trimmed, inner whitespace collapsed: the form labels are compared in.
    ///
    /// Every rule normalizes labels, for every stop of both versions: an ASCII
    /// label that is already in normal form (the common case) is returned as
    /// it is, without the per-Character Unicode work.
    static func normalized(_ s: String) -> String {
        if isNormalASCII(s) { return s }
        let lower = lowercased(s)
        if isNormalASCII(lower) { return lower }
        if ScalarCharacters.hold(lower) { return collapsingWhitespace(lower) }
        return lower.split(whereSeparator: isWhitespace).joined(separator: " ")
    }

    /// `s.split(whereSeparator: \.isWhitespace).joined(separator: " ")` for
    /// text whose scalars are its characters (`ScalarCharacters`), scalar by
    /// scalar: walking characters, with a property look-up for each one, was
    /// most of normalizing a label of a web page's text.
    private static func collapsingWhitespace(_ s: String) -> String {
        // Into bytes: appending scalar by scalar to a string cost as much again.
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        var pendingSpace = false
        for scalar in s.unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            UTF8.encode(scalar) { out.append($0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Character(scalar).isWhitespace` for a scalar that is a character of its own.
    @inline(__always)
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isASCIIWhitespace(UInt8(truncatingIfNeeded: scalar.value)) : scalar.properties.isWhitespace
    }

    /// `Character(scalar).isLetter || .isNumber` for a scalar that is a character of its own.
    @inline(__always)
    private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isASCIILetterOrDigit(UInt8(truncatingIfNeeded: scalar.value))
                       : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// An ASCII character's whitespace: 0x09–0x0D and 0x20.
    @inline(__always)
    private static func isASCIIWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// An ASCII character's letters and numbers: A–Z, a–z, 0–9.
    @inline(__always)
    private static func isASCIILetterOrDigit(_ b: UInt8) -> Bool {
        ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39)
    }

    /// `s.lowercased()`. The standard library maps a string that is not all
    /// ASCII scalar by scalar (`Unicode.Scalar.Properties.lowercaseMapping`,
    /// a string for each); here an ASCII scalar, most of a web page's text,
    /// is mapped in place, and the others as the library maps them. The
    /// library's way was a tenth of a real history's backfill (callgrind);
    /// `LabelTextUnicodeTests` holds the two equal for every scalar.
    static func lowercased(_ s: String) -> String {
        var s = s
        if s.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) { return s.lowercased() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if scalar.isASCII {
                let b = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            } else {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `c.isWhitespace`, an ASCII character told by its byte (for ASCII,
    /// whitespace is 0x09–0x0D and 0x20; "\r\n" is one character, 0x0A):
    /// the property look-up per character was most of normalizing a label
    /// that is not all ASCII.
    @inline(__always)
    static func isWhitespace(_ c: Character) -> Bool {
        if let b = c.asciiValue { return isASCIIWhitespace(b) }
        return c.isWhitespace
    }

    /// `c.isLetter || c.isNumber`, an ASCII character told by its byte (for
    /// ASCII, letters are A–Z and a–z, numbers 0–9).
    @inline(__always)
    static func isLetterOrNumber(_ c: Character) -> Bool {
        if let b = c.asciiValue { return isASCIILetterOrDigit(b) }
        return c.isLetter || c.isNumber
    }

    /// Whether `normalized(label) == name`, read off the label's bytes
    /// without building its normal form when it is ASCII: for ASCII,
    /// lower-casing only maps A–Z and whitespace is 0x09–0x0D and 0x20.
    /// Building the form cost a `lowercased()` and two scans a label
    /// (callgrind, `name.duplicate` on rows of "Delete" buttons).
    static func normalizes(_ label: String, to name: String) -> Bool {
        var (label, name) = (label, name)
        let ascii = label.withUTF8 { l in
            name.withUTF8 { n -> Bool? in
                var k = 0
                var spaceBefore = false
                for b in l {
                    if b >= 0x80 { return nil }
                    if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                        spaceBefore = k > 0
                        continue
                    }
                    if spaceBefore {
                        guard k < n.count, n[k] == 0x20 else { return false }
                        k += 1
                        spaceBefore = false
                    }
                    guard k < n.count, n[k] == (b >= 0x41 && b <= 0x5A ? b | 0x20 : b) else { return false }
                    k += 1
                }
                return k == n.count
            }
        }
        return ascii ?? (normalized(label) == name)
    }

    /// True when `s` is ASCII with no upper-case letter, no whitespace but
    /// single inner spaces: `normalized(s) == s`. (For ASCII, Character's
    /// whitespace is exactly 0x09–0x0D and 0x20.)
    static func isNormalASCII(_ s: String) -> Bool {
        var s = s
        // One contiguous buffer: iterating `String.UTF8View` costs several times more per byte.
        return s.withUTF8 { bytes in
            var previousSpace = true  // a leading space is not normal
            for b in bytes {
                if b >= 0x80 || (b >= 0x41 && b <= 0x5A) || (b >= 0x09 && b <= 0x0D) { return false }
                if b == 0x20 {
                    if previousSpace { return false }
                    previousSpace = true
                } else {
                    previousSpace = false
                }
            }
            return !previousSpace || bytes.isEmpty
        }
    }

    /// A hash of `normalized(s)` for an ASCII `s` (nil otherwise): FNV-1a
    /// over its bytes lower-cased, whitespace left out, made byte by byte
    /// without building the string `normalized` would (for ASCII, the normal
    /// form only lower-cases A–Z and changes whitespace, which is 0x09–0x0D
    /// and 0x20). Two ASCII strings with equal normal forms have equal keys.
    /// Non-ASCII text has none: `==` on strings is canonical equivalence, and
    /// a non-ASCII label can equal an ASCII one ("a\u{37E}" is "a;").
    static func normalizedKey(_ s: String) -> UInt64? {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let bytes = s.utf8.span
            var key = NormalizedKey()
            for i in bytes.indices where !key.add(bytes[i]) { return nil }
            return key.hash
        }
        var key = NormalizedKey()
        for b in s.utf8 where !key.add(b) { return nil }
        return key.hash
    }

    /// The state of `normalizedKey`: the hash of the bytes so far.
    private struct NormalizedKey {
        var hash = WordKeys.seed

        /// Adds `b`; false for a byte of non-ASCII text.
        @inline(__always)
        mutating func add(_ b: UInt8) -> Bool {
            let f = LabelText.keyFold[Int(b)]
            if f < 0x100 {
                hash = (hash ^ UInt64(f)) &* WordKeys.prime
            } else if f == LabelText.nonASCII {
                return false
            }
            return true
        }
    }

    /// Each byte as `normalizedKey` hashes it: ASCII lower-cased, whitespace
    /// as `space` (left out), the bytes of non-ASCII text as `nonASCII`. One
    /// table lookup per byte instead of a chain of range tests.
    static let keyFold: [UInt16] = (0..<256).map { (b: Int) -> UInt16 in
        if b >= 0x80 { return nonASCII }
        if b == 0x20 || (0x09...0x0D).contains(b) { return space }
        return UInt16((0x41...0x5A).contains(b) ? b | 0x20 : b)
    }
    static let space: UInt16 = 0x100, nonASCII: UInt16 = 0x200

    /// Whether `a` and `b` have the same UTF-8 bytes. Stricter than `==`,
    /// which also holds for canonically equivalent strings ("é" composed or
    /// decomposed): what the rules derive from a label byte by byte (word
    /// keys, hashes) is only sure to agree for identical bytes.
    ///
    /// The bytes are compared where the strings keep them (a small string's
    /// on the stack): `==` first, as before, went through the comparison of
    /// canonical equivalence and then asked each string whether it is ASCII,
    /// three calls into the standard library for what one pass over a few
    /// bytes settles (callgrind).
    @inline(__always)
    static func identical(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        if count == 0 { return true }  // most values, hints and ids
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return false }
                return memcmp(p, q, count) == 0
            }
        }
        if let same, let same { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    static func identical(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return identical(a, b)
    }

    static func identical(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && a.indices.allSatisfy { identical(a[$0], b[$0]) }
    }

    /// Words of a label, lower-cased, punctuation dropped.
    static func words(_ s: String) -> [Substring] {
        // ASCII fast path: an ASCII Character is a letter or a number exactly
        // when it is [A-Za-z0-9], so splitting the bytes gives the same words
        // without Unicode property lookups per Character.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            let lower = s.lowercased()
            return lower.utf8.split(whereSeparator: { !isASCIILetterOrDigit($0) })
                .map { Substring($0) }
        }
        let lower = lowercased(s)
        guard ScalarCharacters.hold(lower) else { return lower.split(whereSeparator: { !isLetterOrNumber($0) }) }
        // Scalar by scalar (`collapsingWhitespace` says why), each word cut
        // out by its UTF-8 offsets.
        var words: [Substring] = []
        let utf8 = lower.utf8
        func word(_ from: Int, _ to: Int) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
        }
        var offset = 0, start = -1
        for scalar in lower.unicodeScalars {
            if isLetterOrNumber(scalar) {
                if start < 0 { start = offset }
            } else if start >= 0 {
                words.append(word(start, offset))
                start = -1
            }
            offset += UTF8.width(scalar)
        }
        if start >= 0 { words.append(word(start, offset)) }
        return words
    }

    /// Whether `phrase` occurs in `text` as whole words ("Close button" contains "button",
    /// "Buttonhole" does not).
    static func containsWords(_ text: String, _ phrase: String) -> Bool {
        containsWords(words(text), words(phrase))
    }

    /// `containsWords` on words already split, for callers that test one text
    /// against many phrases.
    static func containsWords(_ t: [Substring], _ p: [Substring]) -> Bool {
        guard !p.isEmpty, t.count >= p.count else { return false }
        for start in 0...(t.count - p.count) where t[start] == p[0] {
            if t[start..<start + p.count].elementsEqual(p) { return true }
        }
        return false
    }

    /// The share of their words two labels must hold in common to be similar.
    static let similarShare = 0.5

    /// Two labels are similar when one contains the other or they share at
    /// least half of their words (Jaccard ≥ `similarShare`).
    static func similar(_ a: String, _ b: String) -> Bool {
        similar(LabelForms(a), LabelForms(b))
    }

    /// `similar` of two labels' forms, made once each.
    static func similar(_ a: LabelForms, _ b: LabelForms) -> Bool {
        guard !a.normal.isEmpty, !b.normal.isEmpty else { return false }
        if a.contains(b) || b.contains(a) { return true }
        let union = a.words.union(b.words).count
        return union > 0 && Double(a.words.intersection(b.words).count) / Double(union) >= similarShare
    }

    /// How alike two labels' words are: the share of all their words that both
    /// hold (Jaccard), from 0 to 1.
    static func likeness(_ a: String, _ b: String) -> Double {
        let wa = Set(words(a)), wb = Set(words(b))
        let union = wa.union(wb).count
        return union == 0 ? 0 : Double(wa.intersection(wb).count) / Double(union)
    }
}
