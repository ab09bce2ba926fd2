import AXGit
import AXWatch
import Foundation
import XCTest

/// Commits analysed on several threads give what one thread gives.
final class ParallelAnalysisTests: XCTestCase {
    /// 70 commits as one `git fast-import` stream: three screens change in
    /// turn through three orders (drift, a lost label), one change in eleven
    /// is docs only, one in thirteen writes a snapshot cut short.
    static let history: String = {
        let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again"), ("button", "Support")])
        let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number"), ("button", "Support")])
        let orders = [good, drifted, screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again"), ("image", "icon_card")])]
        var stream = ""
        for n in 0..<70 {
            let path = n % 11 == 10 ? "docs/notes.md" : "Snapshots/S\(n % 3).json"
            let content = n % 11 == 10 ? "docs \(n)\n" : (n % 13 == 12 ? "{\"axsnapshot\": 1, \"elements\": [" : orders[(n / 3) % 3])
            let message = "change \(n)\n"
            stream += "commit refs/heads/main\ncommitter T <t@example.com> \(1_700_000_000 + n) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)M 100644 inline \(path)\ndata \(content.utf8.count)\n\(content)\n"
        }
        return stream
    }()

    /// A bare repository holding `history`, and a handle on it.
    func imported() throws -> (GitFixture, Repository) {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: Self.history)
        return (repo, try Repository.open(path: repo.path))
    }

    /// The history annotated on one thread, a notes commit per batch of 7: what every other
    /// way of annotating it must give.
    func annotatedOnOneThread() throws -> GitFixture {
        let (reference, single) = try imported()
        let one = Annotator(repository: single, options: .init(batchSize: 7, jobs: 1))
        try one.annotate(try one.pending(tips: try single.references(matching: ["refs/heads/*"]).map(\.commit)))
        return reference
    }

    /// Several threads analyse contiguous batches: the notes are those of one thread, written
    /// in history order — one notes commit per batch on one thread (analyses that keep their
    /// stops); on several, batches found analysed already when the one before them is written
    /// share its commit.
    func testParallelAnalysisWritesTheSameNotesAsOneThread() throws {
        var logs: [String] = []
        for jobs in [1, 3] {
            let (repo, repository) = try imported()
            let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: jobs))
            let pending = try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            XCTAssertEqual(pending.count, 70)
            var batches: [Int] = []
            let summary = try annotator.annotate(pending) { batches.append($0.count) }
            XCTAssertEqual(summary.notesWritten, 70)
            XCTAssertGreaterThan(summary.unreadable, 0)
            XCTAssertEqual(batches, Array(repeating: 7, count: 10), "batches reported in order, each once")
            let notesCommits = try XCTUnwrap(Int(try repo.git(["rev-list", "--count", "refs/notes/axdiff"])
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            if jobs == 1 { XCTAssertEqual(notesCommits, 10) } else { XCTAssertTrue((1...10).contains(notesCommits), "\(notesCommits)") }
            _ = try repo.git(["fsck", "--strict"])
            logs.append(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
        }
        XCTAssertEqual(logs[0].components(separatedBy: "Axdiff-Errors:").count, 71)
        XCTAssertEqual(logs[0], logs[1])
    }

    /// Without stops in the analyses (a backfill), a run writes a batch per notes commit until
    /// it has written four, then a quarter of what it has written (`Annotator.writeUnit`):
    /// batches of 7 are written 7, 7, 7, 7, 7, 14 (a quarter of 35 is 8), 14 (of 49: 12) and
    /// the last 7 — the same notes as a commit per batch, in fewer notes commits.
    func testALongRunWritesGrowingGroupsOfBatches() throws {
        let reference = try annotatedOnOneThread()

        let (repo, repository) = try imported()
        let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: 1, keepsStops: false))
        XCTAssertEqual([0, 28, 35, 49, 63, 400].map(annotator.writeUnit(after:)), [7, 7, 8, 12, 15, 100])
        var written: [Int] = []
        var reported = 0
        let summary = try annotator.annotate(try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))) {
            reported += $0.count
            written.append(reported)
        }
        XCTAssertEqual(summary.notesWritten, 70)
        XCTAssertEqual(written, Array(stride(from: 7, through: 70, by: 7)), "every batch reported, in order")
        XCTAssertEqual(try repo.git(["rev-list", "--count", "refs/notes/axdiff"]), "8\n")
        XCTAssertEqual(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]),
                       try reference.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
        _ = try repo.git(["fsck", "--strict"])
    }

    /// Asked to stop while notes are being written and later batches are being analysed:
    /// the notes commit being written is finished (whole batches: the next one and any after
    /// it analysed already), nothing after it is written; a second run annotates the rest,
    /// and the notes are those of one thread.
    func testStoppingMidRunKeepsWholeBatchesAndResumes() throws {
        let reference = try annotatedOnOneThread()

        let (repo, repository) = try imported()
        let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: 3))
        let tips = try repository.references(matching: ["refs/heads/*"]).map(\.commit)
        var reported = 0
        let first = try annotator.annotate(try annotator.pending(tips: tips), shouldStop: { reported > 0 }) { reported += $0.count }
        XCTAssertEqual(first.notesWritten, reported)
        XCTAssertTrue(first.notesWritten >= 7 && first.notesWritten % 7 == 0, "whole batches, then stop: \(first.notesWritten)")
        let rest = try annotator.pending(tips: tips)
        XCTAssertEqual(rest.count, 70 - first.notesWritten)
        XCTAssertEqual(try annotator.annotate(rest).notesWritten, rest.count)
        _ = try repo.git(["fsck", "--strict"])
        XCTAssertEqual(try repo.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]),
                       try reference.git(["log", "--notes=axdiff", "--format=%H%n%N", "main"]))
    }

    /// A commit that cannot be analysed (here one that is not in the repository) gets no note
    /// and is named in the summary; every other commit, before and after it in its batch and
    /// in the batches after, is annotated — on one thread and on three.
    func testACommitThatCannotBeReadIsNamedAndTheOthersAreAnnotated() throws {
        for jobs in [1, 3] {
            let (_, repository) = try imported()
            let annotator = Annotator(repository: repository, options: .init(batchSize: 7, jobs: jobs))
            let pending = try annotator.pending(tips: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            let missing = try XCTUnwrap(ObjectID(hex: String(repeating: "ab", count: 20)))
            // The fifth batch (commits 28–34) holds the missing commit.
            let commits = Array(pending[..<30]) + [missing] + Array(pending[30...])
            var reported = 0
            let summary = try annotator.annotate(commits, perBatch: { reported += $0.count })
            XCTAssertEqual(summary.failures.map(\.commit), [missing], "jobs \(jobs)")
            XCTAssertTrue(summary.failures.first?.description.hasPrefix("commit \(missing.hex): ") == true,
                          "jobs \(jobs): \(String(describing: summary.failures.first))")
            XCTAssertEqual(reported, pending.count, "jobs \(jobs)")
            XCTAssertEqual(summary.notesWritten, pending.count, "jobs \(jobs)")
            XCTAssertEqual(try repository.annotatedCommits(), Set(pending), "jobs \(jobs)")
        }
    }

    /// The review site, built on one thread and on three: the same files, byte for byte.
    func testSiteBuiltOnSeveralThreadsIsTheSameBytes() throws {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: Self.history)
        var sites: [[String: Data]] = []
        for jobs in [1, 3] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-site-\(UUID().uuidString)")
            addTeardownBlock { try? FileManager.default.removeItem(at: out) }
            let repository = try Repository.open(path: repo.path)
            let commits = try repository.commits(from: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            let summary = try SiteBuilder(options: .init(directory: out.path, toolVersion: "axdiff test", jobs: jobs, batchSize: 9))
                .build(repository, commits: commits)
            XCTAssertEqual(summary.analysed, 70)
            XCTAssertEqual(summary.commits, 70)
            var files: [String: Data] = [:]
            let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: out.path))
            for case let name as String in walker where name.hasSuffix(".html") || name.hasSuffix(".json") {
                files[name] = try Data(contentsOf: out.appendingPathComponent(name))
            }
            sites.append(files)
        }
        XCTAssertEqual(sites[0].keys.filter { $0.hasPrefix("commits/") }.count, 70)
        XCTAssertEqual(sites[0].keys.sorted(), sites[1].keys.sorted())
        for (name, data) in sites[0] { XCTAssertEqual(data, sites[1][name], name) }
    }
}
