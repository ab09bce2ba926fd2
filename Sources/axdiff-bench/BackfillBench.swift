import AXGit
import Foundation

/// `axdiff backfill` over the whole history against `git log -p --all`, and a
/// second backfill on the fully annotated repository against the first.
///
/// Each run gets a fresh copy of the generated repository (no notes); the copy
/// is untimed. git and axdiff alternate, so a noisy neighbour hurts both alike.
/// Every run's notes, on either layout, must be the same bytes: their md5 goes
/// into the table's footer, where a change of the notes' bytes shows.
struct BackfillBench {
    let options: Options
    let repository: Generator.Repository
    let axdiff: String
    let log: (String) -> Void

    func run(into table: inout Table) throws {
        let copy = (options.out as NSString).appendingPathComponent("work/backfill.git")
        var git: [Double] = [], first: [Double] = [], again: [Double] = []
        var digest: String?
        for run in 1...options.runs {
            try Subprocess.copy(repository.path, to: copy)
            git.append(try Measure.time {
                try Subprocess.run("git", ["--git-dir", copy, "log", "-p", "--all"])
            })
            first.append(try Measure.time {
                try Subprocess.run(axdiff, ["backfill", "--repo", copy])
            })
            try verify(copy, digest: &digest)
            again.append(try Measure.time {
                try Subprocess.run(axdiff, ["backfill", "--repo", copy])
            })
            log(String(format: "backfill run %d: git log -p %.2f s, axdiff backfill %.2f s, again %.3f s",
                       run, git[git.count - 1], first[first.count - 1], again[again.count - 1]))
        }
        let size = "\(options.commits) commits × \(options.screens) screens × \(options.stops) stops"
        table.add(.init(key: "backfill", what: "axdiff backfill, whole history (\(size), median of \(options.runs))",
                        unit: .seconds, value: Measure.median(first), reference: Measure.median(git),
                        referenceLabel: "git log -p --all", maxRatio: 1.0))
        // The layout users have: the same history after `git gc` (deltas across versions,
        // one pack), where fast-import's pack holds whole objects in commit order.
        let packed = (options.out as NSString).appendingPathComponent("work/backfill-gc-source.git")
        try Subprocess.copy(repository.path, to: packed)
        try Subprocess.run("git", ["--git-dir", packed, "gc", "--quiet"], stdout: packed + "-gc.log")
        var gcGit: [Double] = [], gcFirst: [Double] = []
        for run in 1...options.runs {
            try Subprocess.copy(packed, to: copy)
            gcGit.append(try Measure.time {
                try Subprocess.run("git", ["--git-dir", copy, "log", "-p", "--all"])
            })
            gcFirst.append(try Measure.time {
                try Subprocess.run(axdiff, ["backfill", "--repo", copy])
            })
            try verify(copy, digest: &digest)
            log(String(format: "backfill after git gc, run %d: git log -p %.2f s, axdiff backfill %.2f s",
                       run, gcGit[gcGit.count - 1], gcFirst[gcFirst.count - 1]))
        }
        table.add(.init(key: "backfill.gc", what: "axdiff backfill, the same history after git gc (median of \(options.runs))",
                        unit: .seconds, value: Measure.median(gcFirst), reference: Measure.median(gcGit),
                        referenceLabel: "git log -p --all", maxRatio: 1.0))
        table.notesDigest = digest
        table.add(.init(key: "backfill.rerun", what: "axdiff backfill again on the fully annotated repository",
                        unit: .seconds, value: Measure.median(again), reference: Measure.median(first),
                        referenceLabel: "first backfill", maxRatio: 0.1))
    }

    /// Every commit has its note (a fast backfill that skipped work would be no
    /// result), and the notes are the bytes of every other run's (`digest`, set by the first).
    private func verify(_ path: String, digest: inout String?) throws {
        let repo = try AXGit.Repository.open(path: path)
        let notes = try repo.annotatedCommits().count
        guard notes == options.commits else {
            throw Subprocess.Failure(description: "backfill wrote \(notes) notes for \(options.commits) commits")
        }
        let md5 = try Self.notesMD5(path, work: options.out)
        if let digest, digest != md5 {
            throw Subprocess.Failure(description: "backfill wrote different notes in two runs (md5 \(digest), then \(md5))")
        }
        digest = md5
    }

    /// The md5 of `git log --branches --notes=axdiff --format=%H%n%N`: each
    /// commit's id and its note, the figure BENCHMARKS.md quotes.
    static func notesMD5(_ path: String, work: String) throws -> String {
        let listing = (work as NSString).appendingPathComponent("work/notes.txt")
        try Subprocess.run("git", ["--git-dir", path, "log", "--branches", "--notes=axdiff", "--format=%H%n%N"], stdout: listing)
        let sum = try Subprocess.output("md5sum", [listing])
        guard let hex = sum.split(separator: " ").first, hex.count == 32 else {
            throw Subprocess.Failure(description: "md5sum printed '\(sum)'")
        }
        return String(hex)
    }
}
