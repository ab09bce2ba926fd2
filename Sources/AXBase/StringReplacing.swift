extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, left to right, as Foundation's
    /// `replacingOccurrences(of:with:)` replaced them: scalar by scalar, a scalar matching its
    /// canonical equivalent (U+1FEF for a backtick), except that a match followed by a
    /// scalar that extends its last character (`'` then U+0301) is not one.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return String(self) }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let end = i + pattern.count
            if end <= scalars.count, scalars[i..<end].elementsEqual(pattern, by: Self.equivalent),
               end == scalars.count || !FoundationGraphemeExtend.contains(scalars[end]) {
                out.append(contentsOf: replacement.unicodeScalars)
                i = end
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }

    /// The same scalar, or one whose canonical decomposition is the other (U+1FEF and U+0060).
    private static func equivalent(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        a == b || (a.value >= 0x80 || b.value >= 0x80) && Character(a) == Character(b)
    }
}

/// The scalars that extend the character before them in swift-corelibs Foundation's string
/// search (so a match may not end before one): Unicode's Grapheme_Extend as its tables have
/// it, which this toolchain's stdlib knows in a newer version. Measured against
/// `replacingOccurrences(of:with:)` over every scalar (`StringReplacingTests`).
enum FoundationGraphemeExtend {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x1171E || (0x1F3FB...0x1F3FF).contains(scalar.value) { return true }
        return scalar.properties.isGraphemeExtend && !newer.contains(scalar.value)
    }

    /// Grapheme_Extend in the stdlib's Unicode, not in Foundation's.
    private static let newer: Set<UInt32> = [
        0x897, 0xCC0, 0xCC7, 0xCC8, 0xCCA, 0xCCB, 0x1715, 0x1734, 0x1ACF, 0x1AD0,
        0x1AD1, 0x1AD2, 0x1AD3, 0x1AD4, 0x1AD5, 0x1AD6, 0x1AD7, 0x1AD8, 0x1AD9, 0x1ADA,
        0x1ADB, 0x1ADC, 0x1ADD, 0x1AE0, 0x1AE1, 0x1AE2, 0x1AE3, 0x1AE4, 0x1AE5, 0x1AE6,
        0x1AE7, 0x1AE8, 0x1AE9, 0x1AEA, 0x1AEB, 0x1B3B, 0x1B3D, 0x1B43, 0x1B44, 0x1BAA,
        0x1BF2, 0x1BF3, 0xA953, 0xA9C0, 0x10D69, 0x10D6A, 0x10D6B, 0x10D6C, 0x10D6D, 0x10EFA,
        0x10EFB, 0x10EFC, 0x111C0, 0x11235, 0x1134D, 0x113B8, 0x113BB, 0x113BC, 0x113BD, 0x113BE,
        0x113BF, 0x113C0, 0x113C2, 0x113C5, 0x113C7, 0x113C8, 0x113C9, 0x113CE, 0x113CF, 0x113D0,
        0x113D2, 0x113E1, 0x113E2, 0x116B6, 0x1193D, 0x11B60, 0x11B62, 0x11B63, 0x11B64, 0x11B66,
        0x11F41, 0x11F5A, 0x1611E, 0x1611F, 0x16120, 0x16121, 0x16122, 0x16123, 0x16124, 0x16125,
        0x16126, 0x16127, 0x16128, 0x16129, 0x1612D, 0x1612E, 0x1612F, 0x16FF0, 0x16FF1, 0x1D166,
        0x1D16D, 0x1E5EE, 0x1E5EF, 0x1E6E3, 0x1E6E6, 0x1E6EE, 0x1E6EF, 0x1E6F5,
    ]
}
