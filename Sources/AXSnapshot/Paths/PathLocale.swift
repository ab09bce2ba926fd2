/// The locale a snapshot's path names, for a file that does not say it
/// (XCUITest text, uiautomator XML, ARIA YAML): a directory (`es/`, `es-MX/`,
/// `pt_BR/`, `zh-Hans/`, `es.lproj/`) or the part before the extension
/// (`SignIn.es.txt`). The nearest to the file wins: the file name, then the
/// directories from the deepest up. These are the places `LocaleSiblings`
/// replaces with the source locale to find a translation's source.
///
/// A locale is an ISO 639-1 language in lower case, then optionally a script
/// (four letters) and a region (two letters or three digits), joined by `-`
/// or `_`. Only two-letter languages count: a three-letter piece of a path
/// (`ios`, `app`, `web`) is far more often a word than a language.
public enum PathLocale {
    /// The locale `path` names, as written there (`.lproj` removed), or nil.
    ///
    /// - Complexity: O(p) in the length of the path.
    public static func locale(in path: String) -> String? {
        // An ASCII path is split on its bytes, where each is a character:
        // splitting by characters was most of reading a small snapshot's
        // path (callgrind, a real history's backfill).
        let ascii = path.utf8.allSatisfy { $0 < 0x80 }
        var segments = ascii ? path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
                             : path.split(separator: "/", omittingEmptySubsequences: true)
        guard let file = segments.popLast() else { return nil }
        let parts = ascii ? file.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Substring($0) }
                          : file.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count >= 3, let found = locale(segment: parts[parts.count - 2]) { return found }
        for segment in segments.reversed() {
            if let found = locale(segment: segment) { return found }
        }
        return nil
    }

    /// `segment` as a locale (`es`, `es-MX`, `es.lproj`), or nil.
    public static func locale(segment: Substring) -> String? {
        var name = segment
        if name.lowercased().hasSuffix(".lproj") { name = name.dropLast(6) }
        return isLocale(name) ? String(name) : nil
    }

    /// Whether `name` is a language, with an optional script and region.
    ///
    /// On the bytes: a locale is ASCII letters and digits joined by `-` or
    /// `_`, so other text is none, and in ASCII each byte is a character.
    static func isLocale(_ name: Substring) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let pieces = name.utf8.split(omittingEmptySubsequences: false, whereSeparator: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        guard let language = pieces.first, language.count == 2,
              language.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
              languages.contains(String(Substring(language))), pieces.count <= 3 else { return false }
        var rest = pieces.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(isLetter) { rest = rest.dropFirst() }
        if let region = rest.first {
            let letters = region.count == 2 && region.allSatisfy(isLetter)
            let digits = region.count == 3 && region.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard letters || digits else { return false }
            rest = rest.dropFirst()
        }
        return rest.isEmpty
    }

    /// Whether `locale`'s language is written right to left.
    public static func isRightToLeft(_ locale: String) -> Bool {
        let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return rightToLeftLanguages.contains(language)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb", "ks"]

    /// ISO 639-1.
    static let languages: Set<String> = [
        "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm", "bn", "bo",
        "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee", "el", "en", "eo", "es",
        "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr",
        "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "iw", "ja", "jv", "ka", "kg", "ki",
        "kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu",
        "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd", "ne", "ng", "nl", "nn", "no", "nr",
        "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc",
        "sd", "se", "sg", "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th",
        "ti", "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh",
        "yi", "yo", "za", "zh", "zu",
    ]
}
