#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// How an operation's time grows with its input: the check behind each
/// complexity claim in a doc comment. Ratios of times, never seconds: the
/// operation runs on an input of size n and of size k·n, and the ratio of the
/// two times is held against what the claim allows.
///
/// A shared, loaded machine only ever adds time, so each size keeps its
/// fastest of `samples` runs, the two sizes interleaved so that a burst of
/// load hits both; and a ratio over the bound is measured again (`attempts`
/// in all) before it counts: noise does not repeat, a wrong complexity does.
public enum Scaling {
    /// What a claim lets the time do when the input grows k-fold.
    public enum Growth: CustomStringConvertible, Sendable {
        /// O(1) or O(log n): the time may not follow the input.
        case constant
        /// O(n) or O(n log n): k-fold, up to a logarithm.
        case linear
        /// O(n²), or O(n · m) with both growing.
        case quadratic

        /// The ratio allowed at a k-fold input: four times the claim's own
        /// figure (the logarithm, and an input that fitted a cache where the
        /// larger one does not: that alone measured 2–2.5× here), still half
        /// the next class up when k ≥ 8 (a linear claim at k = 8 allows 32×,
        /// where quadratic work takes 64×).
        public func bound(_ k: Double) -> Double {
            switch self {
            case .constant: return 3
            case .linear: return 4 * k
            case .quadratic: return 4 * k * k
            }
        }

        public var description: String {
            switch self {
            case .constant: return "constant"
            case .linear: return "linear"
            case .quadratic: return "quadratic"
            }
        }
    }

    /// One measured ratio.
    public struct Measurement: CustomStringConvertible, Sendable {
        public var small: Double
        public var large: Double
        public var ratio: Double { large / max(small, 1e-9) }
        public var description: String {
            String(format: "%.3g ms → %.3g ms, %.1f×", small * 1e3, large * 1e3, ratio)
        }
    }

    /// Checks that `operation(k·n)` takes at most `growth.bound(k)` times as
    /// long as `operation(n)`. `prepare(size)` builds the input (untimed) and
    /// returns the work to time; it runs once per size. Returns nil when the
    /// claim holds, else a message naming the claim, the sizes, every
    /// attempt's figures and `seed` (the input's seed, when it has one).
    ///
    /// The small size is repeated until a run takes about 5 ms, and the large
    /// one as often, so that the clock's resolution does not decide. Give n
    /// large enough that both sizes leave the cache alike (a megabyte or so of
    /// input), or the small one gets a head start no claim accounts for.
    public static func check(_ claim: String, _ growth: Growth, n: Int, k: Int = 8, seed: UInt64? = nil,
                             samples: Int = 3, attempts: Int = 3,
                             prepare: (Int) -> () -> Void) -> String? {
        let small = prepare(n), large = prepare(n * k)
        // Warm both up (first-touch page faults, lazily built tables), then repeat the
        // small one until it takes 5 ms.
        small()
        large()
        var repeats = 1
        while repeats < 1 << 16 {
            // The faster of two: a burst of load must not stop the count short.
            let t = min(time(repeats, small), time(repeats, small))
            if t >= 0.005 { break }
            repeats *= t < 0.0005 ? 8 : 2
        }
        let bound = growth.bound(Double(k))
        var seen: [Measurement] = []
        for _ in 0..<max(1, attempts) {
            var best = Measurement(small: .infinity, large: .infinity)
            for _ in 0..<max(1, samples) {
                best.small = min(best.small, time(repeats, small))
                best.large = min(best.large, time(repeats, large))
            }
            seen.append(best)
            if best.ratio <= bound {
                print("Scaling: \(claim) is \(growth) (n = \(n), ×\(k)): \(best), bound \(Int(bound))×")
                return nil
            }
        }
        return "\(claim) is claimed \(growth), but \(k)× the input (n = \(n) → \(n * k)) took "
            + seen.map { String(format: "%.1f×", $0.ratio) }.joined(separator: ", ")
            + " the time (bound \(Int(bound))×; \(seen.map(\.description).joined(separator: "; ")))"
            + (seed.map { "; seed \($0)" } ?? "")
    }

    public static func time(_ repeats: Int, _ work: () -> Void) -> Double {
        let start = now()
        for _ in 0..<repeats { work() }
        return now() - start
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
