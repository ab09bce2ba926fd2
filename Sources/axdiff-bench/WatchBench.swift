#if canImport(Glibc)
import Glibc
#endif
import AXGit
import AXProcess
import Foundation

/// The running watcher (`axdiff watch`, release binary, no `--once`) on a
/// fresh copy of the repository:
/// 1. it backfills the whole history; then its resident memory (VmRSS) is read;
/// 2. `main` moves onto 100 new commits, one at a time; for each, the time from
///    the ref update to the commit's note being readable;
/// 3. 1,000 more commits, one at a time; VmRSS before and after.
///
/// The ref is moved as git moves it — `refs/heads/main.lock` written, then
/// renamed over `refs/heads/main` — and the clock starts just before the
/// rename. The benchmark then polls the notes ref *file* every 0.25 ms and,
/// each time its content changes, asks `Repository.noteExists` (AXGit, a
/// handle kept open) whether the commit has its note; the clock stops there.
struct WatchBench {
    let options: Options
    let repository: Generator.Repository
    let axdiff: String
    let log: (String) -> Void

    static let timeout = 30.0

    func run(into table: inout Table) throws {
        let copy = (options.out as NSString).appendingPathComponent("work/watch.git")
        try Subprocess.copy(repository.path, to: copy)
        let watchLog = (options.out as NSString).appendingPathComponent("work/watch.log")
        let process = try Subprocess.start(axdiff, ["watch", "--repo", copy], stdout: watchLog)
        defer {
            if process.isRunning {
                process.signal(SIGTERM)
                _ = process.waitForExit(timeout: 60)
            }
        }
        let pid = process.pid
        let repo = try AXGit.Repository.open(path: copy)
        let notesFile = (repo.commonDir as NSString).appendingPathComponent(RefName.defaultNotes)
        guard let tip = ObjectID(hex: repository.mainTip) else { throw Subprocess.Failure(description: "bad tip \(repository.mainTip)") }

        // 1. The backfill, done by the watcher itself.
        let backfill = try Measure.time {
            try waitFor(timeout: 3600, process: process) { (try? repo.noteExists(for: tip)) ?? false }
        }
        usleep(300_000)
        guard let afterBackfill = Measure.memory(pid: pid) else { throw Subprocess.Failure(description: "the watcher exited; see \(watchLog)") }
        log(String(format: "watch: backfilled %d commits in %.2f s; VmRSS %.1f MB, VmHWM %.1f MB", options.commits, backfill,
                   afterBackfill.rss / 1_048_576, afterBackfill.peak / 1_048_576))

        // 2. Latency, one commit at a time.
        let refFile = (repo.commonDir as NSString).appendingPathComponent(RefName.branch("main"))
        var latencies: [Double] = []
        var index = 0
        for _ in 0..<options.latencyCommits {
            latencies.append(try advance(to: repository.extra[index], refFile: refFile, notesFile: notesFile, repo: repo, process: process))
            index += 1
        }
        usleep(300_000)
        guard let before = Measure.memory(pid: pid) else { throw Subprocess.Failure(description: "the watcher exited; see \(watchLog)") }

        // 3. Growth over more commits.
        for _ in 0..<options.growthCommits {
            _ = try advance(to: repository.extra[index], refFile: refFile, notesFile: notesFile, repo: repo, process: process)
            index += 1
        }
        usleep(300_000)
        guard let after = Measure.memory(pid: pid) else { throw Subprocess.Failure(description: "the watcher exited; see \(watchLog)") }
        log(String(format: "watch: latency median %.1f ms, p95 %.1f ms; VmRSS %.1f MB after %d commits, %.1f MB after %d more (VmHWM %.1f MB)",
                   Measure.median(latencies) * 1e3, Measure.percentile(latencies, 0.95) * 1e3,
                   before.rss / 1_048_576, options.latencyCommits, after.rss / 1_048_576, options.growthCommits, after.peak / 1_048_576))

        process.signal(SIGTERM)
        _ = process.waitForExit(timeout: 60)

        table.add(.init(key: "watch.latency", what: "axdiff watch: ref update → note readable, median of \(options.latencyCommits) single commits",
                        unit: .seconds, value: Measure.median(latencies), reference: 0.100, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        table.add(.init(key: "watch.latency.p95", what: "axdiff watch: ref update → note readable, 95th percentile",
                        unit: .seconds, value: Measure.percentile(latencies, 0.95), reference: 0.250, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        table.add(.init(key: "watch.rss", what: "axdiff watch: VmRSS after backfilling \(options.commits) commits (VmHWM \(Table.Unit.bytes.format(afterBackfill.peak)))",
                        unit: .bytes, value: afterBackfill.rss, reference: 64 * 1_048_576, referenceLabel: "", referenceIsBudget: true, maxRatio: 1.0))
        table.add(.init(key: "watch.rss.growth", what: "axdiff watch: VmRSS after \(options.growthCommits) more commits vs before them (≤ 5% noise)",
                        unit: .bytes, value: after.rss, reference: before.rss, referenceLabel: "before", maxRatio: 1.05))
    }

    /// Moves `main` to `commit` the way git does and returns the seconds until its note is readable.
    private func advance(to commit: String, refFile: String, notesFile: String, repo: AXGit.Repository, process: BackgroundProcess) throws -> Double {
        guard let id = ObjectID(hex: commit) else { throw Subprocess.Failure(description: "bad commit id \(commit)") }
        let lock = refFile + ".lock"
        try (commit + "\n").write(toFile: lock, atomically: false, encoding: .utf8)
        var seen = Self.contents(notesFile)
        let start = Measure.now()
        guard rename(lock, refFile) == 0 else { throw Subprocess.Failure(description: "cannot rename \(lock): errno \(errno)") }
        while true {
            let current = Self.contents(notesFile)
            if current != seen {
                seen = current
                if try repo.noteExists(for: id) { return Measure.now() - start }
            }
            guard Measure.now() - start < Self.timeout, process.isRunning else {
                throw Subprocess.Failure(description: "no note for \(commit) after \(Self.timeout) s")
            }
            usleep(250)
        }
    }

    private func waitFor(timeout: Double, process: BackgroundProcess, _ condition: () -> Bool) throws {
        let start = Measure.now()
        while !condition() {
            guard process.isRunning else { throw Subprocess.Failure(description: "the watcher exited early") }
            guard Measure.now() - start < timeout else { throw Subprocess.Failure(description: "the watcher did not finish in \(Int(timeout)) s") }
            usleep(50_000)
        }
    }

    /// The bytes of a small file (a ref), or empty when it does not exist.
    static func contents(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? Array(buffer[0..<n]) : []
    }
}
