import AXDiff
import AXSnapshot
import Foundation

/// One `ScreenDiffer.diff` (in process) at 10,000 stops against a 10 ms
/// budget, and at 100,000 stops against 15× the 10,000 figure; at both sizes
/// `axdiff diff --format json` on the same two files against `git diff --no-index`. The new
/// version carries what a real commit does: a few spoken and visual moves,
/// relabels, a stop added and one removed, a merge, a section moved on screen.
struct DiffBench {
    let options: Options
    let log: (String) -> Void

    static let edits: [BenchScreen.Mutation] = [
        .move, .move, .move, .moveVisual, .moveVisual, .relabel, .relabel, .relabel, .relabel, .relabel,
        .labelLost, .add, .remove, .merge, .value, .state, .shift,
    ]

    func run(into table: inout Table) throws {
        let small = try measure(stops: options.diffSmall)
        let large = try measure(stops: options.diffLarge)
        table.add(.init(key: "diff", what: "ScreenDiffer.diff, one screen of \(options.diffSmall) stops, \(Self.edits.count) edits (median of \(options.microRuns))",
                        unit: .seconds, value: small, reference: 0.010 * Double(options.diffSmall) / 10_000,
                        referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        table.add(.init(key: "diff.scale", what: "ScreenDiffer.diff at \(options.diffLarge) stops vs \(options.diffSmall)",
                        unit: .seconds, value: large, reference: small,
                        referenceLabel: "\(options.diffSmall) stops", maxRatio: 15.0 * Double(options.diffLarge / options.diffSmall) / 10))
        let git = GitDiffReference(options: options, log: log)
        for (key, stops) in [("diff.cli", options.diffSmall), ("diff.cli.large", options.diffLarge)] {
            let (old, new) = versions(stops: stops)
            table.add(try git.row(key: key, what: "the sectioned \(stops)-stop files", old: old, new: new, name: "sectioned\(stops)"))
        }
    }

    /// Two versions of a sectioned screen of `stops` stops as axsnapshot JSON, the edits applied to the second.
    func versions(stops: Int) -> (old: [UInt8], new: [UInt8]) {
        var rng = SplitMix64(seed: options.seed ^ UInt64(stops))
        var screen = BenchScreen(name: "Catalog", stops: stops, rng: &rng)
        let oldBytes = screen.json()
        // Spread the edits over the screen as the mutations choose sections at random.
        for edit in Self.edits { screen.apply(edit, &rng) }
        return (oldBytes, screen.json())
    }

    /// The median time of one diff between two generated versions of a screen of `stops` stops.
    func measure(stops: Int) throws -> Double {
        let (oldBytes, newBytes) = versions(stops: stops)
        let old = try SnapshotReader.read(oldBytes, file: "Snapshots/Catalog.json")
        let new = try SnapshotReader.read(newBytes, file: "Snapshots/Catalog.json")
        var result: ScreenDiff?
        let time = try Measure.median(runs: options.microRuns) {
            result = ScreenDiffer.diff(old: old, new: new, path: "Snapshots/Catalog.json")
        }
        let changes = result?.changes.count ?? 0
        log(String(format: "diff at %d stops: %.2f ms, %d changes", stops, time * 1e3, changes))
        guard changes > 0 else { throw Subprocess.Failure(description: "the diff at \(stops) stops found no change") }
        return time
    }
}
