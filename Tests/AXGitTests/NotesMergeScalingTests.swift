@testable import AXGit
import AXTestSupport
import Foundation
import XCTest

/// `Repository.mergeNotes`: the two refs share n notes and differ by a few on each side; the
/// merge costs the difference, as much at 8n (`Scaling`, constant).
final class NotesMergeScalingTests: XCTestCase {
    static let seed: UInt64 = 0x3E76E

    func testAMergeCostsTheDifferenceNotTheNotes() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var rng = SeededGenerator(seed: Self.seed)
        func id(_ first: UInt8) -> ObjectID { ObjectID.seeded(&rng, firstByte: first) }
        var cases: [Int: (Repository, local: ObjectID)] = [:]
        var fixtures: [GitFixture] = []
        for n in [2_000, 16_000] {
            let git = try GitFixture(bare: true)
            let repository = try git.open()
            try NotesWriter(repository: repository).write((0..<n).map { Note(commit: id(UInt8($0 % 254)), text: "shared \($0)\n") })
            let shared = try XCTUnwrap(repository.referenceTarget(Repository.defaultNotesRef))
            try git.git(["update-ref", "refs/notes/other", shared.hex])
            try NotesWriter(repository: repository, notesRef: "refs/notes/other").write((0..<5).map { Note(commit: id(0xff), text: "theirs \($0)\n") })
            try NotesWriter(repository: repository).write((0..<5).map { Note(commit: id(0xfe), text: "ours \($0)\n") })
            let local = try XCTUnwrap(repository.referenceTarget(Repository.defaultNotesRef))
            let merged = try repository.mergeNotes(from: "refs/notes/other")
            XCTAssertEqual(merged.kind, .merged)
            XCTAssertEqual(merged.added.count, 5, "the other side's five notes, seed \(Self.seed)")
            XCTAssertEqual(try git.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n").count, n + 10)
            fixtures.append(git)
            cases[n] = (repository, local)
        }
        XCTAssertNil(Scaling.check("Repository.mergeNotes of refs sharing n notes", .constant, n: 2_000, seed: Self.seed) { n in
            guard let (repository, local) = cases[n] else { return {} }
            return {
                // Back to the local tip before each merge, so that every run merges.
                guard let tip = try? repository.referenceTarget(Repository.defaultNotesRef),
                      (try? repository.compareAndSwap(reference: Repository.defaultNotesRef, to: local, expected: tip, logMessage: "test")) != nil else { return }
                _ = try? repository.mergeNotes(from: "refs/notes/other")
            }
        })
        for git in fixtures { XCTAssertNoThrow(try git.git(["fsck", "--strict", "--no-progress"])) }
    }
}
