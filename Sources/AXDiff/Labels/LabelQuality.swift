import AXSnapshot
import Foundation

/// Decides whether a label tells a user anything (DESIGN §5, "meaningless label").
///
/// A label is meaningless when it is empty, equals the element's id, looks like
/// an asset or file name (`icClose`, `btn_back`, `photo.png`,
/// `164234main_image_feature_713_ys_full`), is an SF Symbol name — dotted
/// (`square.and.arrow.up`), one word (`magnifyingglass`) or spoken
/// (`square and arrow up`) — or repeats the identifier of the element's own
/// image in lower case (the asset name leaking into the label).
public enum LabelQuality {
    public static func isMeaningless(_ stop: Stop) -> Bool {
        isMeaningless(stop.label, id: stop.id, imageNames: stop.imageNames)
    }

    public static func isMeaningless(_ label: String, id: String? = nil, imageNames: [String] = []) -> Bool {
        let trimmed = Self.trimmed(label)
        if trimmed.isEmpty { return true }
        if let id, !id.isEmpty, trimmed == id { return true }
        // Asset, file and symbol names are short; the character-class tests
        // below would otherwise walk a hostile 10 MB label several times.
        if trimmed.utf8.count > maxNameBytes { return false }
        if looksLikeAssetName(trimmed) || isSymbolName(trimmed) { return true }
        // An image's identifier repeated in the label leaks the asset name. A
        // capitalized word ("News") reads as written copy and is kept.
        if imageNames.contains(trimmed), trimmed == trimmed.lowercased() { return true }
        return false
    }

    /// No asset or symbol name is longer than this many bytes.
    static let maxNameBytes = 256

    /// `label` without leading and trailing whitespace and newlines. Foundation's
    /// trimming bridges every call, and this runs for each stop of both
    /// versions; a label that starts and ends with a visible ASCII character
    /// (the common case) has nothing to trim. ASCII's only members of
    /// `.whitespacesAndNewlines` are 0x09–0x0D and 0x20.
    static func trimmed(_ label: String) -> String {
        if let first = label.utf8.first, let last = label.utf8.last,
           first < 0x80, last < 0x80, first != 0x20, last != 0x20,
           !(0x09...0x0D).contains(first), !(0x09...0x0D).contains(last) {
            return label
        }
        return label.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// File names, snake_case and kebab-free identifiers, and lowerCamel asset names.
    static func looksLikeAssetName(_ s: String) -> Bool {
        guard !s.contains(" ") else { return false }
        let lower = s.lowercased()
        for ext in [".png", ".jpg", ".jpeg", ".gif", ".svg", ".pdf", ".heic", ".webp", ".imageset", ".json"] where lower.hasSuffix(ext) {
            return true
        }
        let letters = s.filter(\.isLetter)
        if s.contains("_"), !letters.isEmpty { return true }
        // lowerCamel with a typical asset prefix (icClose, imgLogo, btnBack) or
        // with two or more humps (closeButtonIcon). "iPhone" has one hump and stays.
        guard let first = s.first, first.isLowercase, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return false }
        let humps = s.filter(\.isUppercase).count
        if humps >= 2 { return true }
        for prefix in ["ic", "img", "icon", "btn", "bg", "ico", "image", "asset", "logo", "button"] {
            if s.hasPrefix(prefix), s.count > prefix.count {
                let next = s[s.index(s.startIndex, offsetBy: prefix.count)]
                if next.isUppercase || next.isNumber || next == "-" { return true }
            }
        }
        return false
    }

    /// SF Symbol names in their dotted, one-word or spoken forms.
    static func isSymbolName(_ s: String) -> Bool {
        guard s == s.lowercased() else { return false }
        let dotted = s.split(separator: " ").joined(separator: ".")
        if SFSymbolNames.all.contains(dotted) { return true }
        // Variants VoiceOver reads with the same base: strip fill/circle/square suffixes.
        var parts = dotted.split(separator: ".")
        while let last = parts.last, ["fill", "circle", "square", "slash", "badge", "rtl", "ar", "he"].contains(String(last)), parts.count > 1 {
            parts.removeLast()
            if SFSymbolNames.all.contains(parts.joined(separator: ".")) { return true }
        }
        // Any dotted lower-case token chain (a.b.c) is a symbol or resource name, not copy.
        let tokens = s.split(separator: ".", omittingEmptySubsequences: false)
        return tokens.count >= 2 && tokens.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
            && tokens.contains { $0.contains(where: \.isLetter) }
    }
}
