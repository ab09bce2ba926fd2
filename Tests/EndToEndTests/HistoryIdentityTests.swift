import Foundation
import XCTest

/// A real history nobody on the team wrote (`Config/examples/histories`: crates.io's
/// Playwright ARIA snapshots, 47 commits), backfilled, and its notes read against what
/// each commit's diff really did. No commit of it moves a stop in the reading order
/// (its re-orderings are re-nestings: the same lines under a new list); the commits
/// named below were read by hand.
final class HistoryIdentityTests: XCTestCase {
    static let histories = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/histories")

    /// Each note by its commit's subject.
    func backfilledNotes() throws -> [String: String] {
        let dir = try CLI.tempDir(self)
        let repo = dir.appendingPathComponent("crates.io")
        let clone = try CLI.run(["clone", "-q", Self.histories.appendingPathComponent("crates.io.bundle").path, repo.path],
                                executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(clone.code, 0, clone.err)
        let r = try CLI.run(["backfill", "--repo", repo.path, "--config", Self.histories.appendingPathComponent("crates.io.axdiff.json").path],
                            timeout: 600)
        XCTAssertEqual(r.code, 0, r.err)
        let log = try CLI.run(["-C", repo.path, "log", "--notes=axdiff", "--format=%x1e%s%x1f%N", "main"],
                              executable: URL(fileURLWithPath: "/usr/bin/git"))
        var notes: [String: String] = [:]
        for entry in log.out.split(separator: "\u{1E}") {
            let parts = entry.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            notes[String(parts[0]), default: ""] += String(parts[1])
        }
        return notes
    }

    /// How many changes of `kind` a note lists.
    func count(_ kind: String, in note: String?) -> Int {
        (note ?? "").split(separator: "\n").filter { $0.hasPrefix("  ") && $0.split(separator: " ").dropFirst().first == Substring(kind) }.count
    }

    func testNoStopMovesWhereNoCommitMovedOneAndEachChangeIsSaidOnceOfTheRightStop() throws {
        let notes = try backfilledNotes()
        XCTAssertEqual(notes.count, 47)
        for (subject, note) in notes {
            for kind in ["order.regressed", "order.changed", "order.improved"] {
                XCTAssertEqual(count(kind, in: note), 0, "\(subject): \(note)")
            }
        }
        // 33 links whose name was cut to the crate's name: 33 label changes, nothing moved, nothing lost.
        let names = notes["Restrict front-page `ListItem` accessible name to its title"]
        XCTAssertEqual(count("label.changed", in: names), 33, names ?? "")
        XCTAssertEqual(count("label.lost", in: names) + count("stop.added", in: names) + count("stop.removed", in: names), 0, names ?? "")
        // Stats folded into each crate's description once their icons were hidden: a merge per
        // crate row, and the icons' removal as the improvement it is — no text "removed".
        let folded = notes["CrateRow: Hide decorative stat icons and add download context"] ?? ""
        XCTAssertEqual(count("group.merged", in: folded), 32, folded)
        XCTAssertEqual(count("stop.removed", in: folded), 96)
        XCTAssertEqual(folded.components(separatedBy: "stop.removed  the decorative image").count - 1, 96, folded)
        XCTAssertEqual(count("label.changed", in: folded), 0)
        // The decorative `#` hidden from a keyword link: its name changed, it was not lost.
        let keyword = notes["CrateHeader: Hide keyword `#` from screen readers"]
        XCTAssertEqual(count("label.changed", in: keyword), 1, keyword ?? "")
        XCTAssertEqual(count("label.lost", in: keyword), 0)
    }
}
