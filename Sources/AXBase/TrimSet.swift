/// The characters `trimming` removes from both ends of a string, as `CharacterSet`'s sets
/// (`.whitespaces`, `.whitespacesAndNewlines`, `CharacterSet(charactersIn:)`) do in
/// swift-corelibs Foundation's `trimmingCharacters(in:)`: by Unicode scalar.
package enum TrimSet {
    /// Tab and the space separators, as Foundation lists them (U+200B included).
    case whitespaces
    /// `whitespaces` with U+000A-U+000D, U+0085 and the line and paragraph separators.
    case whitespacesAndNewlines
    case scalars(Set<Unicode.Scalar>)

    package static func characters(in text: String) -> TrimSet { .scalars(Set(text.unicodeScalars)) }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .whitespaces: return Self.isWhitespace(scalar.value)
        case .whitespacesAndNewlines: return Self.isWhitespace(scalar.value) || Self.isNewline(scalar.value)
        case .scalars(let set): return set.contains(scalar)
        }
    }

    private static func isWhitespace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0xA0 || v == 0x1680 || (0x2000...0x200B).contains(v)
            || v == 0x202F || v == 0x205F || v == 0x3000
    }

    private static func isNewline(_ v: UInt32) -> Bool {
        (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
    }
}

extension StringProtocol {
    /// The string without the scalars of `set` at its start and end.
    package func trimming(_ set: TrimSet) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
              let last = scalars.lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(Substring(scalars[first...last]))
    }
}
