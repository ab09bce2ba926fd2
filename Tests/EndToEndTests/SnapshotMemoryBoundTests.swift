import Foundation
import XCTest
import AXTestSupport

/// One snapshot with more elements than `maxSnapshotElements` is noted as unreadable,
/// naming the limit, without being built; the commits after it are annotated as usual.
/// (Before, 15 MB of empty elements, inside the byte limit, took about 1.9 GB, and a
/// watcher capped below that aborted on every run, leaving every later commit without a note.)
final class SnapshotMemoryBoundTests: XCTestCase {
    func emptyElements(_ n: Int) -> String {
        "{\"axsnapshot\": 1, \"screen\": \"Big\", \"elements\": [" + Array(repeating: "{}", count: n).joined(separator: ",") + "]}\n"
    }

    func assertUnreadable(_ note: String?, limit: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard let note else { return XCTFail("no note", file: file, line: line) }
        let lines = note.split(separator: "\n").filter { $0.contains("snapshot.unreadable") }
        XCTAssertEqual(lines.count, 1, note, file: file, line: line)
        XCTAssertTrue(lines.first?.contains("Snapshots/Big.json: more than the \(limit)-element limit (maxSnapshotElements)") == true,
                      note, file: file, line: line)
        XCTAssertTrue(note.contains("Axdiff-Errors: 1"), note, file: file, line: line)
    }

    func testTooManyElementsAtTheDefaultLimitIsUnreadableAndTheNextCommitIsNoted() throws {
        let repo = try GitFixture(self)
        try repo.commit("Add", ["Snapshots/Checkout.json": screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again")])])
        let big = try repo.commit("Big", ["Snapshots/Big.json": emptyElements(250_001)])
        let next = try repo.commit("Next", ["Snapshots/Checkout.json": screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed")])])
        let r = try CLI.run(["backfill", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("annotated 3 commits") && r.out.contains("1 unreadable snapshot"), r.out)
        assertUnreadable(repo.note(big), limit: 250_000)
        let after = try XCTUnwrap(repo.note(next))
        XCTAssertEqual(after.split(separator: "\n").filter { $0.contains("order.regressed") }.count, 1, after)
    }

    func testTheLimitFromTheCommittedConfigurationAppliesToTheWatcher() throws {
        let repo = try GitFixture(self)
        try repo.commit("Config", [".axdiff.json": #"{"maxSnapshotElements": 3}"#])
        let small = try repo.commit("Small", ["Snapshots/Big.json": emptyElements(3)])
        let big = try repo.commit("Big", ["Snapshots/Big.json": emptyElements(4)])
        let next = try repo.commit("Next", ["Snapshots/Checkout.json": screenJSON("Checkout", [("button", "Pay")])])
        let r = try CLI.run(["watch", "--once", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertFalse(try XCTUnwrap(repo.note(small)).contains("snapshot.unreadable"))
        assertUnreadable(repo.note(big), limit: 3)
        XCTAssertTrue(try XCTUnwrap(repo.note(next)).contains("screen.added"))
        // `diff` and `speak` on files name the same limit, exit 2.
        let file = repo.url.appendingPathComponent("Snapshots/Big.json").path
        let speak = try CLI.run(["speak", file, "--config", repo.url.appendingPathComponent(".axdiff.json").path])
        XCTAssertEqual(speak.code, 2)
        XCTAssertTrue(speak.err.contains("more than the 3-element limit (maxSnapshotElements)"), speak.err)
    }
}
