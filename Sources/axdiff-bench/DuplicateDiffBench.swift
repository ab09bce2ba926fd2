import AXDiff
import AXSnapshot
import Foundation

/// The shape where most stops share their id and label: a list of rows of
/// five stops, one id per column ("name", "status", "age", "favorite",
/// "delete"), one name unique per row and the age a Playwright pattern, at
/// 10,000 and 100,000 stops; 5 % of the rows inserted and 5 % moved. Matching
/// must pair rows by their neighbours here, not by rank. In-process diff
/// times against the sectioned screen of the same size (≤ 2×) and at ten
/// times the stops (≤ 12×); at both sizes `axdiff diff --format json` on the
/// same two files against `git diff --no-index`.
struct DuplicateDiffBench {
    let options: Options
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        let sections = DiffBench(options: options, log: log)
        let small = try time(stops: options.diffSmall)
        let large = try time(stops: options.diffLarge)
        let sectioned = try sections.measure(stops: options.diffSmall)
        table.add(.init(key: "diff.dup", what: "ScreenDiffer.diff, rows of five stops sharing ids and labels, \(options.diffSmall) stops, 5 % rows inserted, 5 % moved (median of \(options.microRuns))",
                        unit: .seconds, value: small, reference: sectioned,
                        referenceLabel: "sectioned screen, \(options.diffSmall) stops", maxRatio: 2.0))
        table.add(.init(key: "diff.dup.scale", what: "the same at \(options.diffLarge) stops vs \(options.diffSmall)",
                        unit: .seconds, value: large, reference: small,
                        referenceLabel: "\(options.diffSmall) stops", maxRatio: 12.0 * Double(options.diffLarge / options.diffSmall) / 10))
        let git = GitDiffReference(options: options, log: log)
        for (key, stops) in [("diff.dup.cli", options.diffSmall), ("diff.dup.cli.large", options.diffLarge)] {
            let (old, new, _) = Self.versions(rows: stops / 5, seed: options.seed ^ UInt64(stops))
            table.add(try git.row(key: key, what: "the duplicate-row \(stops)-stop files", old: old, new: new, name: "duplicates\(stops)"))
        }
    }

    func time(stops: Int) throws -> Double {
        let (oldBytes, newBytes, inserted) = Self.versions(rows: stops / 5, seed: options.seed ^ UInt64(stops))
        let old = try SnapshotReader.read(oldBytes, file: "Snapshots/Customers.json")
        let new = try SnapshotReader.read(newBytes, file: "Snapshots/Customers.json")
        var result: ScreenDiff?
        let t = try Measure.median(runs: options.microRuns) {
            result = ScreenDiffer.diff(old: old, new: new, path: "Snapshots/Customers.json")
        }
        let changes = result?.changes ?? []
        let added = changes.filter { $0.kind == .stopAdded }.count
        let order = changes.filter { $0.kind.isOrder }.count
        log(String(format: "duplicate rows, %d stops: %.2f ms, %d changes (%d stops added of %d inserted, %d order)",
                   new.stops.count, t * 1e3, changes.count, added, inserted * 5, order))
        guard added == inserted * 5 else {
            throw Subprocess.Failure(description: "the duplicate-row diff at \(stops) stops found \(added) stops added, not \(inserted * 5)")
        }
        return t
    }

    /// Two versions of a list of `rows` rows as axsnapshot JSON, and how many rows were inserted.
    static func versions(rows: Int, seed: UInt64) -> (old: [UInt8], new: [UInt8], inserted: Int) {
        var rng = SplitMix64(seed: seed)
        let old = Array(0..<rows)
        var new = old
        let inserted = max(1, rows / 20)
        for x in 0..<inserted { new.insert(rows + x, at: rng.below(new.count + 1)) }
        for _ in 0..<max(1, rows / 20) {
            let r = new.remove(at: rng.below(new.count))
            new.insert(r, at: rng.below(new.count + 1))
        }
        return (json(old), json(new), inserted)
    }

    /// Each row is read in place: a moved row's frames follow it.
    static func json(_ rows: [Int]) -> [UInt8] {
        var out = "{\"axsnapshot\": 1, \"screen\": \"Customers\", \"platform\": \"android\", \"elements\": [\n"
        for (place, k) in rows.enumerated() {
            let y = place * 52
            let cells: [(String, String, String, Int)] = [
                ("name", "text", "Customer \(k)", 0), ("status", "text", k % 3 == 0 ? "Pending" : "Shipped", 120),
                ("age", "cell", "…", 200), ("favorite", "button", "Favorite", 260), ("delete", "button", "Delete", 320),
            ]
            for (c, cell) in cells.enumerated() {
                let comma = place == rows.count - 1 && c == cells.count - 1 ? "" : ","
                out += "{\"id\": \"\(cell.0)\", \"role\": \"\(cell.1)\", \"label\": \"\(cell.2)\", \"frame\": [\(cell.3), \(y), 56, 48]}\(comma)\n"
            }
        }
        out += "]}\n"
        return Array(out.utf8)
    }
}
