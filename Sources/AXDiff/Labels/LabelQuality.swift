import AXSnapshot
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

/// Decides whether a label tells a user anything (DESIGN §5, "meaningless label").
///
/// A label is meaningless when it is empty, equals the element's id (on
/// Apple platforms), looks like
/// an asset or file name (`icClose`, `btn_back`, `photo.png`,
/// `164234main_image_feature_713_ys_full`), is an SF Symbol name — dotted
/// (`square.and.arrow.up`), one word (`magnifyingglass`) or spoken
/// (`square and arrow up`) — or repeats the identifier of the element's own
/// image, in any case (the asset name leaking into the label).
///
/// Judged by role and platform, not by shape alone (DESIGN §5, "Judged per
/// platform"):
/// - Asset, file and identifier shapes are judged where an asset name
///   leaks: on an image, a control (button, field, toggle, picker, tab, menu
///   item), or a link that shows an image. Text, headings, plain links, cells
///   and containers speak content: a crate named `quickcheck_macros`, the site
///   "crates.io" or a file list's `Report.pdf` is what the screen shows; there
///   only a name with an asset prefix (`ic_cart_24`, `icClose`) is a leak, and
///   on the web not even that.
/// - SF Symbol names leak only on Apple platforms (`ios`, and `other`, which
///   XCUITest dumps and bare snapshots read as), and only from an image or a
///   control (XCUITest often lists a symbol button without its image). On the
///   web and Android "network", "clear" and "forward" are plain words, and a
///   dotted name is a domain ("crates.io"), not a symbol.
/// - Without a role (a bare label), the shape decides.
public enum LabelQuality {
    public static func isMeaningless(_ stop: Stop) -> Bool {
        isMeaningless(stop.label, id: stop.id, imageNames: stop.imageNames, role: stop.role, platform: stop.platform)
    }

    public static func isMeaningless(_ label: String, id: String? = nil, imageNames: [String] = [], role: Role? = nil,
                                     platform: Platform? = nil) -> Bool {
        let trimmed = Self.trimmed(label)
        if trimmed.isEmpty { return true }
        // An identifier leaks into a label on Apple platforms (a label set
        // from the accessibilityIdentifier); a web page's DOM or test id and
        // an Android resource id never become a name, so a link "terms" with
        // id "terms" is a coincidence.
        if let id, !id.isEmpty, trimmed == id, symbolsLeak(on: platform) { return true }
        // Asset, file and symbol names are short; the character-class tests
        // below would otherwise walk a hostile 10 MB label several times.
        if trimmed.utf8.count > maxNameBytes { return false }
        if let role, !judgesNames(role, imageNames: imageNames) {
            // Content speaks for itself; only an unmistakable asset name —
            // an asset prefix and a separator (`ic_cart_24`, `icClose`) —
            // leaks into it, and never on the web, whose text is the page's.
            return platform != .web && looksLikePrefixedAssetName(trimmed)
        }
        if let role, let fileName = FileName(trimmed), !isKnownSymbol(trimmed) {
            let iconOnly = role == .image || (role.isInteractive && !imageNames.isEmpty)
            if !iconOnly {
                if fileName.isDocument { return false }
                if fileName.isImage, !role.isControl { return false }
            }
        }
        if looksLikeAddress(trimmed) { return false }
        if looksLikeAssetName(trimmed) { return true }
        if symbolsLeak(on: platform), isSymbolName(trimmed) { return true }
        return repeatsImageName(trimmed, imageNames)
    }

    /// A URL, a path, a package URL or a handle (`pkg:cargo/serde@1.0.0`,
    /// `docs.rs/crate/serde`, `@cratesiostatus`): content a control shows or
    /// copies. No asset name holds `/`, `:` or `@`; an image file's name
    /// (`icons/close.png`) is still judged as one.
    static func looksLikeAddress(_ s: String) -> Bool {
        s.utf8.contains { $0 == 0x2F || $0 == 0x3A || $0 == 0x40 } && !(FileName(s)?.isImage ?? false)
    }

    /// An asset name by its prefix: `ic`, `img`, `btn`, … followed by `_`,
    /// `-`, a digit or a capital, and nothing but letters, digits, `_` and
    /// `-` (`ic_cart_24`, `icClose`, `btn_back`; not `quickcheck_macros`).
    static func looksLikePrefixedAssetName(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }) else { return false }
        return asciiPrefixes.contains { prefix in
            guard b.count > prefix.count, b.starts(with: prefix) else { return false }
            let next = b[prefix.count]
            return next == 0x5F || next == 0x2D || (next >= 0x30 && next <= 0x39) || (next >= 0x41 && next <= 0x5A)
        }
    }

    /// Whether asset, file and identifier shapes mean a leak on `role`: an
    /// image, a control, a tab or menu item, or any interactive stop that
    /// shows an image (an icon-only link). Elsewhere the label is content.
    static func judgesNames(_ role: Role, imageNames: [String]) -> Bool {
        role == .image || role.isControl || role == .tab || role == .menuItem || (role.isInteractive && !imageNames.isEmpty)
    }

    /// Whether SF Symbol names can leak into labels on `platform` (nil: unknown, judged as Apple).
    static func symbolsLeak(on platform: Platform?) -> Bool {
        switch platform {
        case .none, .ios, .other: return true
        case .web, .android: return false
        }
    }

    /// An image's identifier repeated in the label, in any case
    /// (`historyLarge`, `historylarge`, `HistoryLarge` for the image
    /// `historyLarge`). A word written as copy — capitalized, with no hump
    /// inside ("News" for the image `news`) — is kept.
    static func repeatsImageName(_ label: String, _ imageNames: [String]) -> Bool {
        guard !imageNames.isEmpty else { return false }
        let lower = label.lowercased()
        guard imageNames.contains(where: { $0.lowercased() == lower }) else { return false }
        guard let first = label.first(where: \.isLetter) else { return true }
        if first.isLowercase { return true }
        var previousLower = false
        for c in label {
            if c.isUppercase, previousLower { return true }
            previousLower = c.isLowercase
        }
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
        return label.trimming(.whitespacesAndNewlines)
    }

    /// File names, snake_case and kebab-free identifiers, and lowerCamel asset names.
    static func looksLikeAssetName(_ s: String) -> Bool {
        asciiLooksLikeAssetName(s) ?? characterLooksLikeAssetName(s)
    }

    /// `looksLikeAssetName` by `Character`s: the definition, for any text.
    static func characterLooksLikeAssetName(_ s: String) -> Bool {
        guard !s.contains(" ") else { return false }
        let lower = s.lowercased()
        for ext in assetExtensions where lower.hasSuffix(ext) {
            return true
        }
        let letters = s.filter(\.isLetter)
        if s.contains("_"), !letters.isEmpty { return true }
        // lowerCamel with a typical asset prefix (icClose, imgLogo, btnBack) or
        // with two or more humps (closeButtonIcon). "iPhone" has one hump and stays.
        guard let first = s.first, first.isLowercase, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return false }
        let humps = s.filter(\.isUppercase).count
        if humps >= 2 { return true }
        for prefix in assetPrefixes {
            if s.hasPrefix(prefix), s.count > prefix.count {
                let next = s[s.index(s.startIndex, offsetBy: prefix.count)]
                if next.isUppercase || next.isNumber || next == "-" { return true }
            }
        }
        return false
    }

    /// `looksLikeAssetName` for an ASCII `s`, from its bytes; nil for other
    /// text. Every test there goes through `Character` and its Unicode
    /// properties (a lower-cased copy, two filtered copies, ten suffix and
    /// ten prefix tests), and this runs for every label of both versions
    /// that the rules judge. For ASCII each test is a byte test: letters are [A-Za-z], numbers
    /// [0-9], upper case [A-Z], lower case [a-z]. The one ASCII
    /// `Character` of two bytes, "\r\n", is none of these and not "-",
    /// as its "\r" byte is not, and no suffix or prefix tested contains
    /// either byte; where `count` is compared, every byte is a letter, a
    /// digit or "-", one `Character` each.
    ///
    /// - Complexity: O(b) for b bytes.
    static func asciiLooksLikeAssetName(_ s: String) -> Bool? {
        var s = s
        return s.withUTF8 { b -> Bool? in
            guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
            guard !b.contains(0x20) else { return false }
            func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
            func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
            func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
            for ext in asciiExtensions where ext.count <= b.count {
                let tail = b[(b.count - ext.count)...]
                if zip(tail, ext).allSatisfy({ (isUpper($0) ? $0 | 0x20 : $0) == $1 }) { return true }
            }
            let hasLetter = b.contains(where: { isUpper($0) || isLower($0) })
            if b.contains(0x5F), hasLetter { return true }
            guard let first = b.first, isLower(first),
                  b.allSatisfy({ isUpper($0) || isLower($0) || isDigit($0) || $0 == 0x2D }) else { return false }
            if b.reduce(0, { $0 + (isUpper($1) ? 1 : 0) }) >= 2 { return true }
            for prefix in asciiPrefixes where b.count > prefix.count && b.starts(with: prefix) {
                let next = b[prefix.count]
                if isUpper(next) || isDigit(next) || next == 0x2D { return true }
            }
            return false
        }
    }

    /// The file extensions and asset-name prefixes `looksLikeAssetName` knows.
    static let assetExtensions = [".png", ".jpg", ".jpeg", ".gif", ".svg", ".pdf", ".heic", ".webp", ".imageset", ".json"]
    static let assetPrefixes = ["ic", "img", "icon", "btn", "bg", "ico", "image", "asset", "logo", "button"]
    /// The same, as bytes (all lower-case ASCII).
    static let asciiExtensions = assetExtensions.map { Array($0.utf8) }
    static let asciiPrefixes = assetPrefixes.map { Array($0.utf8) }

    /// SF Symbol names in their dotted, one-word or spoken forms.
    static func isSymbolName(_ s: String) -> Bool {
        guard s == s.lowercased() else { return false }
        if isKnownSymbol(s) { return true }
        // Any dotted lower-case token chain (a.b.c) is a symbol or resource name, not copy.
        let tokens = s.split(separator: ".", omittingEmptySubsequences: false)
        return tokens.count >= 2 && tokens.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
            && tokens.contains { $0.contains(where: \.isLetter) }
    }

    /// A name from the SF Symbols list, or one of its variants.
    static func isKnownSymbol(_ s: String) -> Bool {
        guard s == s.lowercased() else { return false }
        let dotted = s.split(separator: " ").joined(separator: ".")
        if SFSymbolNames.all.contains(dotted) { return true }
        // Variants VoiceOver reads with the same base: strip fill/circle/square suffixes.
        var parts = dotted.split(separator: ".")
        while let last = parts.last, ["fill", "circle", "square", "slash", "badge", "rtl", "ar", "he"].contains(String(last)), parts.count > 1 {
            parts.removeLast()
            if SFSymbolNames.all.contains(parts.joined(separator: ".")) { return true }
        }
        return false
    }
}
