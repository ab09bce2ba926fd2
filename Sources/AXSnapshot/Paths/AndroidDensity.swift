/// How a uiautomator dump's device pixels become dp (DESIGN §2, §8), so that
/// the 7 pt row rule and the 48 dp target apply in the unit they are written in.
///
/// The dump does not say its density. A phone's short side is 360–430 dp, so
/// the density is the smallest of Android's densities that puts the screen's
/// short side (the farthest right and bottom edges of any node, whichever is
/// shorter) at 430 dp or less: 1080 px → 2.625 (411 dp), 1440 px → 3.5
/// (411 dp), 720 px → 2 (360 dp). Taking the smallest errs towards larger dp:
/// on a 420 dpi phone a 48 dp button is 126 px, which density 3 would call 42 dp
/// and small. A tablet (600 dp and wider) is read as a phone: its dp are too small.
enum AndroidDensity {
    /// Android's densities (ldpi … xxxhdpi, with the common in-between ones), in px per dp.
    static let densities: [Double] = [0.75, 1, 1.5, 2, 2.625, 2.75, 3, 3.5, 4]

    /// The widest a phone's short side is, in dp.
    static let maxPhoneWidth = 430.0

    /// The density for a screen whose short side is `pixels` wide; nil for no measure.
    static func density(shortSide pixels: Double) -> Double? {
        guard pixels > 0, pixels.isFinite else { return nil }
        return densities.first { pixels / $0 <= maxPhoneWidth } ?? densities.last
    }

    /// The density of the dump whose frames are `frames`, in pixels.
    ///
    /// - Complexity: O(n) in the number of frames.
    static func density<S: Sequence>(of frames: S) -> Double? where S.Element == Frame? {
        var right = 0.0, bottom = 0.0
        for case let f? in frames {
            right = max(right, f.maxX)
            bottom = max(bottom, f.maxY)
        }
        return density(shortSide: bottom > 0 ? min(right, bottom) : right)
    }
}

extension Frame {
    /// This frame in `unit`, `factor` times as large (pixels → dp: 1 / density).
    func scaled(by factor: Double, to unit: FrameUnit) -> Frame {
        Frame(x: x * factor, y: y * factor, width: width * factor, height: height * factor, unit: unit)
    }
}
