import AXGit
import Foundation

/// Peak resident memory of `axdiff backfill` itself (git's maintenance off) at two history
/// lengths (default 25,000 and 100,000 commits of the usual screens): under a fixed budget at
/// both, and the longer history's peak against the shorter's, which stays flat when nothing
/// grows with the history. The histories differ in length only: their screens keep their
/// size (`Generator.Parameters.steadyScreens`; the generator's edits alone double a screen
/// over 100,000 commits, and a screen twice the size takes more memory to compare).
/// The peak is the child's `RUSAGE_CHILDREN` high-water mark (`Subprocess.peakMemory`), as for
/// `diff.flat.memory`: the median of `runs` runs (the same binary's peak at 100,000 commits
/// ranged over 10 MB from one run to the next), each on a fresh copy, and the bench checks
/// that every commit got its note. A last row compares the peaks of axdiff's anonymous memory
/// alone (its heap and stacks: resident memory less the files it maps), as sampled: the pack
/// index of the history, which libgit2 maps whole and whose pages a long backfill all reads,
/// grows with the history where axdiff's own memory does not.
struct MemoryBench {
    let options: Options
    let axdiff: String
    let log: (String) -> Void
    /// A long backfill stays within 128 MB, whatever the length of the history.
    static let budget = 128.0 * 1_048_576
    /// Runs at each length (one with `--quick`).
    var runs: Int { options.quick ? 1 : 3 }

    func run(into table: inout Table) throws {
        let lengths = [options.memoryCommits / 4, options.memoryCommits]
        var peaks: [Double] = [], anonymousPeaks: [Double] = []
        for commits in lengths {
            var p = options.parameters
            p.commits = commits
            p.extra = 0
            p.steadyScreens = true
            let dir = (options.out as NSString).appendingPathComponent("gen-memory-steady-\(p.commits)x\(p.screens)x\(p.stops)-\(p.seed)")
            let repository = try Generator(parameters: p).prepare(in: dir, log: log)
            let copy = (options.out as NSString).appendingPathComponent("work/memory.git")
            var runPeaks: [Double] = [], runAnonymous: [Double] = []
            for run in 1...runs {
                try Subprocess.copy(repository.path, to: copy)
                // axdiff's own peak: the peak of a child counts the processes it waits for, and the
                // git repack a run ends with peaks higher than axdiff on a long history (184 MB at
                // 100,000 commits). `gc.auto=0` turns git's maintenance off, as a user can.
                try Subprocess.run("git", ["--git-dir", copy, "config", "gc.auto", "0"])
                var peak = 0.0, anonymous = 0.0
                let seconds = try Measure.time {
                    (peak, anonymous) = try Subprocess.peakMemoryParts(axdiff, ["backfill", "--repo", copy], stdout: copy + "-backfill.log")
                }
                let notes = try AXGit.Repository.open(path: copy).annotatedCommits().count
                guard notes == commits else {
                    throw Subprocess.Failure(description: "backfill wrote \(notes) notes for \(commits) commits")
                }
                log(String(format: "memory: backfill of %d commits, run %d: peaked at %.1f MB (anonymous %.1f MB) in %.1f s",
                           commits, run, peak / 1_048_576, anonymous / 1_048_576, seconds))
                runPeaks.append(peak)
                runAnonymous.append(anonymous)
            }
            let peak = runPeaks.sorted()[runPeaks.count / 2]
            peaks.append(peak)
            anonymousPeaks.append(runAnonymous.sorted()[runAnonymous.count / 2])
            table.add(.init(key: commits == lengths[0] ? "backfill.memory" : "backfill.memory.long",
                            what: "peak resident memory of axdiff backfill, \(commits) commits × \(p.screens) screens × \(p.stops) stops"
                                + (runs > 1 ? ", median of \(runs)" : ""),
                            unit: .bytes, value: peak, reference: Self.budget, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        }
        table.add(.init(key: "backfill.memory.scale",
                        what: "that peak at \(lengths[1]) commits vs \(lengths[0]) (independent of the history: ≤ 1.15×)",
                        unit: .bytes, value: peaks[1], reference: peaks[0], referenceLabel: "\(lengths[0]) commits", maxRatio: 1.15))
        table.add(.init(key: "backfill.memory.anon.scale",
                        what: "the same for the peak of axdiff's anonymous memory alone (no mapped files; sampled every 10 ms)",
                        unit: .bytes, value: anonymousPeaks[1], reference: anonymousPeaks[0], referenceLabel: "\(lengths[0]) commits",
                        maxRatio: 1.15))
    }
}
