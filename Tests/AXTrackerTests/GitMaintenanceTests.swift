import AXGit
import AXTracker
import AXTestSupport
import Foundation
import XCTest

/// What a run leaves to git (`GitMaintenance`), on real repositories read back with git: past
/// `GitMaintenance.packLimit` packs, those a run wrote are merged by `git repack --geometric`
/// (below it they are left), git's own `gc --auto` repacks past the user's
/// `gc.autoPackLimit`, `gc.auto=0` stops both, a `gc.pid` held by another gc makes git's part
/// a no-op, a gc that fails is one log line — and every note stays readable through all of it.
final class GitMaintenanceTests: XCTestCase {
    /// A history of `count` commits, each changing one of four screens (which one, and its
    /// labels, from `seed`), imported with `git fast-import` (one pack; fast-import runs no gc).
    func history(_ repo: GitFixture, count: Int, seed: UInt64, from start: Int = 0, parent: Bool = false) throws {
        var rng = SeededGenerator(seed: seed)
        var stream = ""
        for n in start..<start + count {
            let screen = Int.random(in: 0..<4, using: &rng)
            let labels = (0..<Int.random(in: 2...6, using: &rng)).map { _ in ("button", "Item \(Int.random(in: 0..<9, using: &rng))") }
            let content = screenJSON("S\(screen)", labels)
            let message = "change \(n)\n"
            stream += "commit refs/heads/main\ncommitter T <t@example.com> \(1_700_000_000 + n) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)"
            if parent && n == start { stream += "from refs/heads/main^0\n" }
            stream += "M 100644 inline Snapshots/S\(screen).json\ndata \(content.utf8.count)\n\(content)\n"
        }
        try repo.git(["fast-import", "--quiet"], stdin: stream)
    }

    /// Annotates every pending commit, in notes commits of at least 40 notes (a pack each).
    @discardableResult
    func annotate(_ repo: GitFixture, log: @escaping (String) -> Void = { XCTFail("unexpected log line: \($0)") }) throws -> Annotator.Summary {
        let repository = try Repository.open(path: repo.path)
        let annotator = Annotator(repository: repository, options: .init(batchSize: 40, jobs: 1), log: log)
        return try annotator.annotate(try annotator.pending(tips: [try repository.referenceTarget("refs/heads/main")!]))
    }

    func packs(_ repo: GitFixture) -> Int {
        let dir = repo.path + "/.git/objects/pack"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".pack") }.count
    }

    func looseObjects(_ repo: GitFixture) throws -> Int {
        let counts = try repo.git(["count-objects", "-v"])
        let line = counts.split(separator: "\n").first { $0.hasPrefix("count: ") }
        return Int(line?.dropFirst("count: ".count) ?? "") ?? -1
    }

    /// Every commit's note as git shows it (`git log --notes`), in one call.
    func notes(_ repo: GitFixture) throws -> String {
        try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"])
    }

    /// The repository passes git's checks, the notes are `expected` notes for as many commits,
    /// and a multi-pack-index, where git's maintenance wrote one, verifies.
    func assertSound(_ repo: GitFixture, notes expected: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try repo.git(["fsck", "--strict", "--no-progress"])
        if FileManager.default.fileExists(atPath: repo.path + "/.git/objects/pack/multi-pack-index") {
            try repo.git(["multi-pack-index", "verify", "--no-progress"])
        }
        XCTAssertEqual(try repo.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n").count, count, file: file, line: line)
        XCTAssertEqual(try notes(repo), expected, file: file, line: line)
    }

    /// A history imported in `parts` packs of 30 commits (fast-import runs one after another;
    /// fewer than 100 objects it would write loose).
    func history(_ repo: GitFixture, parts: Int, seed: UInt64) throws {
        for part in 0..<parts { try history(repo, count: 30, seed: seed &+ UInt64(part), from: part * 30, parent: part > 0) }
    }

    func testPastThePackLimitTheRunsPacksAreMergedByGitAndGcAutoZeroStopsIt() throws {
        let seed: UInt64 = 0x6A101
        // The same history twice, in 8 packs: once as git's defaults leave it, once with gc.auto=0.
        let merged = try GitFixture(self), kept = try GitFixture(self)
        for repo in [merged, kept] { try history(repo, parts: 8, seed: seed) }
        try kept.git(["config", "gc.auto", "0"])
        XCTAssertEqual(packs(merged), 8)
        XCTAssertEqual(try annotate(merged).notesWritten, 240, "seed \(seed)")
        XCTAssertEqual(try annotate(kept).notesWritten, 240, "seed \(seed)")
        // With gc.auto=0 nothing is merged: a pack per notes commit beside the history's 8.
        let written = packs(kept) - 8
        XCTAssertGreaterThan(8 + written, GitMaintenance.packLimit, "seed \(seed)")
        XCTAssertEqual(try looseObjects(kept), 0)
        // Otherwise git merged the packs (8 of the same size, and the run's): at most two left.
        XCTAssertLessThanOrEqual(packs(merged), 2, "seed \(seed): \(written) packs written")
        print("seed \(seed): \(8 + written) packs after the run with gc.auto=0, \(packs(merged)) with git's defaults")
        try assertSound(merged, notes: try notes(kept), count: 240)
        try assertSound(kept, notes: try notes(merged), count: 240)
        // The notes are those git would read on any layout: the same bytes after `git gc`.
        try kept.git(["gc", "-q"])
        XCTAssertEqual(try notes(kept), try notes(merged), "seed \(seed)")
    }

    func testBelowThePackLimitTheRunsPacksAreLeftAsTheyAre() throws {
        let seed: UInt64 = 0x6A102
        let repo = try GitFixture(self)
        try history(repo, count: 240, seed: seed)
        XCTAssertEqual(packs(repo), 1, "fast-import wrote one pack")
        XCTAssertEqual(try annotate(repo).notesWritten, 240, "seed \(seed)")
        let after = packs(repo)
        XCTAssertGreaterThanOrEqual(after, 5, "seed \(seed): a pack per notes commit, none merged")
        XCTAssertLessThanOrEqual(after, GitMaintenance.packLimit, "seed \(seed)")
        print("seed \(seed): \(after) packs after the run, left as they are")
        XCTAssertEqual(try looseObjects(repo), 0)
        try assertSound(repo, notes: try notes(repo), count: 240)
    }

    /// A history in `count` packs (fast-import runs one after another), annotated with gc.auto=0,
    /// then `more` commits on top that the test then annotates: loose notes, no pack.
    func manyPacks(_ count: Int, more: Int, seed: UInt64) throws -> GitFixture {
        let repo = try GitFixture(self)
        try repo.git(["config", "gc.auto", "0"])
        for part in 0..<count { try history(repo, count: 40, seed: seed &+ UInt64(part), from: part * 40, parent: part > 0) }
        try annotate(repo)
        try history(repo, count: more, seed: seed ^ 0xFF, from: count * 40, parent: true)
        try repo.git(["config", "--unset", "gc.auto"])
        return repo
    }

    func testGitsGcAutoRepacksPastTheUsersPackLimitAfterARoundOfLooseNotes() throws {
        let seed: UInt64 = 0x6A103
        let repo = try manyPacks(3, more: 3, seed: seed)
        let before = packs(repo)
        XCTAssertGreaterThan(before, 5, "seed \(seed)")
        try repo.git(["config", "gc.autoPackLimit", "4"])
        let summary = try annotate(repo)
        XCTAssertEqual(summary.notesWritten, 3, "seed \(seed)")
        // git's gc --auto saw more packs than the limit and repacked them all: one pack, no
        // loose object (the round's three notes were written loose).
        XCTAssertEqual(packs(repo), 1, "seed \(seed): \(before) packs before")
        print("seed \(seed): \(before) packs, gc.autoPackLimit 4: \(packs(repo)) after the round")
        XCTAssertEqual(try looseObjects(repo), 0, "seed \(seed)")
        let expected = try notes(repo)
        try assertSound(repo, notes: expected, count: 123)
        XCTAssertNotNil(repo.note("main"), "seed \(seed): the round's last commit")
    }

    func testAGcHoldingGcPidMakesGitsPartANoOpAndTheRunSucceeds() throws {
        let seed: UInt64 = 0x6A104
        let repo = try manyPacks(3, more: 3, seed: seed)
        try repo.git(["config", "gc.autoPackLimit", "4"])
        let before = packs(repo)
        // Another gc on this host, alive (this test's own pid), as git writes `gc.pid`.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        try "\(getpid()) \(String(cString: host))".write(toFile: repo.path + "/.git/gc.pid", atomically: true, encoding: .utf8)
        XCTAssertEqual(try annotate(repo).notesWritten, 3, "seed \(seed)")
        XCTAssertEqual(packs(repo), before, "seed \(seed): git's gc waited for the other gc")
        XCTAssertGreaterThan(try looseObjects(repo), 0)
        try assertSound(repo, notes: try notes(repo), count: 123)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repo.path + "/.git/gc.pid"), "the other gc's pid file stays")
    }

    func testAFailingGitMaintenanceIsALogLineAndTheNotesAreWritten() throws {
        let seed: UInt64 = 0x6A105
        let repo = try GitFixture(self)
        try history(repo, parts: 8, seed: seed)
        // git's gc refuses to start on a setting it cannot parse.
        try repo.git(["config", "gc.pruneExpire", "not-a-date"])
        var lines: [String] = []
        XCTAssertEqual(try annotate(repo) { lines.append($0) }.notesWritten, 240, "seed \(seed)")
        XCTAssertEqual(lines.count, 1, "seed \(seed): \(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("git maintenance run --auto --quiet failed (128): error: Invalid gc.pruneexpire: 'not-a-date'; fatal:") == true, "\(lines)")
        XCTAssertTrue(lines.first?.hasSuffix("; git's maintenance is left for later") == true, "\(lines)")
        XCTAssertFalse(lines.first?.contains("notes") == true, "the line says what happened to git's maintenance only: \(lines)")
        // The merge of the packs, which reads no gc setting, was done.
        XCTAssertLessThanOrEqual(packs(repo), 2, "seed \(seed)")
        try repo.git(["config", "--unset", "gc.pruneExpire"])
        try assertSound(repo, notes: try notes(repo), count: 240)
    }
}
