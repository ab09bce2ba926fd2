@testable import AXGit
import AXTestSupport
import Foundation
import XCTest

/// `NotesWriter.write` and `NotesTreeBuilder`'s levels: a batch costs the directories it
/// touches, not the notes outside them. The notes ref holds n notes in the fan-out
/// directories `00`…`fe`; each batch writes into `ff`, which holds the same few notes at
/// n and at 8n (`Scaling`, constant).
final class NotesWriteScalingTests: XCTestCase {
    static let seed: UInt64 = 0x0E7E5

    private func id(firstByte: UInt8, _ rng: inout SeededGenerator) -> ObjectID {
        ObjectID.seeded(&rng, firstByte: firstByte)
    }

    func testABatchCostsTheDirectoriesItTouches() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var rng = SeededGenerator(seed: Self.seed)
        var writers: [Int: NotesWriter] = [:]
        var fixtures: [GitFixture] = []
        for n in [2_000, 16_000] {
            let git = try GitFixture(bare: true)
            let writer = NotesWriter(repository: try git.open())
            let outside = (0..<n).map { Note(commit: id(firstByte: UInt8($0 % 255), &rng), text: "note \($0)\n") }
            let inside = (0..<10).map { Note(commit: id(firstByte: 0xff, &rng), text: "ff note \($0)\n") }
            try writer.write(outside + inside)
            let listed = try git.git(["notes", "--ref=axdiff", "list"]).split(separator: "\n").count
            XCTAssertEqual(listed, n + 10, "seed \(Self.seed)")
            fixtures.append(git)
            writers[n] = writer
        }
        var written = 0
        XCTAssertNil(Scaling.check("NotesWriter.write of 5 notes into one directory beside n notes", .constant, n: 2_000, seed: Self.seed) { n in
            guard let writer = writers[n] else { return {} }
            return {
                let batch = (0..<5).map { _ in Note(commit: self.id(firstByte: 0xff, &rng), text: "batch note\n") }
                if (try? writer.write(batch)) != nil { written += 1 }
            }
        })
        XCTAssertGreaterThan(written, 0)
        for git in fixtures {
            XCTAssertNoThrow(try git.git(["fsck", "--strict", "--no-progress"]))
        }
    }
}
