/// The layout direction of a dump that does not say it (a uiautomator dump,
/// an XCUITest hierarchy), from three kinds of evidence, strongest first:
///
/// 1. the locale (in the file or its path, `he/`, `values-ar`-style
///    `ar.lproj/`): what the screen was captured in;
/// 2. the script of its labels: a screen whose words are mostly Hebrew,
///    Arabic or another right-to-left script is read right to left;
/// 3. mirrored geometry: in rows of siblings, the first in file order sits
///    to the right of the next (Android and UIKit lay a mirrored row out from
///    the right).
///
/// The language decides before the geometry because the geometry is what the
/// diff judges against the direction: inferred from the geometry, a screen
/// whose rows stopped mirroring would redefine its own reference and its
/// regression would read as an improvement. The geometry decides only for a
/// screen with no locale and no words (icons and numbers).
enum LayoutDirectionInference {
    /// - Complexity: O(n) in the number of nodes; the tree is walked with an explicit stack.
    static func direction(locale: String?, elements: [Node]) -> LayoutDirection {
        if let locale { return PathLocale.isRightToLeft(locale) ? .rtl : .ltr }
        var rightToLeft = 0, leftToRight = 0, mirrored = 0, forward = 0
        var stack: [[Node]] = [elements]
        while let siblings = stack.popLast() {
            var previous: Frame?
            func count(_ text: String?) {
                guard let text, !text.isEmpty else { return }
                switch script(of: text) {
                case .rtl?: rightToLeft += 1
                case .ltr?: leftToRight += 1
                case nil: break
                }
            }
            // Each field read where it is: binding the node copied it, retaining every field.
            for k in siblings.indices {
                count(siblings[k].label)
                count(siblings[k].value)
                if let f = siblings[k].frame, f.width > 0, f.height > 0 {
                    if let p = previous, abs(p.y - f.y) <= rowTolerance {
                        if f.maxX <= p.x { mirrored += 1 } else if f.x >= p.maxX { forward += 1 }
                    }
                    previous = f
                }
                if !siblings[k].children.isEmpty { stack.append(siblings[k].children) }
            }
        }
        if rightToLeft != leftToRight { return rightToLeft > leftToRight ? .rtl : .ltr }
        return mirrored > forward ? .rtl : .ltr
    }

    /// Two siblings whose tops differ by at most this much share a row.
    static let rowTolerance = RowRule.tolerance

    /// The direction of the first strongly directional letter of `text`.
    static func script(of text: String) -> LayoutDirection? {
        // Most words start with an ASCII letter, told by the first byte alone.
        if let b = text.utf8.first, (b | 0x20) >= 0x61, (b | 0x20) <= 0x7A { return .ltr }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            // The ASCII letters are the alphabetic ASCII scalars, and none is right to left.
            if v < 0x80 {
                if (v | 0x20) >= 0x61, (v | 0x20) <= 0x7A { return .ltr }
                continue
            }
            if rightToLeftRanges.contains(where: { $0.contains(v) }) { return .rtl }
            if scalar.properties.isAlphabetic { return .ltr }
        }
        return nil
    }

    /// Hebrew, Arabic (with its supplements and presentation forms), Syriac, Thaana, N'Ko.
    static let rightToLeftRanges: [ClosedRange<UInt32>] = [
        0x0590...0x05FF, 0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x0780...0x07BF, 0x07C0...0x07FF,
        0x08A0...0x08FF, 0xFB1D...0xFB4F, 0xFB50...0xFDFF, 0xFE70...0xFEFF,
    ]
}
