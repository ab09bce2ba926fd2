import AXGit
import AXTestSupport
import Foundation
import XCTest

/// The notes tree's fan-out is git's: a level splits into `ab/cd/…` directories exactly when
/// git's notes.c would split it, checked by having git build the same notes tree itself.
final class NotesFanoutTests: XCTestCase {
    private let text = "the same note\n"

    /// Seeded ids, dense under a few prefixes so that some levels split (`ab`, `c7`, and
    /// `abcd` a level deeper) and others (`5e`, the rest) do not.
    private func ids(seed: UInt64) -> [ObjectID] {
        var rng = SeededGenerator(seed: seed)
        func id(prefix: String) -> ObjectID {
            let hex = prefix + (prefix.count..<40).map { _ in "0123456789abcdef".randomElement(using: &rng) ?? "0" }
            return ObjectID(hex: String(hex)) ?? .zero
        }
        var out: [ObjectID] = []
        out += (0..<600).map { _ in id(prefix: "") }
        out += (0..<200).map { _ in id(prefix: "ab") }
        out += (0..<160).map { _ in id(prefix: "abcd") }
        out += (0..<140).map { _ in id(prefix: "c7") }
        out += (0..<40).map { _ in id(prefix: "5e") }
        out.shuffle(using: &rng)
        return out
    }

    /// The tree git's own notes code writes for `ids` (`git notes copy --stdin` from one note).
    private func gitsTree(_ ids: [ObjectID], in fixture: GitFixture) throws -> String {
        let blob = try fixture.git(["hash-object", "-w", "--stdin"], input: text).trimmingCharacters(in: .whitespacesAndNewlines)
        let first = ids[0].hex
        try fixture.git(["notes", "--ref=git", "add", "-C", blob, first])
        try fixture.git(["notes", "--ref=git", "copy", "--stdin"], input: ids.dropFirst().map { "\(first) \($0.hex)\n" }.joined())
        return try fixture.git(["rev-parse", "refs/notes/git^{tree}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheTreeIsTheOneGitWritesInOneBatchAndInMany() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_SEED"] ?? "") ?? 21_2026
        var rng = SeededGenerator(seed: seed ^ 0xFA)
        let ids = ids(seed: seed)
        let fixture = try GitFixture(bare: true)
        let expected = try gitsTree(ids, in: fixture)
        let repository = try fixture.open()

        // Depths as git chose them: `ab` and `c7` split, `abcd` split again, `5e` not.
        let paths = try fixture.git(["ls-tree", "-r", "--name-only", "refs/notes/git"]).split(separator: "\n")
        XCTAssertEqual(paths.count, ids.count, "seed \(seed)")
        XCTAssertTrue(paths.filter { $0.hasPrefix("ab/cd/") }.allSatisfy { $0.split(separator: "/").count == 4 }, "seed \(seed)")
        XCTAssertTrue(paths.contains { $0.hasPrefix("c7/") && $0.split(separator: "/").count == 3 }, "seed \(seed)")
        XCTAssertTrue(paths.filter { $0.hasPrefix("5e/") }.allSatisfy { $0.split(separator: "/").count == 2 }, "seed \(seed)")
        XCTAssertGreaterThan(paths.filter { $0.split(separator: "/").count == 2 }.count, 500, "seed \(seed)")

        // One batch.
        let one = NotesWriter(repository: repository, notesRef: "refs/notes/one")
        try one.write(ids.map { Note(commit: $0, text: text) })
        XCTAssertEqual(try fixture.git(["rev-parse", "refs/notes/one^{tree}"]).trimmingCharacters(in: .whitespacesAndNewlines),
                       expected, "seed \(seed)")

        // Many batches of random sizes, each level split when the batch that fills it comes.
        let many = NotesWriter(repository: repository, notesRef: "refs/notes/many")
        var start = 0
        while start < ids.count {
            let end = min(ids.count, start + Int.random(in: 1...150, using: &rng))
            try many.write(ids[start..<end].map { Note(commit: $0, text: text) })
            start = end
        }
        XCTAssertEqual(try fixture.git(["rev-parse", "refs/notes/many^{tree}"]).trimmingCharacters(in: .whitespacesAndNewlines),
                       expected, "seed \(seed)")

        // git reads it, adds to it, and its tree is what axdiff writes for the same note.
        for id in ids.prefix(20) {
            XCTAssertEqual(try fixture.git(["notes", "--ref=many", "show", id.hex]), text, "seed \(seed)")
        }
        XCTAssertEqual(try repository.annotatedCommits(notesRef: "refs/notes/many"), Set(ids), "seed \(seed)")
        let extra = try XCTUnwrap(ObjectID(hex: "abcd" + String(repeating: "e", count: 36)))
        try fixture.git(["update-ref", "refs/notes/added", "refs/notes/many"])
        try fixture.git(["notes", "--ref=added", "add", "-m", "by git", extra.hex])
        try NotesWriter(repository: repository, notesRef: "refs/notes/many").write([Note(commit: extra, text: "by git\n")])
        XCTAssertEqual(try fixture.git(["rev-parse", "refs/notes/many^{tree}"]),
                       try fixture.git(["rev-parse", "refs/notes/added^{tree}"]), "seed \(seed)")
        XCTAssertEqual(try repository.note(for: extra, notesRef: "refs/notes/added"), "by git\n")
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    /// Below git's threshold nothing is split further: a level of 40 notes stays `ab/…`.
    func testASparseLevelStaysOneDeep() throws {
        let fixture = try GitFixture(bare: true)
        let repository = try fixture.open()
        var rng = SeededGenerator(seed: 7)
        let ids = (0..<40).map { _ in
            ObjectID(hex: "ab" + String((0..<38).map { _ in "0123456789abcdef".randomElement(using: &rng) ?? "0" })) ?? .zero
        }
        try NotesWriter(repository: repository).write(ids.map { Note(commit: $0, text: text) })
        let paths = try fixture.git(["ls-tree", "-r", "--name-only", "refs/notes/axdiff"]).split(separator: "\n")
        XCTAssertEqual(paths.count, 40)
        XCTAssertTrue(paths.allSatisfy { $0.count == 41 && $0.hasPrefix("ab/") })
    }
}
