import AXDiff
import AXReport
import AXSnapshot
import Foundation

/// The reading-order shape the sectioned screens never show: one flat list of
/// 10,000 and 100,000 stops, in one column (a settings list) and in two (a
/// product grid), with frames, 5 % of the stops read at random far places
/// (their frames stay, so each is a regression) and 1 % relabelled.
/// In-process diff times against the 10 ms budget and 15× that at ten
/// times the stops; the JSON report's size; and `axdiff diff` on the files of
/// each shape and size beside `git diff --no-index` on the same files, with
/// its peak resident memory on the 100,000-stop two-column files against ten
/// times their size.
struct FlatDiffBench {
    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        var cli: (old: String, new: String, bytes: Int)?
        for columns in [1, 2] {
            let small = try pair(stops: options.diffSmall, columns: columns)
            let large = try pair(stops: options.diffLarge, columns: columns)
            let tSmall = try time(small, columns: columns)
            let tLarge = try time(large, columns: columns)
            let shape = columns == 1 ? "one column" : "two columns"
            table.add(.init(key: "diff.flat\(columns)", what: "ScreenDiffer.diff, a flat list of \(options.diffSmall) stops in \(shape), 5 % moved far, 1 % relabelled (median of \(options.microRuns))",
                            unit: .seconds, value: tSmall, reference: 0.010 * Double(options.diffSmall) / 10_000,
                            referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
            table.add(.init(key: "diff.flat\(columns).scale", what: "the same at \(options.diffLarge) stops vs \(options.diffSmall)",
                            unit: .seconds, value: tLarge, reference: tSmall,
                            referenceLabel: "\(options.diffSmall) stops", maxRatio: 15.0 * Double(options.diffLarge / options.diffSmall) / 10))
            if columns == 2 {
                let report = DiffReport(screens: [ScreenDiffer.diff(old: small.old, new: small.new, path: "Snapshots/Catalog.json")], snapshotsCompared: 1)
                let json = Report.json.bytes(report, ReportContext(toolVersion: "axdiff-bench"))
                let changes = report.screens.first?.changes.count ?? 0
                log("flat \(options.diffSmall) stops: JSON report \(json.count) bytes, \(changes) changes")
                table.add(.init(key: "diff.flat.json", what: "JSON report of the \(options.diffSmall)-stop two-column diff (\(changes) changes)",
                                unit: .bytes, value: Double(json.count), reference: 1_048_576 * Double(options.diffSmall) / 10_000,
                                referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
                cli = try write(large, columns: columns)
            }
            let git = GitDiffReference(options: options, log: log)
            table.add(try git.row(key: "diff.flat\(columns).cli", what: "the flat \(options.diffSmall)-stop files in \(shape)",
                                  old: small.oldBytes, new: small.newBytes, name: "flat\(columns)-\(options.diffSmall)"))
            if columns == 1 {
                table.add(try git.row(key: "diff.flat1.cli.large", what: "the flat \(options.diffLarge)-stop files in \(shape)",
                                      old: large.oldBytes, new: large.newBytes, name: "flat1-\(options.diffLarge)"))
            }
        }
        guard let cli else { return }
        let axdiff = try options.axdiffBinary()
        let out = (options.out as NSString).appendingPathComponent("work/flat-report.json")
        var ours: [Double] = [], git: [Double] = [], peaks: [Double] = []
        for _ in 0..<max(1, options.runs) {
            let arguments = ["diff", "--format", "json", cli.old, cli.new]
            // axdiff exits 1 on error-level changes, git when the files differ.
            ours.append(try Measure.time { try Subprocess.run(axdiff, arguments, stdout: out, accept: [0, 1]) })
            git.append(try Measure.time { try Subprocess.run("git", ["diff", "--no-index", cli.old, cli.new], accept: [0, 1]) })
            peaks.append(try Subprocess.peakMemory(axdiff, arguments, stdout: out, accept: [0, 1]))
        }
        let (t, g, peak) = (Measure.median(ours), Measure.median(git), Measure.median(peaks))
        log(String(format: "flat %d stops: axdiff diff %.1f ms (peak %.1f MB), git diff --no-index %.1f ms, files %.1f MB",
                   options.diffLarge, t * 1e3, peak / 1_048_576, g * 1e3, Double(cli.bytes) / 1_048_576))
        table.add(.init(key: "diff.flat.cli", what: "axdiff diff --format json, the \(options.diffLarge)-stop two-column files (median of \(options.runs))",
                        unit: .seconds, value: t, reference: g, referenceLabel: "git diff --no-index", maxRatio: GitDiffReference.maxRatio))
        table.add(.init(key: "diff.flat.memory", what: "peak resident memory of that axdiff diff vs 10× the two files (\(Table.Unit.bytes.format(Double(cli.bytes))))",
                        unit: .bytes, value: peak, reference: 10 * Double(cli.bytes), referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
    }

    struct Pair {
        var oldBytes: [UInt8], newBytes: [UInt8]
        var old: Snapshot, new: Snapshot
    }

    /// Two versions of a flat list of `stops` stops.
    func pair(stops: Int, columns: Int) throws -> Pair {
        var rng = SplitMix64(seed: options.seed ^ UInt64(stops) ^ UInt64(columns << 40))
        var screen = BenchScreen(name: "Catalog", stops: stops, perSection: stops, columns: columns, rng: &rng)
        let oldBytes = screen.json()
        screen.scatter(fraction: 0.05, &rng)
        screen.relabel(fraction: 0.01, &rng)
        let newBytes = screen.json()
        return Pair(oldBytes: oldBytes, newBytes: newBytes,
                    old: try SnapshotReader.read(oldBytes, file: "Snapshots/Catalog.json"),
                    new: try SnapshotReader.read(newBytes, file: "Snapshots/Catalog.json"))
    }

    func time(_ p: Pair, columns: Int) throws -> Double {
        var result: ScreenDiff?
        let t = try Measure.median(runs: options.microRuns) {
            result = ScreenDiffer.diff(old: p.old, new: p.new, path: "Snapshots/Catalog.json")
        }
        let changes = result?.changes ?? []
        let order = changes.filter { $0.kind.isOrder }.count
        log(String(format: "flat diff, %d stops in %d column(s): %.2f ms, %d changes (%d order)",
                   p.new.stops.count, columns, t * 1e3, changes.count, order))
        guard order > 0 else { throw Subprocess.Failure(description: "the flat diff at \(p.new.stops.count) stops found no move") }
        return t
    }

    func write(_ p: Pair, columns: Int) throws -> (old: String, new: String, bytes: Int) {
        let dir = (options.out as NSString).appendingPathComponent("work")
        let old = (dir as NSString).appendingPathComponent("flat\(columns)-old.json")
        let new = (dir as NSString).appendingPathComponent("flat\(columns)-new.json")
        try Data(p.oldBytes).write(to: URL(fileURLWithPath: old))
        try Data(p.newBytes).write(to: URL(fileURLWithPath: new))
        return (old, new, p.oldBytes.count + p.newBytes.count)
    }
}
