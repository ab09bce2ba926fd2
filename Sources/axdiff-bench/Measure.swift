#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Wall-clock timing and resident memory, the way the benchmark quotes them:
/// medians of several runs (a shared, noisy machine makes means lie), time
/// from CLOCK_MONOTONIC, memory from /proc/PID/status.
enum Measure {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// The median of `runs` timings of `body`; `prepare` runs before each, untimed.
    static func median(runs: Int, prepare: () throws -> Void = {}, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            try prepare()
            samples.append(try time(body))
        }
        return median(samples)
    }

    static func median(_ samples: [Double]) -> Double {
        percentile(samples, 0.5)
    }

    /// The nearest-rank percentile (p in 0...1); for p = 0.5 and an even count,
    /// the mean of the two middle samples.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        if p == 0.5 {
            let mid = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// Resident memory of a process, in bytes.
    struct Memory {
        /// VmRSS: resident now.
        var rss: Double
        /// VmHWM: the peak resident size so far.
        var peak: Double
    }

    /// Reads VmRSS and VmHWM of `pid` from /proc; nil when the process is gone.
    static func memory(pid: Int32) -> Memory? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        var rss: Double?, peak: Double?
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kb = Double(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = kb * 1024 }
            if fields[0] == "VmHWM:" { peak = kb * 1024 }
        }
        guard let rss, let peak else { return nil }
        return Memory(rss: rss, peak: peak)
    }
}
